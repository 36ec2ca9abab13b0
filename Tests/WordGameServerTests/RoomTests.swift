import Testing
import WordGame
import WordGameProtocol
@testable import WordGameServer

/// Records what rooms say, by recipient. Pure: no sockets, no clock.
final class RecordingOutbox: Outbox {
    var received: [ConnectionID: [ServerMessage]] = [:]
    var tracked: [(tag: Int, to: ConnectionID)] = []
    var deliveries = 0

    func send(_ message: ServerMessage, to connection: ConnectionID) {
        received[connection, default: []].append(message)
        deliveries += 1
    }

    func send<C: Collection>(_ messages: [ServerMessage], to connections: C) where C.Element == ConnectionID {
        for id in connections { for message in messages { send(message, to: id) } }
    }

    func sendTracked<C: Collection>(_ message: ServerMessage, tag: Int, to connections: C) where C.Element == ConnectionID {
        for id in connections {
            send(message, to: id)
            tracked.append((tag, id))
        }
    }

    var closed: [ConnectionID] = []
    var adoptions: [(held: ConnectionID, newcomer: ConnectionID)] = []

    func closeAfterFlush(_ connection: ConnectionID) { closed.append(connection) }

    /// Later lines to `held` are what the newcomer's connection gets.
    func adopt(_ held: ConnectionID, by newcomer: ConnectionID) { adoptions.append((held, newcomer)) }

    func holdInput(fromAddressOf connection: ConnectionID, milliseconds: Int) {}

    var modes: [ConnectionID: LineMode] = [:]

    func setMode(_ mode: LineMode, for connection: ConnectionID) { modes[connection] = mode }

    func count(_ id: ConnectionID, where matches: (ServerMessage) -> Bool) -> Int {
        received[id, default: []].filter(matches).count
    }
}

extension Hub {
    /// A hub with a made-up world: tags count up, the wall clock stands still,
    /// codes come from a fixed seed, and finished games go to `games`.
    static func forTesting(outbox: Outbox, settings: GameSettings, log: @escaping (String) -> Void = { _ in },
                           games: @escaping (GameRecord) -> Void = { _ in }) -> Hub {
        var tags = 0
        var generator = SeededGenerator(seed: 9)
        let environment = RoomEnvironment(outbox: outbox, nextTag: { tags += 1; return tags }, wallClock: { 1_763_900_000 },
                                          log: log, gameEnded: games)
        return Hub(settings: settings, environment: environment, maxLineBytes: 512, random: { generator.next() })
    }
}

@Suite struct RoomTests {
    func t(_ ms: Int64) -> Instant { .milliseconds(ms) }

    func hub(_ outbox: RecordingOutbox, rules: Rules = .original) -> Hub {
        Hub.forTesting(outbox: outbox, settings: GameSettings(words: TestServer.defaultWords, rules: rules, seed: 1, startDelayMilliseconds: 0))
    }

    func join(_ hub: Hub, _ id: ConnectionID, at now: Instant) {
        hub.connected(id)
        hub.received(.line("NAME p\(id)"), from: id, at: now)
        hub.received(.line("JOIN"), from: id, at: now)
    }

    static func isRoom(_ message: ServerMessage) -> Bool { if case .room = message { true } else { false } }

    @Test func a1000PlayerJoinBurstIsCoalesced() {
        let outbox = RecordingOutbox()
        let hub = hub(outbox)
        for id in 1...1_000 { join(hub, id, at: t(Int64(id) / 10)) }  // 1,000 joins within 100 ms
        hub.tick(at: t(1_000))
        let roomLines = outbox.received.values.reduce(0) { $0 + $1.filter(Self.isRoom).count }
        // Each joiner's own ROOM line, plus a few room-wide updates: never 1,000 x 1,000 / 2.
        #expect(roomLines < 4_000, "\(roomLines) ROOM lines")
        // Everyone ends up with the true count.
        guard case .room(let last)? = outbox.received[1]?.last(where: Self.isRoom) else { Issue.record("no ROOM"); return }
        #expect(last.members == 1_000)
        // MEMBERS names at most 12, the host first.
        guard case .members(let total, let names)? = outbox.received[1]?.last(where: { if case .members = $0 { true } else { false } }) else {
            Issue.record("no MEMBERS"); return
        }
        #expect(total == 1_000 && names.count == 12 && names.first == "p1")
        // No message lists every player: the biggest line stays small.
        #expect(outbox.received.values.joined().map(\.line.utf8.count).max()! < 300)
    }

    /// MEMBERS keeps its names between joins once it is full; a departure
    /// or a new host is seen by the next one sent.
    @Test func theMembersLineFollowsDeparturesAndTheHost() {
        let outbox = RecordingOutbox()
        let hub = hub(outbox)
        func membersSentTo(_ id: Int) -> (total: Int, names: [String])? {
            guard case .members(let total, let names)? = outbox.received[id]?.last(where: { if case .members = $0 { true } else { false } }) else { return nil }
            return (total, names)
        }
        for id in 1...20 { join(hub, id, at: t(0)) }
        #expect(membersSentTo(20)?.names == (1...12).map { "p\($0)" })
        #expect(membersSentTo(20)?.total == 20)
        hub.disconnected(3, at: t(1), why: .left)
        join(hub, 21, at: t(2))
        #expect(membersSentTo(21)?.names == ([1, 2] + Array(4...13)).map { "p\($0)" })
        #expect(membersSentTo(21)?.total == 20)
        hub.disconnected(1, at: t(3), why: .left)  // the host: p2 takes over
        join(hub, 22, at: t(4))
        #expect(membersSentTo(22)?.names == ([2] + Array(4...14)).map { "p\($0)" })
        join(hub, 23, at: t(5))
        #expect(membersSentTo(23)?.names == membersSentTo(22)?.names)
        #expect(membersSentTo(23)?.total == 21)
    }

    @Test func hostsLeavingInJoinOrderHandTheRoomOnCheaply() {
        let outbox = RecordingOutbox()
        let hub = hub(outbox)
        for id in 1...20_000 { join(hub, id, at: t(0)) }
        // Everyone leaves in join order: each departure is the host's. A scan for the
        // next host would make this 200 million steps; the join order makes it linear.
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for id in 1...19_990 { hub.disconnected(id, at: t(1), why: .left) }
        }
        hub.tick(at: t(10_000))
        guard case .room(let info)? = outbox.received[19_995]?.last(where: Self.isRoom) else { Issue.record("no ROOM"); return }
        #expect(info.host == "p19991" && info.members == 10)
        guard case .members(_, let names)? = outbox.received[19_995]?.last(where: { if case .members = $0 { true } else { false } }) else { return }
        #expect(names == (19_991...20_000).map { "p\($0)" })
        print("20,000 members leaving in join order: \(elapsed)")
    }

    @Test func aSoloRoundTimesOutOnTheInjectedClock() {
        let outbox = RecordingOutbox()
        let hub = hub(outbox, rules: Rules(roundMilliseconds: 5_000))
        join(hub, 1, at: t(0))
        hub.received(.line("START"), from: 1, at: t(0))
        let tag = outbox.tracked.last!.tag
        hub.delivered(1, tag: tag, Delivery(at: t(20)))  // the line reached the socket 20 ms later
        #expect(hub.nextWakeup == t(250))  // first, the coalesced ROOM update (state PLAYING)
        hub.tick(at: t(250))
        #expect(hub.nextWakeup == t(5_020))
        hub.tick(at: t(5_019))
        #expect(outbox.count(1) { if case .result = $0 { true } else { false } } == 0)
        hub.tick(at: t(5_020))
        let results = outbox.received[1]!.compactMap { if case .result(let r) = $0 { r } else { nil } }
        #expect(results.map(\.verdict) == [.timeout])
        #expect(outbox.count(1) { if case .round = $0 { true } else { false } } == 2)  // the next pair followed at once
    }

    @Test func anAnswerPastYourOwnDeadlineIsTooLateWhileOthersStillHaveTime() {
        let outbox = RecordingOutbox()
        let hub = hub(outbox, rules: Rules(roundMilliseconds: 1_000))
        join(hub, 1, at: t(0)); join(hub, 2, at: t(0))
        hub.received(.line("START"), from: 1, at: t(0))
        let tag = outbox.tracked.last!.tag
        hub.delivered(1, tag: tag, Delivery(at: t(0)))    // Ana's time runs to 1000
        hub.delivered(2, tag: tag, Delivery(at: t(400)))  // Bo was served later: his runs to 1400
        hub.received(.line("ANSWER 1 y"), from: 1, at: t(1_100))
        let errors = outbox.received[1]!.compactMap { if case .error(let e) = $0 { e.code } else { nil } }
        #expect(errors == [.tooLate])
        hub.received(.line("y"), from: 2, at: t(1_200))
        #expect(outbox.received[2]?.contains(.answerTaken(round: 1, .correct)) == true)
        let verdicts = outbox.received[1]!.compactMap { if case .result(let r) = $0 { r.verdict } else { nil } }
        #expect(verdicts == [.timeout])  // both have answered: the round closed at once
    }

    @Test func progressIsCoalescedAndNeverRevealsTheTruth() {
        let outbox = RecordingOutbox()
        let hub = hub(outbox, rules: Rules(roundMilliseconds: 5_000))
        for id in 1...50 { join(hub, id, at: t(0)) }
        hub.received(.line("START"), from: 1, at: t(0))
        for id in 1...49 { hub.received(.line("y"), from: id, at: t(Int64(id))) }  // 49 answers within 50 ms
        hub.tick(at: t(300))
        let progress = outbox.received[50]!.compactMap { if case .progress(_, let answered, _) = $0 { answered } else { nil } }
        #expect(progress.count <= 3, "\(progress)")
        #expect(progress.last == 49)
        #expect(outbox.count(50) { if case .reveal = $0 { true } else { false } } == 0)
        hub.received(.line("n"), from: 50, at: t(400))
        #expect(outbox.count(1) { if case .reveal = $0 { true } else { false } } == 1)
    }

    @Test func leaderboardHasTenRowsWhateverTheRoomSize() {
        let outbox = RecordingOutbox()
        let hub = hub(outbox)
        for id in 1...200 { join(hub, id, at: t(0)) }
        hub.received(.line("START"), from: 1, at: t(0))
        for id in 1...200 { hub.received(.line(id % 2 == 0 ? "y" : "n"), from: id, at: t(Int64(id))) }
        #expect(outbox.count(7) { if case .top = $0 { true } else { false } } == 10)
        let ranks = outbox.received[7]!.compactMap { if case .result(let r) = $0 { r.ranked } else { nil } }
        #expect(ranks == [200])
    }
}
