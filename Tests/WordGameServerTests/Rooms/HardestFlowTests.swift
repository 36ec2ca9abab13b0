import Testing
import WordGame
import WordGameProtocol
@testable import WordGameServer

/// The table of a game's hardest pairs (Protocol.md §5, HARDEST) and a game of the words the class missed
/// (§4, START MISSED), through the pure hub with a made-up clock.
@Suite struct HardestFlowTests {
    static let rules = Rules(roundMilliseconds: 2_000, pairCount: 3)

    /// A hosted room with `names` in it; the host's and the players' lines left unread.
    static func classroom(_ world: HubWorld, _ names: [String]) throws -> (host: HubWorld.Client, room: String, key: String,
                                                                            players: [HubWorld.Client]) {
        let host = world.connect()
        world.type("NAME Ms Lee", from: host)
        world.type("HOST", from: host)
        let hosted = host.unread.lazy.compactMap { line -> (String, String)? in
            if case .hosted(let room, let key)? = try? ServerMessage(line: line) { (room, key) } else { nil }
        }.first
        let (room, key) = try #require(hosted)
        let players = names.map { world.player($0, room: room) }
        _ = world.take(host)
        return (host, room, key, players)
    }

    /// Plays the game on to its end: on each pair, each player answers rightly (true), wrongly (false) or lets
    /// it time out (nil), as `plan` says for them; the pairs the clients were sent, in order.
    @discardableResult
    static func play(_ world: HubWorld, _ plan: [(HubWorld.Client, [Bool?])], roundMilliseconds: Int = 2_000) -> [RoundInfo] {
        var dealt: [RoundInfo] = []
        let pairs = plan.map(\.1.count).max() ?? 0
        for index in 0..<pairs {
            world.deliverTracked()
            world.advance(by: 100)
            if let round = world.lastRound(of: plan[0].0) { dealt.append(round) }
            var everyoneAnswered = true
            for (client, answers) in plan {
                guard let rightly = answers[index] else { everyoneAnswered = false; continue }
                world.answer(from: client, rightly: rightly)
            }
            if !everyoneAnswered { world.advance(by: roundMilliseconds) }
        }
        return dealt
    }

    static func hardestLines(_ lines: [String]) -> [String] {
        lines.filter { $0.hasPrefix("HARDEST ") || $0 == "END HARDEST" }
    }

    @Test func theHostAndViewersGetTheTableAfterTheRankingAndPlayersDoNot() throws {
        let world = HubWorld(rules: Self.rules)
        let (host, room, _, players) = try Self.classroom(world, ["Ana", "Bo", "Cy"])
        let viewer = world.connect()
        world.type("WATCH \(room)", from: viewer)
        _ = world.take(viewer)
        world.type("START", from: host)
        let dealt = Self.play(world, [(players[0], [true, false, true]), (players[1], [false, false, true]),
                                      (players[2], [true, nil, true])])
        let end = world.take(host)
        let ranking = try #require(end.firstIndex(of: "END RANKING"))
        let (first, second, third) = (dealt[0], dealt[1], dealt[2])
        func row(_ rank: Int, _ round: RoundInfo, _ right: Int, _ wrong: Int, _ timeout: Int) -> String {
            let truth = TestServer.defaultWords.isCorrect(english: round.english, spanish: round.spanish)
            let translation = truth ? round.spanish : TestServer.defaultWords.translations(of: round.english)[0]
            return "HARDEST \(rank) \(round.number) \"\(round.english)\" \"\(round.spanish)\" \(truth ? "CORRECT" : "WRONG") "
                + "\"\(translation)\" \(right) \(wrong) \(timeout)"
        }
        // Pair 2: all three missed it, one by letting it time out; pair 1: one of three; pair 3: nobody.
        let table = [row(1, second, 0, 2, 1), row(2, first, 2, 1, 0), row(3, third, 3, 0, 0), "END HARDEST"]
        #expect(Array(end[(ranking + 1)...].prefix(4)) == table)
        #expect(end[ranking + 5].hasPrefix("INFO \"Game over."))
        #expect(Self.hardestLines(world.take(viewer)) == table)
        for player in players { #expect(Self.hardestLines(world.take(player)).isEmpty) }
    }

    @Test func aHostOrViewerArrivingBetweenGamesGetsTheLastGamesTableAndNotDuringOne() throws {
        let world = HubWorld(rules: Self.rules)
        let (host, room, key, players) = try Self.classroom(world, ["Ana"])
        // Before the first game there is no table.
        let early = world.connect()
        world.type("WATCH \(room)", from: early)
        #expect(Self.hardestLines(world.take(early)).isEmpty)
        world.type("START", from: host)
        Self.play(world, [(players[0], [false, true, nil])])
        let table = Self.hardestLines(world.take(host))
        #expect(table.count == 4)
        // A projector refreshed after the game: the table comes after the roster, and nothing after it.
        let late = world.connect()
        world.type("WATCH \(room)", from: late)
        let lines = world.take(late)
        let roster = try #require(lines.firstIndex(of: "END ROSTER"))
        #expect(Array(lines[(roster + 1)...]) == table)
        // The host taking the room back with the key gets it too.
        world.drop(host)
        let back = world.connect()
        world.type("HOST \(room) \(key)", from: back)
        #expect(Self.hardestLines(world.take(back)) == table)
        // During the next game, an arrival gets the game under way, not the last game's table.
        world.type("START", from: back)
        world.deliverTracked()
        let during = world.connect()
        world.type("WATCH \(room)", from: during)
        #expect(Self.hardestLines(world.take(during)).isEmpty)
    }

    @Test func aGameStoppedBeforeAnyPairClosedHasAnEmptyTable() throws {
        let world = HubWorld(rules: Self.rules)
        let (host, _, _, _) = try Self.classroom(world, ["Ana"])
        world.type("START", from: host)
        world.type("STOP", from: host)
        let lines = world.take(host)
        let ranking = try #require(lines.firstIndex(of: "END RANKING"))
        #expect(lines[ranking + 1] == "END HARDEST")
    }

    @Test func theTableListsTheHundredHardestOfALongerGame() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 1_000, maxIncorrect: Rules.neverOut, pairCount: 130))
        let (host, _, _, players) = try Self.classroom(world, ["Ana"])
        world.type("START", from: host)
        // Right on the even pairs, wrong on the odd ones.
        Self.play(world, [(players[0], (1...130).map { $0 % 2 == 0 })], roundMilliseconds: 1_000)
        let table = Self.hardestLines(world.take(host))
        #expect(table.count == hardestListed + 1 && table.last == "END HARDEST")
        let rows = table.dropLast().compactMap { line -> HardestPair? in
            if case .hardest(let row)? = try? ServerMessage(line: line) { row } else { nil }
        }
        #expect(rows.map(\.rank) == Array(1...100))
        // The 65 missed pairs first, in their order, then the pairs got right, in theirs, cut at 100.
        #expect(rows.map(\.reveal.number) == Array(stride(from: 1, through: 129, by: 2)) + Array(stride(from: 2, through: 70, by: 2)))
    }

    @Test func aPersonAtNcReadsTheTableAsSentences() throws {
        let world = HubWorld(rules: Self.rules)
        let host = world.connect(mode: .human)
        world.type("HOST", from: host)
        let room = try #require(world.hub.rooms.keys.first)
        let ana = world.player("Ana", room: room)
        _ = world.take(host)
        world.type("START", from: host)
        let dealt = Self.play(world, [(ana, [false, true, nil])])
        let lines = world.take(host)
        let start = try #require(lines.firstIndex(of: "The pairs of the last game, hardest first:"))
        func truth(_ round: RoundInfo) -> String {
            let words = TestServer.defaultWords
            if words.isCorrect(english: round.english, spanish: round.spanish) { return "\(round.english) = \(round.spanish)" }
            return "\(round.english) ≠ \(round.spanish) (\(round.english) = \(words.translations(of: round.english)[0]))"
        }
        #expect(Array(lines[(start + 1)...].prefix(3)) == [
            "  1. Pair 3, \(truth(dealt[2])): 0 right, 0 wrong, 1 out of time.",
            "  2. Pair 1, \(truth(dealt[0])): 0 right, 1 wrong.",
            "  3. Pair 2, \(truth(dealt[1])): 1 right, 0 wrong.",
        ])
    }

    // MARK: START MISSED

    @Test func startMissedDealsTheMissedWordsHardestFirstThenTheList() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 2_000, pairCount: 6))
        let (host, _, _, players) = try Self.classroom(world, ["Ana", "Bo"])
        world.type("START", from: host)
        // Pair 2 missed by both, pair 5 by one; the others got right by both.
        let dealt = Self.play(world, [(players[0], [true, false, true, true, false, true]),
                                      (players[1], [true, nil, true, true, true, true])])
        _ = world.take(host)
        world.type("START MISSED", from: host)
        let lines = world.take(host)
        #expect(lines.contains("NOTICE started \"The host started a game of the words missed last time.\""))
        let again = Self.play(world, [(players[0], [true, true, true, true, true, true]),
                                      (players[1], [true, true, true, true, true, true])])
        #expect(again.prefix(2).map(\.english) == [dealt[1].english, dealt[4].english])
        // Then the list: no word twice while it lasts.
        #expect(Set(again.map(\.english)).count == 6)
        #expect(world.games.count == 2)
    }

    @Test func aPairNobodyPlayedCountsAsMissed() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 2_000, pairCount: 2))
        let (host, _, _, players) = try Self.classroom(world, ["Ana"])
        world.type("START", from: host)
        world.deliverTracked()
        world.advance(by: 100)
        world.answer(from: players[0], rightly: true)
        // Ana's connection goes before pair 2 leaves for her: she misses it while away, and nobody plays it.
        world.drop(players[0])
        world.advance(by: 4_500)
        let second = try #require(world.games.last?.pairs.last?.english)
        let tallies = try #require(world.games.last?.pairTallies)
        #expect(tallies.map(\.played) == [1, 0])
        _ = world.take(host)
        world.type("START MISSED", from: host)
        #expect(world.hub.rooms.values.first?.game?.match.pairs.first?.english == second)
    }

    @Test func nothingMissedIsSaidWithAReasonAndChangesNothing() throws {
        let world = HubWorld(settings: GameSettings(words: TestServer.defaultWords, wordLists: ["animals": RoomRulesTests.animals],
                                                    rules: Self.rules, seed: 1, startDelayMilliseconds: 0))
        let (host, _, _, players) = try Self.classroom(world, ["Ana"])
        world.type("START MISSED", from: host)
        world.expect(host, ["ERROR nothing-missed \"No game has been played in this room yet, so nothing was missed: "
            + "type START for the first one.\""])
        world.type("START", from: host)
        Self.play(world, [(players[0], [true, true, true])])
        // The host's hint at the end offers START MISSED only when something was missed (HostingFlowTests: when it was).
        #expect(world.take(host).contains("INFO \"Game over. Type START for the next game, or CLOSE to end the class.\""))
        world.type("START MISSED", from: host)
        world.expect(host, ["ERROR nothing-missed \"Nobody missed a pair in the last game: type START for a new one.\""])
        world.type("START", from: host)
        Self.play(world, [(players[0], [false, true, true])])
        world.type("RULES LIST animals", from: host)
        _ = world.take(host)
        world.type("START MISSED", from: host)
        world.expect(host, ["ERROR nothing-missed \"None of the words missed in the last game is in list animals (the game was played "
            + "on list default): type RULES LIST default, then START MISSED, or START for a game of list animals.\""])
        #expect(world.hub.rooms.values.first?.game == nil)
        _ = world.take(players[0])
    }

    @Test func onlyTheHostAndOnlyBetweenGames() throws {
        let world = HubWorld(rules: Self.rules, autoStart: 3)
        let ana = world.player("Ana")
        let bo = world.player("Bo")
        world.type("START", from: ana)
        Self.play(world, [(ana, [false, false, false]), (bo, [false, false, false])])
        _ = world.take(bo)
        // In a room with auto-start, a START from anyone else says "ready"; START MISSED is the host's alone.
        world.type("START MISSED", from: bo)
        world.expect(bo, ["ERROR not-host \"Only the host (Ana) starts games. Wait for them, or LEAVE.\""])
        _ = world.take(ana)
        world.type("START MISSED", from: ana)
        #expect(world.take(ana).contains("YOU PLAYING"))
        world.type("START MISSED", from: ana)
        world.expect(ana, ["ERROR game-on \"A game is on: wait for it to end (answer with y / n if you play).\""])
        let outside = world.connect()
        _ = world.take(outside)
        world.type("START MISSED", from: outside)
        #expect(world.take(outside).first?.hasPrefix("ERROR not-in-room ") == true)
    }

    @Test func theStartDelayCountsDownAndAStartDuringItKeepsTheMissedWords() throws {
        let world = HubWorld(settings: GameSettings(words: TestServer.defaultWords, rules: Self.rules, seed: 1))
        let (host, _, _, players) = try Self.classroom(world, ["Ana"])
        world.type("START", from: host)
        world.advance(by: 5_000)
        let dealt = Self.play(world, [(players[0], [true, true, false])])
        _ = world.take(host)
        world.type("START MISSED", from: host)
        world.expect(host, ["STARTING 5000"])
        world.advance(by: 1_000)
        world.type("START", from: host)  // skips the rest of the delay: the game is still the missed words'
        #expect(world.hub.rooms.values.first?.game?.match.pairs.first?.english == dealt[2].english)
        Self.play(world, [(players[0], [false, true, true])])
        // And the other way round: a START's countdown, then START MISSED, deals the missed words at once.
        _ = world.take(host)
        world.type("START", from: host)
        world.expect(host, ["STARTING 5000"])
        world.type("START MISSED", from: host)
        #expect(world.hub.rooms.values.first?.game?.match.pairs.first?.english == dealt[2].english)
    }

    @Test func moreMissedWordsThanPairsDealTheHardest() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 2_000, pairCount: 4))
        let (host, _, _, players) = try Self.classroom(world, ["Ana", "Bo"])
        world.type("START", from: host)
        // Pair 4 missed by both, pairs 1 to 3 by one: 4, then 1 and 2 (the place breaks the tie).
        let dealt = Self.play(world, [(players[0], [false, false, false, false]), (players[1], [true, true, true, false])])
        world.type("RULES PAIRS 3", from: host)
        world.type("START MISSED", from: host)
        #expect(world.hub.rooms.values.first?.game?.match.pairs.map(\.english) == [dealt[3].english, dealt[0].english, dealt[1].english])
    }

    @Test func theLastGameIsKeptAcrossARestart() throws {
        let world = HubWorld(rules: Self.rules)
        let (host, room, key, players) = try Self.classroom(world, ["Ana"])
        world.type("START", from: host)
        let dealt = Self.play(world, [(players[0], [true, false, true])])
        let table = Self.hardestLines(world.take(host))
        try world.restart()
        let back = world.connect()
        world.type("HOST \(room) \(key)", from: back)
        #expect(Self.hardestLines(world.take(back)) == table)
        let ana = world.connect()
        world.type("RESUME \(world.code(of: players[0]))", from: ana)
        world.type("START MISSED", from: back)
        #expect(world.hub.rooms[room]?.game?.match.pairs.first?.english == dealt[1].english)
    }
}
