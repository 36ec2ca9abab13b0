import Foundation
import Testing
import TextColumns
import WordGameTestSupport
@testable import WordGameClient
import WordGame
import WordGameProtocol
import WordGameServer

/// The projector's settings screen (`R`): keys to the one `RULES` line it sends, the server's
/// refusal on that screen, only between games, and a frame that fits the smallest window.
/// Pure, then once against the real server on 127.0.0.1.
@Suite struct PresentSettingsTests {
    func t(_ ms: Int64) -> Instant { .milliseconds(ms) }

    static let standard = RoomRules(pairs: 15, roundMilliseconds: 5_000, maxIncorrect: 3, list: "default")

    /// A host in the lobby of room K7PX, with the server's rules.
    func host() -> PresentState {
        var state = PresentState()
        state.joinAddress = "192.168.1.20"
        state.receive(.hosted(room: "k7px", key: "SECRETKEY123"), at: t(0))
        state.receive(.you(.hosting), at: t(0))
        state.receive(.rules(Self.standard), at: t(0))
        return state
    }

    /// The server's reply to `RULES` alone: its lists, then the rules.
    func listsReply(_ state: inout PresentState) {
        for message: ServerMessage in [.wordList(name: "default", words: 365), .wordList(name: "animals", words: 12), .end(.wordList),
                                       .rules(Self.standard)] {
            state.receive(message, at: t(0))
        }
    }

    func press(_ state: inout PresentState, _ keys: [Key]) -> [ClientCommand] { keys.flatMap { state.press($0, at: t(0)) } }

    func text(_ state: PresentState, columns: Int = 80, rows: Int = 24) -> String {
        PresentRenderer.frame(state, columns: columns, rows: rows, now: t(0)).rows.joined(separator: "\n")
    }

    /// 15 → 4 pairs, 5 → 8 s, 3 → never, default → animals: the keys a host presses for issue 21's class.
    static let keysToFourEightNeverAnimals: [Key] = Array(repeating: .left, count: 11) + [.down] + Array(repeating: .right, count: 3)
        + [.down] + Array(repeating: .left, count: 3) + [.down, .right]

    @Test func theKeysChooseTheRulesAndEnterSendsOneLine() {
        var state = host()
        #expect(press(&state, [.character("r")]) == [.rules(nil)], "opening asks for the lists and the rules")
        listsReply(&state)
        #expect(press(&state, Self.keysToFourEightNeverAnimals).isEmpty)
        let screen = text(state)
        #expect(screen.contains("Pairs in a game") && screen.contains("4") && screen.contains("(now 15)"), "\(screen)")
        #expect(screen.contains("never: everyone plays every pair") && screen.contains("animals  (12 words)"), "\(screen)")
        let sent = press(&state, [.enter])
        #expect(sent.map(\.line) == ["RULES PAIRS 4 SECONDS 8 OUT NEVER LIST animals"])
        #expect(text(state).contains("Sending the rules"))
        state.receive(.rulesSet, at: t(0))
        state.receive(.rules(RoomRules(pairs: 4, roundMilliseconds: 8_000, maxIncorrect: 0, list: "animals")), at: t(0))
        #expect(state.settings == nil, "OK RULES closes the screen")
        #expect(text(state).contains("4 pairs · 8 s · out: never · animals (English → Spanish)"), "the lobby shows them, and the languages")
    }

    @Test func onlyWhatChangedIsSentAndEscOrNoChangeSendsNothing() {
        var state = host()
        _ = press(&state, [.character("R")])
        listsReply(&state)
        #expect(press(&state, [.down, .left, .left, .left, .left]) == [], "5 s down to 3 s in half seconds")
        #expect(press(&state, [.enter]).map(\.line) == ["RULES SECONDS 3"])
        state.receive(.rulesSet, at: t(0))
        _ = press(&state, [.character("r")])
        #expect(press(&state, [.right, .escape]).isEmpty && state.settings == nil, "Esc cancels")
        _ = press(&state, [.character("r")])
        #expect(press(&state, [.enter]).isEmpty && state.settings == nil, "nothing changed, nothing sent")
    }

    @Test func eachValueStaysInWhatAHostMayChoose() {
        var settings = PresentSettings(RoomRules(pairs: 2, roundMilliseconds: 1_500, maxIncorrect: 1, list: "default"))
        for _ in 0..<3 { settings.change(by: -1) }
        #expect(settings.chosen.pairs == 1)
        settings.change(by: 500)
        #expect(settings.chosen.pairs == 100)
        settings.field = .seconds
        for _ in 0..<3 { settings.change(by: -1) }
        #expect(settings.chosen.roundMilliseconds == 1_000)
        settings.change(by: 200)
        #expect(settings.chosen.roundMilliseconds == 60_000)
        settings.field = .out
        settings.change(by: -1)
        #expect(settings.chosen.maxIncorrect == Rules.neverOut && settings.change?.maxIncorrect == 0)
        settings.change(by: -1)
        #expect(settings.chosen.maxIncorrect == Rules.neverOut, "never is the end")
        settings.field = .list
        settings.change(by: 1)
        #expect(settings.chosen.list == "default", "no other list to choose")
        // A time set off the steps from a terminal (2.3 s) steps to its neighbours.
        var odd = PresentSettings(RoomRules(pairs: 5, roundMilliseconds: 2_300, maxIncorrect: 3, list: "default"))
        odd.field = .seconds
        odd.change(by: 1)
        #expect(odd.chosen.roundMilliseconds == 2_500)
    }

    @Test func theServersRefusalIsShownOnTheScreenWhichStaysOpen() {
        var state = host()
        _ = press(&state, [.character("r")])
        listsReply(&state)
        _ = press(&state, [.down, .down, .down, .right, .enter])
        state.receive(.error(ProtocolError(.badRules, "There is no list animals: the lists are default. The rules stay as they were.")),
                      at: t(0))
        #expect(state.settings?.problem == "There is no list animals: the lists are default. The rules stay as they were.")
        #expect(text(state).contains("There is no list animals"), "\(text(state))")
        #expect(state.error == nil, "said once, on the settings screen")
        #expect(press(&state, [.left]).isEmpty && state.settings?.problem == nil, "changing a value clears it")
    }

    @Test func onlyBetweenGames() {
        var playing = host()
        playing.receive(.game(GameInfo(pairs: 15, roundMilliseconds: 5_000, maxIncorrect: 3, players: 2)), at: t(0))
        #expect(press(&playing, [.character("r")]).isEmpty && playing.settings == nil)
        #expect(!text(playing).contains("R rules"))
        var counting = host()
        counting.receive(.starting(milliseconds: 5_000), at: t(0))
        #expect(press(&counting, [.character("r")]).isEmpty && counting.settings == nil)
        var open = host()
        _ = press(&open, [.character("r")])
        open.receive(.game(GameInfo(pairs: 15, roundMilliseconds: 5_000, maxIncorrect: 3, players: 2)), at: t(0))
        #expect(open.settings == nil, "a game that starts closes the screen")
        open.receive(.gameOver(GameOver(rank: 1, ranked: 1, correct: 1, wrong: 0, milliseconds: 100)), at: t(0))
        #expect(press(&open, [.character("r")]) == [.rules(nil)], "after the game, before the next")
        var viewer = PresentState()
        viewer.receive(.watchingRoom("k7px"), at: t(0))
        viewer.receive(.you(.viewing), at: t(0))
        viewer.receive(.rules(Self.standard), at: t(0))
        #expect(press(&viewer, [.character("r")]).isEmpty && viewer.settings == nil, "a viewer has no settings")
    }

    @Test func theKeysAreInTheHelpAndTheKeyLine() {
        var state = host()
        #expect(text(state).contains("S start · L lock · K remove · R rules · C close"))
        #expect(text(state, columns: 60, rows: 20).contains("? help · Q quit"), "at 60 columns R gives way, not the help")
        _ = press(&state, [.character("?")])
        #expect(text(state).contains("R            the rules"))
    }

    @Test(arguments: [(80, 24), (60, 20), (160, 45)])
    func theScreenFits(columns: Int, rows: Int) {
        var state = host()
        _ = press(&state, [.character("r")])
        listsReply(&state)
        _ = press(&state, [.down, .down] + Array(repeating: .left, count: 3))
        let frame = PresentRenderer.frame(state, columns: columns, rows: rows, now: t(0))
        #expect(frame.rows.count == rows)
        for line in frame.rows { #expect(line.columnWidth == columns) }
        let screen = frame.rows.joined(separator: "\n")
        for label in ["Rules for the next game", "Pairs in a game", "Seconds a pair", "Out", "Word list",
                      "never: everyone plays every pair", "Enter apply · Esc cancel"] + (columns >= 80 ? ["(now 3)"] : []) {
            #expect(screen.contains(label), "\(label) at \(columns)×\(rows):\n\(screen)")
        }
        #expect(!screen.contains("…"), "nothing cut at \(columns)×\(rows):\n\(screen)")
    }
}

/// The settings screen against the real server: its `RULES` line changes the room's rules, a
/// student hears them, and a refusal comes back to the screen.
@Suite(.serialized) struct PresentSettingsServerTests {
    @Test func theScreensLineChangesTheRoomsRules() async throws {
        try await onOwnThread {
            let words = try WordList(entries: (1...8).map { WordEntry(english: "e\($0)", spanish: "s\($0)") })
            let animals = try WordList(entries: (1...4).map { WordEntry(english: "a\($0)", spanish: "b\($0)") })
            let game = GameSettings(words: words, wordLists: ["animals": animals], rules: .original, seed: 1)
            let server = try Server(configuration: ServerConfiguration(bindAddress: "127.0.0.1", port: 0, game: game))
            server.start()
            defer { server.stop(); server.waitUntilStopped() }
            let projector = try ServerConnection(host: "127.0.0.1", port: server.port)
            guard case .hosted(let room, let key) = try PresentSession.open(projector, as: .host) else {
                Issue.record("no OK HOST")
                return
            }
            var state = PresentState()
            state.receive(.hosted(room: room, key: key), at: .now())
            func take(until done: (ServerMessage) -> Bool) throws {
                while true {
                    let message = try projector.next(timeout: 5)
                    state.receive(message, at: .now())
                    if done(message) { return }
                }
            }
            func press(_ keys: [Key]) {
                for key in keys { for command in state.press(key, at: .now()) { projector.send(command) } }
            }
            try take { if case .rules = $0 { return true }; return false }
            let student = try ServerConnection(host: "127.0.0.1", port: server.port)
            _ = try JoinRoom.join(student, name: "Bo", room: room.uppercased(), askAgain: nil)

            press([.character("r")])
            try take { if case .rules = $0 { return true }; return false }
            #expect(state.settings?.lists.map(\.name) == ["default", "animals"])
            press(PresentSettingsTests.keysToFourEightNeverAnimals + [.enter])
            try take { if case .rules = $0 { return true }; return false }
            let chosen = RoomRules(pairs: 4, roundMilliseconds: 8_000, maxIncorrect: 0, list: "animals")
            #expect(state.settings == nil && state.rules == chosen)
            var heard: ServerMessage?
            while heard != .rules(chosen) { heard = try student.next(timeout: 5) }

            // A start the screen did not see yet (another window's): the line it sends after it is refused, and said.
            press([.character("r")])
            try take { if case .rules = $0 { return true }; return false }
            projector.send(.start)
            press([.right, .enter])
            try take { if case .error = $0 { return true }; return false }
            #expect(state.settings == nil && (state.countdown.isRunning || state.screen == .playing),
                    "the start closed the screen: \(state.screen)")
            #expect(state.error?.contains("game is about to start") == true, "\(state.error ?? "no error")")
            #expect(state.rules == chosen)
        }
    }

    /// `--present --word-lists DIR` without `--host`: the projector's own server offers the folder's lists.
    @Test func theProjectorsOwnServerOffersTheFoldersLists() async throws {
        try await onOwnThread {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-lists-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let animals = #"[{"text_eng": "dog", "text_spa": "perro"}, {"text_eng": "cat", "text_spa": "gato"}]"#
            try animals.write(toFile: folder + "/animals.json", atomically: true, encoding: .utf8)
            let options = try ClientOptions.parse(["--present", "--word-lists", folder])
            let lists = try PresentApp.wordLists(options.wordListsDirectory)
            let words = try WordList(entries: (1...8).map { WordEntry(english: "e\($0)", spanish: "s\($0)") })
            let server = try ClassServer.start(words: words, wordLists: lists, rules: .original, seed: 1, firstPort: 0,
                                               bindAddress: "127.0.0.1", resultsDirectory: nil)
            defer { server.stop(); server.waitUntilStopped() }
            let projector = try ServerConnection(host: "127.0.0.1", port: server.port)
            _ = try PresentSession.open(projector, as: .host)
            projector.send(.rules(nil))
            var offered: [String] = []
            while true {
                let message = try projector.next(timeout: 5)
                if case .wordList(let name, _) = message { offered.append(name) }
                if message == .end(.wordList) { break }
            }
            #expect(offered == ["default", "animals"])
            #expect(throws: ClientError.self) { try PresentApp.wordLists(folder + "/missing") }
        }
    }
}
