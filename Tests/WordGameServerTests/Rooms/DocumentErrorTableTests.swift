import Foundation
import Testing
import WordGame
import WordGameProtocol
import WordGameTestSupport
@testable import WordGameServer

/// Protocol.md §3's table of error codes, row by row: each condition a row
/// names is brought about, and the server's line must carry that row's code.
/// The rows are read from the document: a row without a case, a case of no
/// row, a code the server has and the table lacks, or a command a row names
/// that no case types, each fails here. (The line's own errors, which need a
/// socket, are in `DocumentLineErrorTests`.)
@Suite struct DocumentErrorTableTests {
    /// One condition of a row: the row's code, the backticked words of the row it brings about (a command it
    /// types, a flag it sets), and what it does, returning the line that answered.
    struct Case: CustomStringConvertible {
        let code: String
        let covers: [String]
        let run: () throws -> String
        var description: String { "\(code) \(covers)" }
    }

    /// Words a row names that are not conditions of it: where to look, and what to do instead.
    static let references: [String: Set<String>] = [
        "bad-name": ["NAME"], "name-taken": ["NAME"], "already-in-room": ["LEAVE"], "moved": ["MOVED"],
        "room-gone": ["HOST"], "server-full": ["BYE"],
    ]

    /// Rows whose conditions need a socket: `DocumentLineErrorTests` brings them about over the wire.
    static let overTheWire: Set<String> = ["line-too-long", "bad-utf8", "server-full"]

    static let rows = DocumentWorld.document.errorRows

    @Test func theTableHasOneRowPerCodeTheServerSends() {
        #expect(Self.rows.map(\.code).sorted() == ProtocolError.Code.all.map(\.rawValue).sorted())
        #expect(Set(Self.rows.map(\.code)).count == Self.rows.count, "a code twice in the table")
    }

    /// Every condition each row names is brought about, and answered with that row's code (the conditions of a
    /// row over the wire that the hub can bring about too, `WATCH` and `UPLOAD` of `server-full`, here as well).
    @Test func everyRowsConditionsGetItsCode() throws {
        let cases = Self.cases()
        for row in Self.rows {
            let mine = cases.filter { $0.code == row.code }
            #expect(!mine.isEmpty || Self.overTheWire.contains(row.code), "no case for \(row)")
            for test in mine {
                let reply = try test.run()
                #expect(reply.hasPrefix("ERROR \(row.code) \""), "\(test): \(reply)")
            }
        }
        for test in cases { #expect(Self.rows.contains { $0.code == test.code }, "\(test) is of no row") }
        Self.expectCovered(cases, except: Self.overTheWire)
    }

    /// Each command (and flag) a row names, in backticks, is one a case of that row types (or sets), and each
    /// case's words are the row's.
    static func expectCovered(_ cases: [Case], except skipped: Set<String> = [], sourceLocation: SourceLocation = #_sourceLocation) {
        for row in rows where !skipped.contains(row.code) {
            let spans = ProtocolDocument.quoted(row.when)
            let covered = Set(cases.filter { $0.code == row.code }.flatMap(\.covers))
            for span in spans where isCondition(span) && !covered.contains(span) && !(references[row.code] ?? []).contains(span) {
                Issue.record("\(row) names \(span), which no case brings about", sourceLocation: sourceLocation)
            }
            for word in covered where !spans.contains(word) {
                Issue.record("a case of \(row) covers \(word), which the row does not name", sourceLocation: sourceLocation)
            }
        }
    }

    /// A command (its first word is one the server reads) or a server flag.
    static func isCondition(_ span: String) -> Bool {
        span.hasPrefix("--") || ClientKeyword.allSpellings.contains(String(span.prefix { $0 != " " }))
    }

    // MARK: The cases

    typealias W = DocumentWorld

    static func cases() -> [Case] {
        var cases: [Case] = []
        func add(_ code: String, _ covers: [String] = [], _ run: @escaping () throws -> String) {
            cases.append(Case(code: code, covers: covers, run: run))
        }

        add("unknown-command") { let w = W.hub(); return W.reply(w, w.connect(), "x") }
        add("unknown-command") { let w = W.hub(); return W.reply(w, w.connect(), "\u{1B}[A") }  // ↑: a key that does not answer
        // The row's own examples, typed as written.
        let badArgument = rows.first { $0.code == "bad-argument" }.map { ProtocolDocument.quoted($0.when) } ?? []
        for example in badArgument where example.contains(" ") {
            add("bad-argument", [example]) { let (w, ana, _) = W.game(); return W.reply(w, ana, example) }
        }

        for name in ["\"\"", "ThisNameIsWayTooLongTruly", "李小龍王大明張三李", String(repeating: "e\u{301}\u{302}\u{303}", count: 10),
                     "Ana\u{202E}x"] {
            add("bad-name") { let w = W.hub(); return W.reply(w, w.connect(), "NAME \(name)") }
        }
        for lookalike in ["ANA", "Аna", "Ａｎａ"] {  // case, a Cyrillic А, fullwidth
            add("name-taken") {
                let w = W.hub()
                w.player("Ana")
                let other = w.connect()
                w.type("NAME \(lookalike)", from: other)
                return W.reply(w, other, "JOIN")
            }
        }
        add("no-name", ["JOIN", "NAME"]) { let w = W.hub(); return W.reply(w, w.connect(), "JOIN") }
        for room in ["b@d", String(repeating: "r", count: 25), "\u{212A}7PX"] {  // the Kelvin sign, checked as typed
            add("bad-room") {
                let w = W.hub()
                let bo = w.connect()
                w.type("NAME Bo", from: bo)
                return W.reply(w, bo, "JOIN \(room)")
            }
        }

        add("no-room", ["WATCH"]) { let w = W.hub(); return W.reply(w, w.connect(), "WATCH nosuch") }
        add("no-room", ["HOST <room> <key>"]) { let w = W.hub(); return W.reply(w, w.connect(), "HOST k7px ABCDEFGHJKMN") }
        add("no-room", ["JOIN", "--hosted-only"]) {
            let w = W.hub(openRooms: false)
            let bo = w.connect()
            w.type("NAME Bo", from: bo)
            return W.reply(w, bo, "JOIN friends")
        }
        for code in ["K7PX", "6M9O"] {  // a code no room holds; a mistyped code
            add("no-room", ["JOIN"]) {
                let w = W.hub()
                let bo = w.connect()
                w.type("NAME Bo", from: bo)
                return W.reply(w, bo, "JOIN \(code)")
            }
        }
        add("room-locked", ["JOIN", "LOCK"]) {
            let w = W.hub()
            let (host, room, _) = try W.hosted(w)
            w.type("LOCK", from: host)
            let bo = w.connect()
            w.type("NAME Bo", from: bo)
            return W.reply(w, bo, "JOIN \(room)")
        }
        for (line, command) in [("JOIN friends", "JOIN"), ("HOST", "HOST"), ("PRACTICE default", "PRACTICE")] {
            add("draining", [command]) {
                let w = W.hub()
                w.hub.startDraining()
                let bo = w.connect()
                w.type("NAME Bo", from: bo)
                return W.reply(w, bo, line)
            }
        }
        for (line, command) in [("JOIN friends", "JOIN"), ("HOST", "HOST"), ("PRACTICE default", "PRACTICE")] {
            add("too-many-rooms", [command]) {
                let row = rows.first { $0.code == "too-many-rooms" }
                #expect(row?.when.contains("2,000") == true && GameSettings.defaultMaxRooms == 2_000)
                let w = W.hub()
                for _ in 0..<GameSettings.defaultMaxRooms { _ = try W.hosted(w) }
                #expect(w.hub.rooms.count == 2_000)
                let bo = w.connect()
                w.type("NAME Bo", from: bo)
                return W.reply(w, bo, line)
            }
        }
        add("bad-key", ["HOST <room> <key>"]) {
            let w = W.hub()
            let (_, room, _) = try W.hosted(w)
            return W.reply(w, w.connect(), "HOST \(room) ABCDEFGHJKMN")
        }

        for (line, covers) in [("START", ["START"]), ("y", []), ("LOCK", []), ("RULES", ["RULES"]), ("LEAVE", ["LEAVE"]),
                               ("UPLOAD pets English French", ["UPLOAD"]), ("DELETE pets ABCDEFGHJKMN", ["DELETE"])] {
            add("not-in-room", covers) { let w = W.hub(); return W.reply(w, w.connect(), line) }
        }
        for (line, covers) in [("JOIN", ["JOIN"]), ("HOST", ["HOST"]), ("WATCH", ["WATCH"]), ("NAME Ana", ["NAME"]),
                               ("PRACTICE default", ["PRACTICE"])] {
            add("already-in-room", covers) { let w = W.hub(); return W.reply(w, w.player("Bo"), line) }
        }
        for (line, covers) in [("START", ["START"]), ("START MISSED", ["START MISSED"]), ("LOCK", []), ("RULES PAIRS 3", ["RULES"])] {
            add("not-host", covers) {
                let w = W.hub()
                w.player("Ana")
                return W.reply(w, w.player("Bo"), line)
            }
        }
        // The list commands: "by anyone but the host of a room made with HOST (a player, a viewer, the host of a room
        // made with JOIN)".
        for (line, command) in [("UPLOAD pets English French", "UPLOAD"), ("DELETE pets ABCDEFGHJKMN", "DELETE")] {
            add("not-host", [command, "HOST"]) {  // a player of a room made with HOST
                let w = W.hub()
                let (_, room, _) = try W.hosted(w)
                return W.reply(w, w.player("Bo", room: room), line)
            }
            add("not-host", [command, "HOST"]) {  // its viewer
                let w = W.hub()
                let (_, room, _) = try W.hosted(w)
                let viewer = w.connect()
                w.type("WATCH \(room)", from: viewer)
                return W.reply(w, viewer, line)
            }
            add("not-host", [command, "JOIN"]) { let w = W.hub(); return W.reply(w, w.player("Ana"), line) }
        }
        add("no-players", ["START"]) { let w = W.hub(); return W.reply(w, try W.hosted(w).client, "START") }
        add("no-such-player", ["KICK <name>"]) {
            let w = W.hub()
            let ana = w.player("Ana")
            w.player("Bo")
            return W.reply(w, ana, "KICK Cy")
        }
        add("game-on", ["START"]) { let (w, ana, _) = W.game(); return W.reply(w, ana, "START") }
        add("game-on", ["START MISSED"]) { let (w, ana, _) = W.game(); return W.reply(w, ana, "START MISSED") }
        add("game-on", ["RULES"]) { let (w, ana, _) = W.game(); return W.reply(w, ana, "RULES PAIRS 3") }
        add("game-on", ["RULES"]) {
            let w = HubWorld(startDelayMilliseconds: 5_000)  // the start delay of the host's START
            let ana = w.player("Ana")
            w.player("Bo")
            w.type("START", from: ana)
            return W.reply(w, ana, "RULES PAIRS 3")
        }
        add("no-round") { let w = W.hub(); return W.reply(w, w.player("Ana"), "y") }
        add("no-round") {  // between games
            let (w, ana, bo) = W.game(rules: Rules(roundMilliseconds: 5_000, pairCount: 1))
            w.type("y", from: ana)
            w.type("y", from: bo)
            return W.reply(w, ana, "n")
        }
        add("no-round", ["STOP"]) { let w = W.hub(); return W.reply(w, w.player("Ana"), "STOP") }

        add("not-playing") {  // out
            let (w, ana, bo) = W.game(rules: Rules(roundMilliseconds: 5_000, maxIncorrect: 1, pairCount: 4))
            w.answer(from: bo, rightly: false)
            w.answer(from: ana, rightly: true)
            w.deliverTracked()
            w.advance(by: 300)
            return W.reply(w, bo, "y")
        }
        add("not-playing") {  // joined during the game
            let (w, _, _) = W.game()
            return W.reply(w, w.player("Cy"), "y")
        }
        add("not-playing") {  // the host of a room made with HOST
            let w = W.hub()
            let (host, room, _) = try W.hosted(w)
            w.player("Bo", room: room)
            w.type("START", from: host)
            w.advance(by: GameSettings.defaultStartDelayMilliseconds)
            w.deliverTracked()
            w.advance(by: 300)
            return W.reply(w, host, "y")
        }
        add("not-playing") {  // a viewer
            let (w, _, _) = W.game()
            let viewer = w.connect()
            w.type("WATCH", from: viewer)
            return W.reply(w, viewer, "y")
        }
        add("already-answered") {
            let (w, ana, _) = W.game()
            w.type("y", from: ana)
            return W.reply(w, ana, "n")
        }
        add("too-soon") {
            let (w, ana, bo) = W.game()
            w.type("y", from: ana)
            w.type("y", from: bo)
            w.deliverTracked()
            w.advance(by: 100)  // under the 150 ms reading floor
            return W.reply(w, ana, "y")
        }
        add("too-late") {
            let w = W.hub()
            let ana = w.player("Ana"), bo = w.player("Bo")
            w.type("START", from: ana)
            let tag = try #require(w.lastTag)
            w.deliver(tag: tag, to: ana)
            w.advance(by: 1_000)
            w.deliver(tag: tag, to: bo)  // Bo's pair left later: the round is open past Ana's deadline
            w.advance(by: 4_500)
            return W.reply(w, ana, "y")
        }
        for (line, covers) in [("ANSWER 0 y", ["ANSWER <round> …", "0"]), ("ANSWER 2 y", ["ANSWER <round> …"])] {
            add("wrong-round", covers) { let (w, ana, _) = W.game(); return W.reply(w, ana, line) }
        }
        add("server-full", ["WATCH"]) {
            let w = W.hub()
            let (_, room, _) = try W.hosted(w)
            for _ in 0..<50 {
                let viewer = w.connect()
                w.type("WATCH \(room)", from: viewer)
                #expect(viewer.unread.contains("YOU VIEWING"))
            }
            return W.reply(w, w.connect(), "WATCH \(room)")
        }
        add("server-full", ["UPLOAD"]) {
            let w = W.hub()
            for _ in 0..<ListLimits.uploadsOpen {
                #expect(W.reply(w, try W.hosted(w).client, "UPLOAD pets English French") == "OK UPLOAD")
            }
            #expect(rows.first { $0.code == "server-full" }?.when.contains("32 uploads") == true && ListLimits.uploadsOpen == 32)
            return W.reply(w, try W.hosted(w).client, "UPLOAD pets English French")
        }

        add("bad-code", ["RESUME <code>"]) { let w = W.hub(); return W.reply(w, w.connect(), "RESUME AAAAAAAA") }
        add("bad-code", ["RESUME <code>"]) {  // the grace ran out
            let w = W.hub()
            let bo = w.player("Bo")
            let code = w.code(of: bo)
            w.drop(bo)
            w.advance(by: GameSettings.defaultResumeGraceMilliseconds + 1)
            return W.reply(w, w.connect(), "RESUME \(code)")
        }
        for giveUp in ["QUIT", "LEAVE", "KICK", "CLOSE"] {
            add("bad-code", ["RESUME <code>", giveUp]) {
                let w = W.hub()
                let (host, room, _) = try W.hosted(w)
                let bo = w.player("Bo", room: room)
                let code = w.code(of: bo)
                switch giveUp {
                case "KICK": w.type("KICK Bo", from: host)
                case "CLOSE": w.type("CLOSE", from: host)
                default: w.type(giveUp, from: bo)
                }
                return W.reply(w, w.connect(), "RESUME \(code)")
            }
        }
        for line in ["RULES PAIRS 500", "RULES LIST nosuch"] {
            add("bad-rules", ["RULES"]) { let w = W.hub(); return W.reply(w, w.player("Ana"), line) }
        }
        add("bad-rules", ["PRACTICE"]) { let w = W.hub(); return W.reply(w, w.connect(), "PRACTICE nosuch") }
        add("slow-down", ["RESUME"]) {
            let w = W.hub()
            let guesser = w.connect()
            for _ in 0..<ConnectionLimits().resumeGuesses {
                #expect(W.reply(w, guesser, "RESUME AAAAAAAA").hasPrefix("ERROR bad-code "))
            }
            let line = W.reply(w, guesser, "RESUME AAAAAAAA")
            #expect(w.holds.last?.milliseconds == 6_000 && (rows.first { $0.code == "slow-down" }?.when.contains("wait 6 s") == true))
            return line
        }

        // A fleet: the directory answers as Redis would.
        let elsewhere = DirectoryAnswer.elsewhere(Elsewhere(host: "192.0.2.3", port: 4001, web: "")!)
        let named: [(line: String, covers: String, asked: DirectoryDouble.Request)] = [
            ("JOIN K7PX", "JOIN", .findRoom("k7px")), ("WATCH K7PX", "WATCH", .findRoom("k7px")),
            ("HOST K7PX ABCDEFGHJKMN", "HOST <room> <key>", .findRoom("k7px")), ("RESUME AAAAAAAA", "RESUME", .findSeat("AAAAAAAA")),
        ]
        add("moved", ["HOST"]) {  // a new room, on a server that drains
            let w = W.hub(fleet: true)
            w.hub.startDraining()
            let host = w.connect()
            w.type("HOST", from: host)
            w.answerDirectory(.findServerForNewRoom, elsewhere)
            let lines = w.take(host)
            #expect(lines.count == 3 && lines[1].hasPrefix("MOVED "), "MOVED just before: \(lines)")
            return lines.last ?? ""
        }
        for (line, covers, asked) in named {
            add("moved", [covers]) {
                let w = W.hub(fleet: true)
                let bo = w.connect()
                w.type("NAME Bo", from: bo)
                _ = w.take(bo)
                w.type(line, from: bo)
                w.answerDirectory(asked, elsewhere)
                let lines = w.take(bo)
                #expect(lines.count == 2 && lines[0].hasPrefix("MOVED "), "MOVED just before: \(lines)")
                return lines.last ?? ""
            }
            add("room-gone", [covers]) {
                let w = W.hub(fleet: true)
                let bo = w.connect()
                w.type("NAME Bo", from: bo)
                _ = w.take(bo)
                w.type(line, from: bo)
                w.answerDirectory(asked, .gone)
                return w.take(bo).last ?? ""
            }
            add("directory-down", covers == "JOIN" ? [covers] : []) {  // the row says "the room or seat"
                let w = W.hub(fleet: true)
                let bo = w.connect()
                w.type("NAME Bo", from: bo)
                _ = w.take(bo)
                w.type(line, from: bo)
                w.answerDirectory(asked, .unreachable)
                return w.take(bo).last ?? ""
            }
        }
        for (line, covers) in [("HOST", "HOST"), ("JOIN friends", "JOIN")] {  // a new room's name cannot be claimed
            add("directory-down", [covers]) {
                let w = W.hub(fleet: true)
                let bo = w.connect()
                w.type("NAME Bo", from: bo)
                _ = w.take(bo)
                w.type(line, from: bo)
                let asked = try #require(w.directory?.pending.first?.request)
                w.answerDirectory(asked, .unreachable)
                return w.take(bo).last ?? ""
            }
        }
        cases += listCases() + missedCases()
        return cases
    }

    /// The word list commands' rows (Protocol.md §4, "Word lists"), through the hub and its list store.
    static func listCases() -> [Case] {
        var cases: [Case] = []
        func add(_ code: String, _ covers: [String] = [], _ run: @escaping () throws -> String) {
            cases.append(Case(code: code, covers: covers, run: run))
        }
        /// A server whose own lists (`SERVER`) hold `animals`.
        func withAnimals(listStore: Bool = false) -> HubWorld {
            HubWorld(settings: GameSettings(words: TestServer.defaultWords, wordLists: ["animals": RoomRulesTests.animals]),
                     listStore: listStore)
        }
        /// The reply to `line` once the upload of `lines` (languages `from`, `to`) is open.
        func ending(_ line: String, _ lines: [String], from: String = "English", to: String = "French") throws -> String {
            let w = W.hub()
            let host = try W.hosted(w).client
            W.upload(w, host, "pets", lines, from: from, to: to)
            return W.reply(w, host, line)
        }

        add("bad-list", ["CHECK"]) { try ending("CHECK", ["just one", "cell"]) }  // no pair read
        add("bad-list", ["SAVE"]) { try ending("SAVE", ["cat,chat"]) }  // no word with a wrong translation to show
        add("bad-list", ["CHECK"]) { try ending("CHECK", ["cat,chat", "dog,chien"], from: "", to: "") }  // no languages
        add("bad-list", ["DELETE"]) { let w = W.hub(); return W.reply(w, try W.hosted(w).client, "DELETE ghosts ABCDEFGHJKMN") }

        add("list-taken", ["UPLOAD"]) { let w = withAnimals(); return W.reply(w, try W.hosted(w).client, "UPLOAD animals English French") }
        for key in ["", " ABCDEFGHJKMN"] {  // a saved list without its key, with a wrong one
            add("list-taken", ["UPLOAD"]) {
                let w = W.hub()
                try W.saved(w, try W.hosted(w).client, "pets")
                return W.reply(w, try W.hosted(w).client, "UPLOAD pets English French" + key)
            }
        }
        add("list-taken", ["UPLOAD"]) {  // a list being saved that moment
            let w = HubWorld(listStore: true)
            let saving = try W.hosted(w).client
            W.upload(w, saving, "pets")
            w.type("SAVE", from: saving)
            return W.reply(w, try W.hosted(w).client, "UPLOAD pets English French")
        }
        add("list-taken", ["SAVE"]) {  // another host saved a list of that name meanwhile
            let w = W.hub()
            let late = try W.hosted(w).client
            W.upload(w, late, "pets")
            try W.saved(w, try W.hosted(w).client, "pets")
            return W.reply(w, late, "SAVE")
        }
        add("list-taken", ["SAVE"]) {  // …and is saving it that moment
            let w = HubWorld(listStore: true)
            let late = try W.hosted(w).client
            W.upload(w, late, "pets")
            let saving = try W.hosted(w).client
            W.upload(w, saving, "pets")
            w.type("SAVE", from: saving)
            return W.reply(w, late, "SAVE")
        }
        add("list-taken", ["DELETE"]) { let w = withAnimals(); return W.reply(w, try W.hosted(w).client, "DELETE animals ABCDEFGHJKMN") }
        add("list-taken", ["DELETE"]) {
            let w = W.hub()
            let host = try W.hosted(w).client
            try W.saved(w, host, "pets")
            return W.reply(w, host, "DELETE pets ABCDEFGHJKMN")
        }
        add("list-taken", ["DELETE"]) {  // being replaced that moment
            let w = HubWorld(listStore: true)
            let host = try W.hosted(w).client
            let key = try W.saved(w, host, "pets")
            let other = try W.hosted(w).client
            W.upload(w, other, "pets", key: key)
            w.type("SAVE", from: other)
            return W.reply(w, host, "DELETE pets \(key)")
        }

        add("too-many-lists", ["UPLOAD"]) {
            let w = W.hub()
            let host = try W.hosted(w).client
            for index in 1...ListLimits.listsPerServer { try W.saved(w, host, "list\(index)") }
            #expect(rows.first { $0.code == "too-many-lists" }?.when.contains("100 lists") == true && ListLimits.listsPerServer == 100)
            return W.reply(w, host, "UPLOAD one-more English French")
        }
        add("too-many-lists", ["SAVE"]) {  // the 100th list was saved meanwhile
            let w = W.hub()
            let host = try W.hosted(w).client
            for index in 1..<ListLimits.listsPerServer { try W.saved(w, host, "list\(index)") }
            let late = try W.hosted(w).client
            W.upload(w, late, "one-more")
            try W.saved(w, host, "list100")
            return W.reply(w, late, "SAVE")
        }

        add("upload-too-big", ["LINE"]) {  // past 1,200 lines
            let w = W.hub()
            let host = try W.hosted(w).client
            W.upload(w, host, "big", (1...ListLimits.linesPerUpload).map { "w\($0),m\($0)" })
            #expect(rows.first { $0.code == "upload-too-big" }?.when.contains("1,200 lines or 256 KiB") == true
                        && ListLimits.linesPerUpload == 1_200 && ListLimits.bytesPerUpload == 256 * 1024)
            return W.reply(w, host, "LINE one,too many")
        }
        add("upload-too-big", ["LINE"]) {  // past 256 KiB
            let w = W.hub()
            let host = try W.hosted(w).client
            let side = String(repeating: "x", count: 200)
            W.upload(w, host, "big", Array(repeating: "\(side),\(side)", count: ListLimits.bytesPerUpload / (2 * 200 + 1)))
            return W.reply(w, host, "LINE \(side),\(side)")
        }
        add("upload-too-big", ["CHECK"]) {  // of such an upload
            let w = W.hub()
            let host = try W.hosted(w).client
            W.upload(w, host, "big", (1...ListLimits.linesPerUpload + 1).map { "w\($0),m\($0)" })
            return W.reply(w, host, "CHECK")
        }
        add("upload-too-big", ["SAVE"]) {  // of more than 1,000 pairs
            #expect(rows.first { $0.code == "upload-too-big" }?.when.contains("more than 1,000 pairs") == true
                        && ListLimits.pairsPerList == 1_000)
            return try ending("SAVE", (1...ListLimits.pairsPerList + 1).map { "w\($0),m\($0)" })
        }

        for line in ["LINE a,b", "CHECK", "SAVE"] {
            add("no-upload", [String(line.prefix { $0 != " " })]) { let w = W.hub(); return W.reply(w, try W.hosted(w).client, line) }
        }

        add("list-in-use", ["DELETE"]) { try W.deletingAListInUse() }

        for command in ["SAVE", "DELETE"] {
            add("list-not-saved", [command]) { try W.listStoreFails(command, problem: "lists/pets.json: Permission denied") }
        }
        return cases
    }

    /// `nothing-missed`: "no game yet, nobody missed a pair, or none of the missed words is in the list now".
    static func missedCases() -> [Case] {
        typealias H = HardestFlowTests
        func room() throws -> (HubWorld, host: HubWorld.Client, ana: HubWorld.Client) {
            let world = HubWorld(settings: GameSettings(words: TestServer.defaultWords, wordLists: ["animals": RoomRulesTests.animals],
                                                        rules: H.rules, seed: 1, startDelayMilliseconds: 0))
            let (host, _, _, players) = try H.classroom(world, ["Ana"])
            return (world, host, players[0])
        }
        return [
            Case(code: "nothing-missed", covers: ["START MISSED"]) {
                let (w, host, _) = try room()
                return W.reply(w, host, "START MISSED")
            },
            Case(code: "nothing-missed", covers: ["START MISSED"]) {
                let (w, host, ana) = try room()
                w.type("START", from: host)
                H.play(w, [(ana, [true, true, true])])
                return W.reply(w, host, "START MISSED")
            },
            Case(code: "nothing-missed", covers: ["START MISSED"]) {
                let (w, host, ana) = try room()
                w.type("START", from: host)
                H.play(w, [(ana, [false, true, true])])
                w.type("RULES LIST animals", from: host)
                let reply = W.reply(w, host, "START MISSED")
                #expect(reply.contains("None of the words missed in the last game is in list animals"), "\(reply)")
                return reply
            },
        ]
    }
}
