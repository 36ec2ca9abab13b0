import Foundation
import Testing
import WordGame
import WordGameProtocol
@testable import WordGameServer

/// A lesson taken up after the server restarts (Protocol.md §4, "A server that restarts"), through the pure hub:
/// what the old hub kept, read back by a new one through the file's JSON (`HubWorld.restart`).
@Suite struct RestartFlowTests {
    /// Ana (the host of room main) and Bo: pair 1 played, both right (Ana in 400 ms, Bo in 600); pair 2 open, Bo answered it.
    func aGameAtPairTwo(_ world: HubWorld) -> (ana: HubWorld.Client, bo: HubWorld.Client) {
        let ana = world.player("Ana")
        let bo = world.player("Bo")
        world.type("START", from: ana)
        world.deliverTracked()
        world.advance(by: 400)
        world.answer(from: ana, rightly: true)
        world.advance(by: 200)
        world.answer(from: bo, rightly: true)
        world.deliverTracked()
        world.advance(by: 700)
        world.answer(from: bo, rightly: false)
        return (ana, bo)
    }

    @Test func aCrashMidPairTakesTheGameUpAtThatPairWithEveryScoreAndCode() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 5_000, pairCount: 3))
        let (ana, bo) = aGameAtPairTwo(world)
        let pairTwo = try #require(world.lastRound(of: bo))
        let (anaCode, boCode) = (world.code(of: ana), world.code(of: bo))
        world.advance(by: 100)
        #expect(try world.restart() == Hub.Restored(rooms: 1, seats: 2, games: 1))

        let bo2 = world.connect()
        world.type("RESUME \(boCode)", from: bo2)
        let boBack = world.take(bo2)
        #expect(boBack.contains("OK RESUME \"Bo\" \"main\""))
        #expect(boBack.contains("TOKEN \"\(boCode)\" 60"), "the same code, kept across the restart")
        #expect(boBack.contains("YOU PLAYING"))
        #expect(boBack.contains("SCORE 1 0 2 2"), "pair 1 right; Bo's answer to the open pair 2 is not kept: \(boBack)")
        #expect(boBack.contains("NOTICE restarted \"The server restarted; seats and scores are as they were. "
                + "Pair 2 is played again once everyone is back (in 20 s at most).\""), "\(boBack)")
        #expect(!boBack.contains { $0.hasPrefix("ROUND") }, "no pair is open while the class comes back")

        // Once the last of them is back, pair 2 again, from the start, 3 s later.
        let ana2 = world.connect()
        world.type("RESUME \(anaCode)", from: ana2)
        #expect(world.take(ana2).contains("NOTICE restarted \"Everyone is back: pair 2 comes again in 3 s.\""))
        world.advance(by: 2_900)
        #expect(!world.take(bo2).contains { $0.hasPrefix("ROUND") })
        world.advance(by: 100)
        let again = try #require(world.lastRound(of: bo2))
        #expect(again == RoundInfo(number: 2, pairs: 3, english: pairTwo.english, spanish: pairTwo.spanish, milliseconds: 5_000))

        // The game plays on to its end: one game, with every pair, scored as if nothing had happened.
        world.deliverTracked()
        world.advance(by: 500)
        world.answer(from: ana2, rightly: true)
        world.answer(from: bo2, rightly: true)
        world.deliverTracked()
        world.advance(by: 500)
        world.answer(from: ana2, rightly: true)
        world.answer(from: bo2, rightly: false)
        #expect(world.take(ana2).contains("GAMEOVER 1 2 3 0 1400"))
        #expect(world.take(bo2).contains("GAMEOVER 2 2 2 1 1600"))
        #expect(world.games.count == 1)
        let record = try #require(world.games.first)
        #expect(record.rounds.count == 3 && !record.stoppedEarly && record.finalRanks == [1, 2])
    }

    @Test func nobodyBackWithinTheWaitMissesThePairAsAnyoneAway() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 5_000, pairCount: 3))
        let (_, bo) = aGameAtPairTwo(world)
        let boCode = world.code(of: bo)
        try world.restart()
        let bo2 = world.connect()
        world.type("RESUME \(boCode)", from: bo2)
        bo2.unread.removeAll()
        // Ana never comes back: the pair opens 20 s after the start, for Bo alone.
        world.advance(by: Room.restartWaitMilliseconds - 1)
        #expect(!world.take(bo2).contains { $0.hasPrefix("ROUND") })
        world.advance(by: 1)
        #expect(world.lastRound(of: bo2)?.number == 2)
    }

    @Test func aHostedRoomComesBackWithItsKeyAndTheHostsCode() throws {
        let world = HubWorld()
        let teacher = world.connect()
        world.type("NAME Ms Lee", from: teacher)
        world.type("HOST", from: teacher)
        let hostedLines = teacher.transcript.compactMap { line -> (String, String)? in
            if case .hosted(let room, let key)? = try? ServerMessage(line: line) { (room, key) } else { nil }
        }
        let hosted = try #require(hostedLines.first)
        let ana = world.player("Ana", room: hosted.0)
        let (teacherCode, anaCode) = (world.code(of: teacher), world.code(of: ana))
        #expect(try world.restart() == Hub.Restored(rooms: 1, seats: 2, games: 0))
        let again = world.connect()
        world.type("HOST \(hosted.0) \(hosted.1)", from: again)
        #expect(world.take(again).contains("YOU HOSTING"))
        // The teacher's resume code from before is the key's seat, now taken: it is gone with its hold.
        let stranger = world.connect()
        world.type("RESUME \(teacherCode)", from: stranger)
        #expect(world.take(stranger).contains { $0.hasPrefix("ERROR bad-code") })
        let ana2 = world.connect()
        world.type("RESUME \(anaCode)", from: ana2)
        #expect(world.take(ana2).contains("OK RESUME \"Ana\" \"\(hosted.0)\""))
    }

    /// As when a whole class drops at once, the pairs pass at their own pace, missed by all; the game is kept.
    @Test func aSeatNobodyTakesBackIsGivenUpAfterTheGraceAndTheGameIsRecorded() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 5_000, pairCount: 3))
        _ = aGameAtPairTwo(world)
        try world.restart()
        world.advance(by: GameSettings.defaultResumeGraceMilliseconds)
        #expect(world.hub.rooms.isEmpty, "nobody came back: the room is gone")
        let record = try #require(world.games.first, "the game is recorded, not lost with the room")
        #expect(record.rounds.count == 3)
        #expect(record.rounds[1].verdicts == [.away, .away], "pair 2, played again, reached nobody")
    }

    /// Only what the file must keep asks for a save: an answer waits for its pair's close.
    @Test func answersAloneDoNotSaveButAPairsCloseDoes() {
        let world = HubWorld(rules: Rules(roundMilliseconds: 5_000, pairCount: 3))
        let ana = world.player("Ana")
        let bo = world.player("Bo")
        world.type("START", from: ana)
        world.deliverTracked()
        world.advance(by: 400)
        let before = world.lessonChanges
        world.answer(from: ana, rightly: true)
        world.type("PING", from: bo)
        #expect(world.lessonChanges == before)
        world.answer(from: bo, rightly: true)
        #expect(world.lessonChanges > before, "the pair closed")
    }

    /// The room's own settings are kept too: a change of rules or of the lock asks for a save, asking for them does not.
    @Test func rulesAndTheLockAreSavedAsTheyChange() {
        let world = HubWorld()
        let ana = world.player("Ana")
        var before = world.lessonChanges
        world.type("RULES", from: ana)
        world.type("STATUS", from: ana)
        #expect(world.lessonChanges == before)
        world.type("RULES OUT 2", from: ana)
        #expect(world.lessonChanges > before)
        before = world.lessonChanges
        world.type("LOCK", from: ana)
        #expect(world.lessonChanges > before)
    }

    /// The file is read as a stranger's: what does not hold together is left out, never trusted into a room.
    @Test func partsOfAFileThatDoNotHoldTogetherAreLeftOut() throws {
        let world = HubWorld()
        let seat = SavedSeat(name: "Ana", code: "K7PXABCD", state: "LOBBY", ready: true, slot: nil)
        func room(_ name: String, _ members: [SavedSeat]) -> SavedRoom {
            SavedRoom(name: name, host: nil, members: members, hostingMember: 0, locked: false, gamesStarted: 0, rules: .original,
                      wordList: "no-such-list", savedResults: nil, game: nil)
        }
        let state = LessonState(savedAt: 0, serverID: nil, rooms: [
            room("main", [seat, seat, SavedSeat(name: "Bo", code: "short", state: "LOBBY", ready: true, slot: nil),
                          SavedSeat(name: "Cy", code: "K7PXABCE", state: "HOSTING", ready: true, slot: nil)]),
            room("main", [SavedSeat(name: "Di", code: "K7PXABCF", state: "LOBBY", ready: true, slot: nil)]),
            room("Not A Name!", []),
        ])
        #expect(world.hub.restore(state, at: world.now) == Hub.Restored(rooms: 1, seats: 1, games: 0))
        let main = try #require(world.hub.rooms["main"])
        #expect(main.roster.members.count == 1 && main.listName == WordListName.standard)
        // A game whose record does not fit its players is not taken up: who played it waits in the lobby.
        var broken = world.hub.lessonState(savedAt: 0, serverID: nil)
        broken.rooms = []
        let pairs = [Pair(english: "a", spanish: "b", isCorrect: true, translation: "b")]
        var playing = room("lab", [SavedSeat(name: "Eve", code: "K7PXABCG", state: "PLAYING", ready: true, slot: 0)])
        playing.game = SavedGame(record: GameRecord(room: "lab", number: 1, rules: .original, startedAt: 0, pairs: pairs, players: ["Eve"]),
                                 scores: [Score(), Score()], roundsPlayed: 0)
        broken.rooms = [playing]
        #expect(world.hub.restore(broken, at: world.now) == Hub.Restored(rooms: 1, seats: 1, games: 0))
        let lab = try #require(world.hub.rooms["lab"])
        #expect(lab.game == nil && lab.roster.members.values.map(\.state) == [.lobby])
    }

    /// A lesson too old to take up: its game is recorded as stopped early, everyone who played ranked by score.
    @Test func aStaleGameIsRecordedAsStoppedEarly() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 5_000, pairCount: 3))
        _ = aGameAtPairTwo(world)
        let state = world.hub.lessonState(savedAt: 1_000, serverID: nil)
        let record = try #require(state.unfinishedGames.first)
        #expect(record.stoppedEarly && record.rounds.count == 1 && record.endedAt == 1_000)
        #expect(record.finalRanks == [1, 2], "both right on pair 1; Ana the faster")
    }
}
