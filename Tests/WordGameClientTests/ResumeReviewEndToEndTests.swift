import Foundation
import Testing
import WordGameTestSupport
import WordGamePOSIX
@testable import WordGameClient
import WordGame
import WordGameProtocol
import WordGameServer

/// The game's state through a real drop: the real server on 127.0.0.1, the
/// client's link through a relay that goes down for a few pairs. The player
/// goes out while away; the end dialog still lists every pair and says so.
@Suite struct ResumeReviewEndToEndTests {
    static let words = try! WordList(entries: (1...12).map { WordEntry(english: "e\($0)", spanish: "s\($0)") })

    /// A player who answers each pair rightly a second after it arrives: the
    /// pairs last that long, and they never go out (which would end the game).
    final class SlowPlayer {
        let connection: ServerConnection
        var due: (round: Int, answer: Answer, at: Instant)?

        init(_ connection: ServerConnection) { self.connection = connection }

        func turn() {
            for case .round(let round) in connection.readAvailable() {
                let right = ResumeReviewEndToEndTests.words.isCorrect(english: round.english, spanish: round.spanish)
                due = (round.number, right ? .correct : .wrong, Instant.now().adding(milliseconds: 1_000))
            }
            if let answer = due, Instant.now() >= answer.at {
                connection.send(.answer(round: answer.round, answer.answer))
                due = nil
            }
        }
    }

    /// The loop's turns until `done`, Bo playing meanwhile.
    func pump(_ link: ServerLink, _ state: inout ClientState, bo: SlowPlayer, timeout: Double = 8, until done: (ClientState) -> Bool) {
        ResumeEndToEndTests.pump(link, &state, timeout: timeout, eachTurn: bo.turn, until: done)
    }

    @Test func afterGoingOutWhileAwayTheEndDialogListsEveryPair() async throws {
        try await onOwnThread {
            let settings = GameSettings(words: Self.words, rules: Rules(roundMilliseconds: 1_500, pairCount: 10), seed: 5,
                                        startDelayMilliseconds: 0, resumeGraceMilliseconds: 20_000)
            let server = try Server(configuration: ServerConfiguration(bindAddress: "127.0.0.1", port: 0, game: settings))
            server.start()
            defer { server.stop(); server.waitUntilStopped() }
            // Bo hosts room main.
            let host = try ServerConnection(host: "127.0.0.1", port: server.port)
            _ = try JoinRoom.join(host, name: "Bo", room: "main", askAgain: nil)
            let bo = SlowPlayer(host)
            let relay = TCPProxy(to: server.port)
            defer { relay.finish() }
            let connection = try ServerConnection(host: "127.0.0.1", port: relay.port)
            var state = ClientState(name: try JoinRoom.join(connection, name: "Ana", room: "main", askAgain: nil))
            let link = ServerLink(connection)
            pump(link, &state, bo: bo) { $0.resumableSeat != nil && $0.me == .lobby }
            host.send(.start)
            // Pair 1 answered rightly, pair 2 wrongly.
            for number in 1...2 {
                pump(link, &state, bo: bo) { $0.round?.number == number }
                guard let round = state.round else { Issue.record("no pair \(number)"); return }
                let right = Self.words.isCorrect(english: round.english, spanish: round.spanish)
                Thread.sleep(forTimeInterval: readingFloorPassed)
                state.press(.character(right == (number == 1) ? "y" : "n"), at: .now()).forEach(link.send)
                pump(link, &state, bo: bo) { $0.history.last?.verdict != nil && $0.history.last?.reveal.number == number }
            }
            pump(link, &state, bo: bo) { $0.round?.number == 3 }
            // Down from pair 3 to pair 7 or so (the reconnect's backoff is at 2 s by then):
            // pairs 3 and 4 time out, a third wrong attempt, so Ana is out before she is back.
            relay.setDown(true)
            pump(link, &state, bo: bo, timeout: 4.5) { _ in false }
            relay.setDown(false)
            pump(link, &state, bo: bo, timeout: 12) { $0.final != nil }
            #expect(state.final?.wrong == 3 && state.final?.correct == 1)
            #expect(relay.connections >= 2)
            let numbers = state.reviewEntries.map(\.number)
            #expect(numbers == Array(1...10), "\(numbers)")
            #expect(state.reviewEntries.prefix(2).map { $0.record?.verdict } == [.right, .wrong])
            let text = Renderer.frame(state, columns: 110, rows: 24, now: .now()).rows.joined(separator: "\n")
            #expect(text.contains("Out after 3 wrong attempts"), "\(text)")
            #expect(!text.contains("pairs played") && !text.contains("pair played"), "\(text)")
        }
    }
}
