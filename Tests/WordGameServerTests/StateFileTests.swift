import Foundation
import Testing
import WordGame
@testable import WordGameServer

/// The lesson's file on disk (`StateFile`, `StateWriter`), with real files in a folder of the test's own.
@Suite struct StateFileTests {
    final class Folder {
        let path = NSTemporaryDirectory() + "wordgame-state-\(UUID().uuidString)"
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    static func room(_ name: String, players: Int, rounds: Int) -> SavedRoom {
        let pairs = (0..<3).map { Pair(english: "e\($0)", spanish: "s\($0)", isCorrect: $0 == 0, translation: "t\($0)") }
        var record = GameRecord(room: name, number: 2, rules: .original, startedAt: 1_763_900_000, pairs: pairs,
                                players: (0..<players).map { "p\($0)" })
        for round in 0..<rounds {
            record.add(.init(verdicts: (0..<players).map { [.right, .wrong, .timeout, .away, nil][($0 + round) % 5] },
                             milliseconds: (0..<players).map { Int32($0 * 10 + round) }))
        }
        return SavedRoom(name: name, host: SavedHost(name: "Ms Lee", key: "ABCDEFGHJKMN", code: "ABCDEFGH"),
                         members: (0..<players).map {
                             SavedSeat(name: "p\($0)", code: "SEAT\($0)", state: "PLAYING", ready: true, slot: $0)
                         },
                         hostingMember: nil, locked: true, gamesStarted: 2,
                         rules: Rules(roundMilliseconds: 2_500, maxIncorrect: 0, pairCount: 3),
                         wordList: "default", savedResults: "/r/x_players.csv",
                         game: SavedGame(record: record, scores: (0..<players).map { $0 == 1 ? nil : Score(correct: $0, incorrect: 1) },
                                         roundsPlayed: rounds))
    }

    @Test func whatIsWrittenIsReadBackWholeAndAChangedRoomIsWrittenAnew() throws {
        let folder = try Folder()
        let file = StateFile(directory: folder.path, port: 4000)
        let writer = StateWriter(file: file, warn: { Issue.record("\($0)") })
        #expect(writer.problem() == nil)
        var state = LessonState(savedAt: 1_763_900_000.5, serverID: "school-1",
                                rooms: [Self.room("k7px", players: 5, rounds: 2), Self.room("main", players: 3, rounds: 1)])
        writer.saveAndWait(state)
        guard case .state(let first) = file.load(now: 0) else { Issue.record("not read back"); return }
        #expect(first == state)
        // The second room changes (a pair closes); the first is written as it was, from what was kept of it.
        state.rooms[1] = Self.room("main", players: 3, rounds: 2)
        state.savedAt += 1
        writer.saveAndWait(state)
        guard case .state(let second) = file.load(now: 0) else { Issue.record("not read back"); return }
        #expect(second == state)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600, "it holds the rooms' keys: its owner's alone")
    }

    /// The rooms are written by hand (`LessonJSON`): what `JSONDecoder` reads back is the room, whatever its names hold.
    @Test func aRoomWrittenByHandReadsBackAsItWas() throws {
        var room = Self.room("main", players: 4, rounds: 3)
        room.members[0].name = "Zoë \"the bear\" \\ 漢字 🍎"
        room.members[1].name = "tab\there\u{1}\u{1F}/slash"
        room.host = nil
        room.hostingMember = 2
        room.savedResults = nil
        room.game?.record.finish(at: 1_763_900_123.25, ranks: [0: 1, 2: 2], stoppedEarly: true)
        room.game?.record.leave(slot: 3, duringPair: 2)
        let read = try JSONDecoder().decode(SavedRoom.self, from: Data(LessonJSON.encode(room)))
        #expect(read == room)
        var plain = Self.room("k7px", players: 1, rounds: 0)
        plain.game = nil
        #expect(try JSONDecoder().decode(SavedRoom.self, from: Data(LessonJSON.encode(plain))) == plain)
        // Between games, the last game's pairs (its HARDEST table, START MISSED), words of any script included.
        plain.lastGame = LastGame(list: "animals", tallies: [
            PairTally(number: 2, pair: Pair(english: "say \"hi\"", spanish: "漢字\u{1}", isCorrect: false, translation: "🍎"),
                      right: 0, wrong: 3, timeout: 1),
            PairTally(number: 1, pair: Pair(english: "dog", spanish: "perro", isCorrect: true, translation: "perro"),
                      right: 4, wrong: 0, timeout: 0),
        ])
        #expect(try JSONDecoder().decode(SavedRoom.self, from: Data(LessonJSON.encode(plain))) == plain)
    }

    @Test(arguments: [
        ("{\"format\":1,\"rooms\":[{\"name\":", "not valid JSON"),
        ("{\"format\":1,\"savedAt\":1}", "no \"rooms\""),
        ("{\"format\":1,\"savedAt\":\"yesterday\",\"rooms\":[]}", "a value of the wrong kind at savedAt"),
        ("{\"format\":9,\"savedAt\":1,\"rooms\":[]}", "format 9, where this server reads format 1"),
    ])
    func aFileThatCannotBeReadIsSetAsideAndNamed(text: String, problem: String) throws {
        let folder = try Folder()
        let file = StateFile(directory: folder.path, port: 4000)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file.path))
        guard case .unreadable(let said, let keptAs?) = file.load(now: 1_795_000_000) else { Issue.record("read: \(text)"); return }
        #expect(said == problem)
        #expect(keptAs.hasPrefix(file.path + ".unreadable-2026"))
        #expect(try String(contentsOfFile: keptAs, encoding: .utf8) == text, "kept as it was")
        #expect(!FileManager.default.fileExists(atPath: file.path), "out of the way of the next save")
        guard case .none = file.load(now: 0) else { Issue.record("a second start reads nothing"); return }
    }

    @Test func aFolderInTheFilesPlaceIsNotReadAndNoFileIsNone() throws {
        let folder = try Folder()
        let file = StateFile(directory: folder.path, port: 4001)
        guard case .none = file.load(now: 0) else { Issue.record("no file is a first start"); return }
        try FileManager.default.createDirectory(atPath: file.path, withIntermediateDirectories: false)
        guard case .unreadable(let said, _) = file.load(now: 0) else { Issue.record("a folder read"); return }
        #expect(said == "not a regular file")
    }

    @Test func theDefaultFolderIsBesideTheResults() {
        #expect(StateFile.defaultDirectory(besideResults: "wordgame-results") == "wordgame-state")
        #expect(StateFile.defaultDirectory(besideResults: "/var/lib/wordgame/results") == "/var/lib/wordgame/wordgame-state")
        #expect(StateFile.defaultDirectory(besideResults: "/var/lib/wordgame/results/") == "/var/lib/wordgame/wordgame-state")
        #expect(StateFile.defaultDirectory(besideResults: nil) == "wordgame-state")
    }
}
