import Foundation
import Testing
import WordGame
import WordGameProtocol
@testable import WordGameServer

/// `PRACTICE <list> [<english> …]` (Protocol.md §4): a private room of one whose game starts at once,
/// through the pure hub with a made-up clock.
@Suite struct PracticeFlowTests {
    static func world(fleet: Bool = false) -> HubWorld {
        HubWorld(settings: GameSettings(words: TestServer.defaultWords, wordLists: ["animals": RoomRulesTests.animals],
                                        rules: Rules(roundMilliseconds: 2_000, pairCount: 3), seed: 1, startDelayMilliseconds: 5_000),
                 fleet: fleet)
    }

    @Test func theGameStartsAtOnceWithTheGivenWordsFirstAndNoNameIsNeeded() throws {
        let world = Self.world()
        let cy = world.connect()
        _ = world.take(cy)
        world.type("PRACTICE animals cat \"sea lion\" dog", from: cy)
        let code = world.code(of: cy)
        world.expect(cy, [
            "OK PRACTICE \"animals\"",
            "TOKEN \"\(code)\" 60",
            "INFO \"Your resume code is \(code). If your connection drops, connect again within 60 s and type RESUME \(code): "
                + "you keep your seat and your score.\"",
            "ROOM \"practice.1\" LOBBY 1 \"Player\" 0",
            "MEMBERS 1 \"Player\"",
            "YOU LOBBY",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 3 2000 3 \"animals\"",
            "INFO \"You practise alone on list animals: the game starts now. Afterwards START plays again, START MISSED plays the "
                + "words you missed first, and LEAVE ends it.\"",
            "GAME 3 2000 3 1",
            "YOU PLAYING",
            "NOTICE started \"Your practice game started.\"",
            "ROOM \"practice.1\" PLAYING 1 \"Player\" 0",
            "MEMBERS 1 \"Player\"",
            "ROUND 1 3 \"cat\" \"\(try #require(world.lastRound(of: cy)).spanish)\" 2000",
        ])
        // No start delay (nobody else is brought in), the words given first (one unknown to the list, ignored), then the list.
        let pairs = try #require(world.hub.rooms["practice.1"]?.game?.match.pairs)
        #expect(pairs.map(\.english) == ["cat", "dog", "cow"])
        // With a name, the room's one player has it.
        let ana = world.connect()
        world.type("NAME Ana", from: ana)
        world.type("PRACTICE default", from: ana)
        #expect(world.take(ana).contains("ROOM \"practice.2\" LOBBY 1 \"Ana\" 0"))
    }

    @Test func nobodyCanJoinOrWatchItAndTheFleetNeverHearsOfIt() throws {
        let world = Self.world(fleet: true)
        let cy = world.connect()
        world.type("PRACTICE default", from: cy)
        let directory = try #require(world.directory)
        #expect(directory.asked.isEmpty)
        #expect(world.hub.roomsInDirectory.isEmpty)
        let bo = world.connect()
        _ = world.take(bo)
        world.type("NAME Bo", from: bo)
        world.type("JOIN practice.1", from: bo)
        world.type("WATCH practice.1", from: bo)
        world.type("HOST practice.1 ABCDEFGHJKMN", from: bo)
        let lines = world.take(bo)
        #expect(lines.count == 4 && lines.dropFirst().allSatisfy { $0.hasPrefix("ERROR bad-room ") }, "\(lines)")
        #expect(directory.asked.isEmpty)
        // Left, it is gone, and the directory is not told of a room it never had.
        world.type("LEAVE", from: cy)
        #expect(world.hub.rooms.isEmpty)
        #expect(directory.releasedRooms.isEmpty)
    }

    @Test func startPlaysAgainStartMissedPlaysTheMissedWordsAndNothingGoesToTheResults() throws {
        let world = Self.world()
        let cy = world.connect()
        world.type("PRACTICE default", from: cy)
        let dealt = HardestFlowTests.play(world, [(cy, [true, false, true])])
        let end = world.take(cy)
        #expect(end.contains("INFO \"Game over. Type START to play again (START MISSED: the words you missed first), "
            + "or LEAVE to stop practising.\""))
        #expect(!end.contains { $0.hasPrefix("HARDEST ") })  // the player is no observer: their page knows what they missed
        world.type("START MISSED", from: cy)
        #expect(world.take(cy).contains("YOU PLAYING"))  // at once: nobody else to count down for
        let again = HardestFlowTests.play(world, [(cy, [true, true, true])])
        #expect(again.first?.english == dealt[1].english)
        world.type("START", from: cy)
        #expect(world.hub.rooms["practice.1"]?.game != nil)
        world.type("STOP", from: cy)
        // Three games played, none written.
        #expect(world.games.isEmpty)
        #expect(world.log.contains("practice.1: made to practise list default alone, with PRACTICE"))
    }

    @Test func refusalsSayWhy() throws {
        let world = HubWorld(settings: GameSettings(words: TestServer.defaultWords, rules: .original, seed: 1, maxRooms: 1))
        let cy = world.connect()
        _ = world.take(cy)
        world.type("PRACTICE fish", from: cy)
        world.expect(cy, ["ERROR bad-rules \"There is no list fish. Type PRACTICE and one of: default.\""])
        world.type("PRACTICE", from: cy)
        world.expect(cy, ["ERROR bad-argument \"Type PRACTICE and a list's name (PRACTICE default) to play alone; English words "
            + "after it, each in quotes if it has a space, come first.\""])
        world.type("PRACTICE ../etc", from: cy)
        world.expect(cy, ["ERROR bad-argument \"A list's name is 1 to 24 letters, digits, - or _. Type PRACTICE default, or PRACTICE "
            + "and another list's name.\""])
        _ = world.player("Ana")
        world.type("PRACTICE default", from: cy)
        world.expect(cy, ["ERROR too-many-rooms \"The server has 1 rooms already; join one of them, or try again later.\""])
        let ana = try #require(world.hub.sessions.first { $0.value.name == "Ana" }?.key)
        world.hub.handle(.practice(list: "default", english: []), from: ana, at: world.now)
        #expect(world.hub.rooms.count == 1)
    }

    /// A school's server makes rooms only for HOST; a student still practises alone there.
    @Test func aHostedOnlyServerStillLetsAStudentPractise() {
        let world = HubWorld(rules: Rules(roundMilliseconds: 2_000, pairCount: 3), openRooms: false)
        let cy = world.connect()
        world.type("PRACTICE default", from: cy)
        #expect(world.take(cy).contains("YOU PLAYING"))
    }

    @Test func alreadyInARoomIsRefused() {
        let world = Self.world()
        let ana = world.player("Ana")
        world.type("PRACTICE default", from: ana)
        world.expect(ana, ["ERROR already-in-room \"You are in room main; LEAVE first to practise alone.\""])
    }

    @Test func aPracticeRoomIsNotKeptInTheLesson() throws {
        let world = Self.world()
        let cy = world.connect()
        world.type("PRACTICE default", from: cy)
        _ = world.player("Ana")
        let state = world.hub.lessonState(savedAt: 0, serverID: nil)
        #expect(state.rooms.map(\.name) == ["main"])
    }

    @Test func aPersonAtNcIsToldInSentences() throws {
        let world = Self.world()
        let cy = world.connect(mode: .human)
        _ = world.take(cy)
        world.type("PRACTICE animals", from: cy)
        let lines = world.take(cy)
        #expect(Array(lines.prefix(5)) == [
            "You are practising alone, on list animals: nobody else can join this room.",
            "If your connection drops, connect again within 60 s and type RESUME \(world.code(of: cy)).",
            "Each pair: a word in English and one in Spanish. Is the Spanish word the right translation?",
            "Rules: 3 pairs, 2 s a pair, out after 3 wrong answers, list animals.",
            "You practise alone on list animals: the game starts now. Afterwards START plays again, START MISSED plays the words "
                + "you missed first, and LEAVE ends it.",
        ])
        #expect(lines.contains { $0.hasPrefix("Pair 1 of 3: ") })
    }
}
