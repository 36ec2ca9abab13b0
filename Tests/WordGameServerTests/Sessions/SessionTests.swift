import Testing
import WordGame
import WordGameProtocol
@testable import WordGameServer

/// A session's own part of running a line, apart from the hub's: MODE, bad
/// lines, and the lines that wait while a command asks the directory.
@Suite struct SessionTests {
    private let hub = HubWorld()

    @Test func modeIsConfirmedInTheNewModeAfterWhatWasHeldInTheOld() throws {
        let session = Session(mode: .human)
        let client = hub.connect(mode: .human)
        _ = session.human.deliver(HumanBatch([.answerTaken(round: 1, .correct)], context: HumanText.Context(openRooms: true)),
                                  tag: nil, render: { HumanBatch($0, context: HumanText.Context(openRooms: true)) })
        #expect(session.human.isHolding, "a verdict reads with what follows, so it is held")
        let reply = session.run(.line("MODE MACHINE"), as: client.player, in: hub.hub, at: hub.now, maxLineBytes: 512)
        guard case .lines(let bytes) = reply else {
            Issue.record("MODE gave \(reply)")
            return
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.last == LineMode.machine.confirmation)
        #expect(lines.first?.contains("pair 1") == true, "the held sentence goes first: \(lines)")
        #expect(session.mode == .machine && !session.human.isHolding)
    }

    @Test func aBadLineIsAnErrorForTheConnectionAloneAndABlankLineIsNothing() {
        let session = Session(mode: .machine)
        let client = hub.connect()
        #expect(session.run(.tooLong, as: client.player, in: hub.hub, at: hub.now, maxLineBytes: 512)
                == .message(.error(ProtocolError(.lineTooLong, TransportTexts.lineTooLong(maxLineBytes: 512)))))
        #expect(session.run(.invalidUTF8, as: client.player, in: hub.hub, at: hub.now, maxLineBytes: 512)
                == .message(.error(ProtocolError(.badUTF8, TransportTexts.badUTF8))))
        #expect(session.run(.line(" \t "), as: client.player, in: hub.hub, at: hub.now, maxLineBytes: 512) == .nothing)
    }

    @Test func linesWhileACommandWaitsForTheDirectoryRunAfterItInOrder() {
        let session = Session(mode: .machine)
        let client = hub.connect()
        _ = hub.take(client)  // the greeting
        session.awaitDirectory(true)
        #expect(session.run(.line("NAME Ana"), as: client.player, in: hub.hub, at: hub.now, maxLineBytes: 512) == .nothing)
        session.queue([.line("JOIN"), .line("PING")][...])
        #expect(session.hasWaitingLines)
        session.awaitDirectory(false)
        #expect(session.takeWaitingLine() == .line("NAME Ana"))
        #expect(session.takeWaitingLines() == [.line("JOIN"), .line("PING")])
        #expect(!session.hasWaitingLines)
        hub.expectNothingUnread()  // nothing reached the hub while it waited
    }
}

/// Who speaks for each seat, and RESUME's rebinding.
@Suite struct SeatTableTests {
    final class Speaker: SpeaksForASeat {
        var player: PlayerID
        init(_ number: Int) { player = PlayerID(number) }
    }

    @Test func resumeHandsTheSeatToTheNewcomerAndAFrozenHolderToAFreshSeat() {
        var table = SeatTable<Speaker>()
        let frozen = Speaker(1), newcomer = Speaker(2)
        table.add(frozen)
        table.add(newcomer)
        table.rebind(PlayerID(1), to: PlayerID(2), fresh: { PlayerID(99) })
        #expect(table[PlayerID(1)] === newcomer && newcomer.player == PlayerID(1))
        #expect(table[PlayerID(99)] === frozen && frozen.player == PlayerID(99))
        #expect(table[PlayerID(2)] == nil)
        table.remove(frozen)
        #expect(table[PlayerID(99)] == nil && table[PlayerID(1)] === newcomer)
    }

    @Test func removingOneThatNoLongerSpeaksForItsSeatLeavesTheSeatAlone() {
        var table = SeatTable<Speaker>()
        let first = Speaker(1)
        table.add(first)
        let second = Speaker(1)  // took the seat since (the table holds the newest)
        table.add(second)
        table.remove(first)
        #expect(table[PlayerID(1)] === second)
    }
}

/// The hub's commands waiting for the directory.
@Suite struct DirectoryWaitsTests {
    @Test func answersFindTheirWaitOnceAndRetriesComeSoonestFirstInOrderOfAsking() {
        var waits = DirectoryWaits()
        let first = waits.newTicket(), second = waits.newTicket()
        #expect(first != second)
        waits.asked(DirectoryWait(player: PlayerID(1), request: .watch(room: "abcd")), ticket: first)
        #expect(waits.answered(ticket: first)?.player == PlayerID(1))
        #expect(waits.answered(ticket: first) == nil, "an answer is taken once")
        #expect(waits.answered(ticket: second) == nil)

        let host = DirectoryWait(player: PlayerID(2), request: .host(code: "WXYZ", tries: 0))
        let join = DirectoryWait(player: PlayerID(3), request: .join(room: "abcd", creating: false))
        let again = DirectoryWait(player: PlayerID(4), request: .join(room: "efgh", creating: false))
        waits.retry(host, at: .milliseconds(5_000))
        waits.retry(join, at: .milliseconds(1_000))
        waits.retry(again, at: .milliseconds(1_000))
        #expect(waits.nextRetry == .milliseconds(1_000))
        #expect(waits.dueRetry(at: .milliseconds(999)) == nil)
        #expect(waits.dueRetry(at: .milliseconds(1_000))?.player == PlayerID(3))
        #expect(waits.dueRetry(at: .milliseconds(1_000))?.player == PlayerID(4))
        #expect(waits.dueRetry(at: .milliseconds(4_999)) == nil)
        #expect(waits.dueRetry(at: .milliseconds(9_000))?.player == PlayerID(2))
        #expect(waits.nextRetry == nil)
    }
}
