import Testing
import WordGame
import WordGameProtocol
import WordGameTestSupport
@testable import WordGameServer

/// Protocol.md §3, "When several errors apply to one line, the server sends
/// only the first of them in this order": for each command, lines to which
/// several errors apply at once, answered with the one the document's list
/// puts first. The lists are read from the document; every code of each list
/// wins a case, and every two neighbours of a list apply together in a case
/// unless no line can break both (said below, with why).
@Suite struct DocumentCheckOrderTests {
    typealias W = DocumentWorld

    /// A line, the errors that apply to it (codes of its command's list), and the line that answered it.
    struct Case: CustomStringConvertible {
        let label: String
        let applying: Set<String>
        let run: () throws -> String
        var description: String { "\(label) with \(applying.sorted())" }
    }

    /// Neighbours of a list that no one line can break both of, and why.
    static let exclusive: [String: [String: String]] = [
        "`JOIN`": [
            "bad-room no-room": "a name that is no room name is never looked up",
            "no-room too-many-rooms": "the first is for a room JOIN may not make, the second for one it would",
            "no-room draining": "the first is for a room JOIN may not make, the second for one it would",
            "room-gone draining": "a room gone is looked up, never made",
            "draining room-locked": "a locked room exists; draining stops a new one",
            "too-many-rooms room-locked": "a locked room exists; too many rooms stops a new one",
        ],
        "`HOST <room> <key>`": ["bad-room no-room": "a name that is no room name is never looked up",
                                "no-room bad-key": "a key is checked against a room that exists"],
        "`WATCH`": ["bad-room no-room": "a name that is no room name is never looked up",
                    "no-room server-full": "only a room that exists has viewers"],
        "`START`": ["not-in-room game-on": "a game is a room's"],
        "`LOCK`, `UNLOCK`, `CLOSE`": ["not-in-room not-host": "hosting is in a room"],
        "`KICK`": ["not-in-room not-host": "hosting is in a room", "no-such-player bad-argument": "yourself is in the room"],
        "`STOP`": ["not-in-room not-host": "hosting is in a room"],
        "`RULES` with settings": ["not-in-room not-host": "hosting is in a room"],
        "answers": ["not-in-room no-round": "a pair is a room's", "not-playing already-answered": "only a player still in has answered",
                    "too-soon too-late": "the floor ends long before the deadline"],
        "`START MISSED`": ["not-in-room game-on": "a game is a room's"],
        "`UPLOAD`": ["not-in-room not-host": "hosting is in a room"],
        "`LINE`": ["no-upload upload-too-big": "a LINE past the limits is one of an upload open"],
        "`CHECK`": ["no-upload upload-too-big": "an upload too big stays open, discarded, until its CHECK or SAVE"],
        "`SAVE`": ["no-upload upload-too-big": "an upload too big stays open, discarded, until its CHECK or SAVE",
                   "too-many-lists list-not-saved": "a file is written only for a list the server may keep"],
        "`DELETE`": ["not-in-room not-host": "hosting is in a room",
                     "bad-list list-taken": "a name no list has is no server list, and has no key to be wrong",
                     "list-in-use list-not-saved": "a file is deleted only when no room's rules name its list"],
    ]

    static let orders = W.document.checkOrders

    @Test func eachCommandsErrorsComeInTheDocumentsOrder() throws {
        let cases = Self.cases()
        for test in cases {
            let order = try #require(Self.orders.first { $0.label == test.label }, "§3 lists no \(test.label)").order
            #expect(test.applying.isSubset(of: order), "\(test): §3's list for \(test.label) is \(order)")
            let first = try #require(order.first { test.applying.contains($0) })
            let reply = try test.run()
            #expect(reply.hasPrefix("ERROR \(first) \""), "\(test): \(reply)")
        }
        for order in Self.orders where !order.codes.isEmpty {
            let mine = cases.filter { $0.label == order.label }
            for code in order.order where !mine.contains(where: { order.order.first(where: $0.applying.contains) == code }) {
                Issue.record("\(order): no case where \(code) comes first")
            }
            // Neighbours of the list (a code said to come in the place of the one before it is that one's alternative).
            let chain = order.codes.filter { !$0.inPlaceOfPrevious }.map(\.code)
            for (earlier, later) in zip(chain, chain.dropFirst()) {
                let together = mine.contains { $0.applying.contains(earlier) && $0.applying.contains(later) }
                let why = Self.exclusive[order.label]?["\(earlier) \(later)"]
                let wrong = together ? "apply together in a case, yet are said not to" : "never apply together in a case"
                #expect(together != (why != nil), "\(order): \(earlier) and \(later) \(wrong)")
            }
        }
    }

    /// `MODE`, `HELP`, `STATUS`, `LISTS`, `PING`, `QUIT`: "none; they work in any state".
    @Test func theCommandsWithoutErrorsWorkInEveryState() throws {
        let none = try #require(Self.orders.first { $0.codes.isEmpty })
        let commands = ProtocolDocument.quoted(none.label)
        #expect(commands == ["MODE", "HELP", "STATUS", "LISTS", "PING", "QUIT"])
        let states: [(String, () throws -> (HubWorld, HubWorld.Client))] = [
            ("outside", { let w = W.hub(); return (w, w.connect()) }),
            ("in a lobby", { let w = W.hub(); return (w, w.player("Ana")) }),
            ("playing", { let (w, ana, _) = W.game(); return (w, ana) }),
            ("hosting", { let w = W.hub(); return (w, try W.hosted(w).client) }),
            ("viewing", { let (w, _, _) = W.game(); let viewer = w.connect(); w.type("WATCH", from: viewer); return (w, viewer) }),
        ]
        for command in commands {
            for (state, make) in states {
                let (world, client) = try make()
                let line = command == "MODE" ? "MODE MACHINE" : command
                let reply = W.reply(world, client, line)
                #expect(!reply.hasPrefix("ERROR ") && !reply.isEmpty, "\(command) \(state): \(reply)")
            }
        }
    }

    /// `RULES` with settings: "`bad-rules` (the first setting out of range, in the order `PAIRS`, `SECONDS`, `OUT`, `LIST`)".
    @Test func theFirstSettingOutOfRangeIsTheOneNamed() throws {
        let item = try #require(Self.orders.first { $0.label == "`RULES` with settings" })
        let line = W.document.lines[(item.line - 1)...].prefix(4).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        let tail = try #require(line.range(of: "in the order"))
        let order = Array(ProtocolDocument.quoted(String(line[tail.upperBound...])).prefix(4))
        #expect(order == ["PAIRS", "SECONDS", "OUT", "LIST"])
        let outOfRange = ["PAIRS": "PAIRS 0", "SECONDS": "SECONDS 61", "OUT": "OUT 101", "LIST": "LIST nosuch"]
        for (index, setting) in order.enumerated() {
            // Every setting from this one on is out of range, written in the reverse order.
            let settings = order[index...].reversed().map { outOfRange[$0]! }.joined(separator: " ")
            let world = W.hub()
            let reply = W.reply(world, world.player("Ana"), "RULES \(settings)")
            let named = setting == "LIST" ? "nosuch" : setting
            #expect(reply.hasPrefix("ERROR bad-rules \"") && reply.contains(named)
                        && !order[(index + 1)...].contains { reply.contains($0 == "LIST" ? "nosuch" : $0) },
                    "RULES \(settings): \(reply)")
        }
    }

    /// §4 NAME: "The text of `bad-name` says which one limit the name broke, checked in this order: …". Each name
    /// below breaks the limit of its place in the list and every limit after it: the text names the first.
    @Test func aNameThatBreaksSeveralLimitsIsToldTheFirst() throws {
        let prose = W.document.section("### NAME").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        let start = try #require(prose.range(of: "checked in this order: "))
        var phrases: [String] = []
        var depth = 0
        var phrase = ""
        for character in prose[start.upperBound...] {
            if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
            if character == ".", depth == 0 { break }  // the list's end (a full stop inside parentheses is not)
            if character == ",", depth == 0 {
                phrases.append(phrase.trimmingCharacters(in: .whitespaces))
                phrase = ""
            } else {
                phrase.append(character)
            }
        }
        phrases.append(phrase.trimmingCharacters(in: .whitespaces))
        // What each limit's text says, and a name breaking it and every limit after it (a flag takes 2 columns
        // and 8 bytes; a letter with 3 accents, 1 column and 7 bytes).
        let limits: [(phrase: String, says: String, name: String)] = [
            ("a character it may not hold", "U+202E", String(repeating: "🇪🇸", count: 20) + "\u{202E}"),
            ("an empty name", "is empty", "\"\""),
            ("the number of characters", "Names are 1 to 16 characters", String(repeating: "🇪🇸", count: 17)),
            ("the columns", "columns wide", String(repeating: "🇪🇸", count: 9)),
            ("the bytes", "bytes", String(repeating: "e\u{301}\u{302}\u{303}", count: 10)),
        ]
        #expect(phrases.map { $0.components(separatedBy: " (").first! } == limits.map(\.phrase), "\(phrases)")
        for (phrase, says, name) in limits {
            let world = W.hub()
            let reply = W.reply(world, world.connect(), "NAME \(name)")
            #expect(reply.hasPrefix("ERROR bad-name \"") && reply.contains(says), "\(phrase): \(reply)")
        }
    }

    /// Items 1 to 3 of the list: the line itself, then the command word, then the command's syntax, before any
    /// state. (The line's own errors, over the wire, are in `DocumentLineErrorTests`.)
    @Test func syntaxComesBeforeState() throws {
        let section = W.document.section("## 3. Errors")
        let item = try #require(section.firstIndex { $0.hasPrefix("3. `bad-argument`") })
        let example = try #require(ProtocolDocument.quoted(section[item...].prefix(3).joined(separator: " ")).first { $0.contains(" ") })
        #expect(example == "ANSWER 7 maybe")
        let world = W.hub()
        let outside = world.connect()
        #expect(W.reply(world, outside, example).hasPrefix("ERROR bad-argument "))
        #expect(W.reply(world, outside, "FOO 7").hasPrefix("ERROR unknown-command "))
        let (game, ana, _) = W.game()
        #expect(W.reply(game, ana, "QUIT now").hasPrefix("ERROR bad-argument "))
        #expect(W.reply(game, ana, "KICK").hasPrefix("ERROR bad-argument "))
    }

    // MARK: The cases

    static func cases() -> [Case] {
        var cases: [Case] = []
        func add(_ label: String, _ applying: Set<String>, _ run: @escaping () throws -> String) {
            cases.append(Case(label: label, applying: applying, run: run))
        }
        /// A connection named `name` outside any room.
        func named(_ world: HubWorld, _ name: String = "Bo") -> HubWorld.Client {
            let client = world.connect()
            world.type("NAME \(name)", from: client)
            return client
        }
        /// A world holding the most rooms a server has.
        func full(fleet: Bool = false) throws -> HubWorld {
            let world = W.hub(fleet: fleet)
            for _ in 0..<GameSettings.defaultMaxRooms {
                let host = world.connect()
                world.type("HOST", from: host)
                if fleet, let asked = world.directory?.pending.first?.request { world.answerDirectory(asked, .ours) }
            }
            #expect(world.hub.rooms.count == GameSettings.defaultMaxRooms)
            return world
        }
        let elsewhere = DirectoryAnswer.elsewhere(Elsewhere(host: "192.0.2.3", port: 4001, web: "")!)
        /// A command about room K7PX on a fleet, the directory answering that it is elsewhere, out of reach, or gone.
        func addDirectoryAnswers(_ label: String, typing line: String, asking request: DirectoryDouble.Request = .findRoom("k7px"),
                                 from client: @escaping (HubWorld) -> HubWorld.Client = { $0.connect() }) {
            for (answer, code) in [(elsewhere, "moved"), (.unreachable, "directory-down"), (.gone, "room-gone")] {
                add(label, [code]) {
                    let w = W.hub(fleet: true)
                    let typist = client(w)
                    w.type(line, from: typist)
                    _ = w.take(typist)
                    w.answerDirectory(request, answer)
                    return w.take(typist).last ?? ""
                }
            }
        }

        add("`NAME`", ["already-in-room", "bad-name"]) {
            let w = W.hub()
            return W.reply(w, w.player("Ana"), "NAME ThisNameIsWayTooLongTruly")
        }
        add("`NAME`", ["bad-name"]) { let w = W.hub(); return W.reply(w, w.connect(), "NAME ThisNameIsWayTooLongTruly") }

        // JOIN. A host of a room made with HOST may have no name: in a room, and nameless.
        add("`JOIN`", ["already-in-room", "no-name", "bad-room"]) { let w = W.hub(); return W.reply(w, try W.hosted(w).client, "JOIN b@d") }
        add("`JOIN`", ["no-name", "bad-room"]) { let w = W.hub(); return W.reply(w, w.connect(), "JOIN b@d") }
        add("`JOIN`", ["no-name", "no-room"]) { let w = W.hub(); return W.reply(w, w.connect(), "JOIN K7PX") }
        add("`JOIN`", ["bad-room"]) { let w = W.hub(); return W.reply(w, named(w), "JOIN b@d") }
        add("`JOIN`", ["no-room"]) { let w = W.hub(openRooms: false); return W.reply(w, named(w), "JOIN friends") }
        add("`JOIN`", ["no-name", "too-many-rooms"]) { let w = try full(); return W.reply(w, w.connect(), "JOIN friends") }
        add("`JOIN`", ["too-many-rooms"]) { let w = try full(); return W.reply(w, named(w), "JOIN friends") }
        add("`JOIN`", ["draining", "too-many-rooms"]) {
            let w = try full()
            w.hub.startDraining()
            return W.reply(w, named(w), "JOIN friends")
        }
        add("`JOIN`", ["draining"]) {
            let w = W.hub(fleet: true)
            w.hub.startDraining()
            let bo = named(w)
            w.type("JOIN friends", from: bo)
            _ = w.take(bo)
            w.answerDirectory(.findRoom("friends"), .nowhere)
            return w.take(bo).last ?? ""
        }
        add("`JOIN`", ["no-name", "moved"]) {
            let w = W.hub(fleet: true)
            let reply = W.reply(w, w.connect(), "JOIN K7PX")
            #expect(w.directory?.asked == [], "the directory is asked only once the line's own checks pass")
            return reply
        }
        addDirectoryAnswers("`JOIN`", typing: "JOIN K7PX", from: { named($0) })
        add("`JOIN`", ["room-locked", "name-taken"]) {
            let w = W.hub()
            let (host, room, _) = try W.hosted(w)
            w.player("Bo", room: room)
            w.type("LOCK", from: host)
            return W.reply(w, named(w), "JOIN \(room)")
        }
        add("`JOIN`", ["name-taken"]) {
            let w = W.hub()
            w.player("Bo")
            return W.reply(w, named(w), "JOIN")
        }

        // HOST
        add("`HOST`", ["already-in-room", "too-many-rooms"]) {
            let w = W.hub()
            let ana = w.player("Ana")
            for _ in 1..<GameSettings.defaultMaxRooms { _ = try W.hosted(w) }
            return W.reply(w, ana, "HOST")
        }
        add("`HOST`", ["already-in-room", "draining"]) {
            let w = W.hub()
            let ana = w.player("Ana")
            w.hub.startDraining()
            return W.reply(w, ana, "HOST")
        }
        add("`HOST`", ["draining", "too-many-rooms"]) {
            let w = try full()
            w.hub.startDraining()
            return W.reply(w, w.connect(), "HOST")
        }
        add("`HOST`", ["moved", "too-many-rooms"]) {  // draining on a fleet: sent on, never refused for the count
            let w = try full(fleet: true)
            w.hub.startDraining()
            let host = w.connect()
            w.type("HOST", from: host)
            w.answerDirectory(.findServerForNewRoom, .elsewhere(Elsewhere(host: "192.0.2.3", port: 4001, web: "")!))
            return w.take(host).last ?? ""
        }
        add("`HOST`", ["too-many-rooms", "directory-down"]) {
            let w = try full(fleet: true)
            let reply = W.reply(w, w.connect(), "HOST")
            #expect(w.directory?.pending.isEmpty == true, "a full server asks the directory nothing")
            return reply
        }
        add("`HOST`", ["directory-down"]) {
            let w = W.hub(fleet: true)
            let host = w.connect()
            w.type("HOST", from: host)
            let asked = try #require(w.directory?.pending.first?.request)
            w.answerDirectory(asked, .unreachable)
            return w.take(host).last ?? ""
        }

        // HOST <room> <key>
        add("`HOST <room> <key>`", ["already-in-room", "bad-room"]) {
            let w = W.hub()
            return W.reply(w, w.player("Ana"), "HOST b@d ABCDEFGHJKMN")
        }
        add("`HOST <room> <key>`", ["bad-room"]) { let w = W.hub(); return W.reply(w, w.connect(), "HOST b@d ABCDEFGHJKMN") }
        add("`HOST <room> <key>`", ["no-room"]) { let w = W.hub(); return W.reply(w, w.connect(), "HOST k7px ABCDEFGHJKMN") }
        add("`HOST <room> <key>`", ["already-in-room", "bad-key"]) {
            let w = W.hub()
            let (_, room, _) = try W.hosted(w)
            return W.reply(w, w.player("Ana"), "HOST \(room) ABCDEFGHJKMN")
        }
        add("`HOST <room> <key>`", ["bad-key"]) {
            let w = W.hub()
            let (_, room, _) = try W.hosted(w)
            return W.reply(w, w.connect(), "HOST \(room) ABCDEFGHJKMN")
        }
        addDirectoryAnswers("`HOST <room> <key>`", typing: "HOST K7PX ABCDEFGHJKMN")

        // WATCH
        add("`WATCH`", ["already-in-room", "bad-room"]) { let w = W.hub(); return W.reply(w, w.player("Ana"), "WATCH b@d") }
        add("`WATCH`", ["bad-room"]) { let w = W.hub(); return W.reply(w, w.connect(), "WATCH b@d") }
        add("`WATCH`", ["no-room"]) { let w = W.hub(); return W.reply(w, w.connect(), "WATCH nosuch") }
        for inRoom in [true, false] {
            add("`WATCH`", inRoom ? ["already-in-room", "server-full"] : ["server-full"]) {
                let w = W.hub()
                let (_, room, _) = try W.hosted(w)
                for _ in 0..<50 { w.type("WATCH \(room)", from: w.connect()) }
                return W.reply(w, inRoom ? w.player("Ana") : w.connect(), "WATCH \(room)")
            }
        }
        addDirectoryAnswers("`WATCH`", typing: "WATCH K7PX")

        // RESUME: past the address's allowance, slow-down comes in bad-code's place.
        add("`RESUME`", ["already-in-room", "bad-code"]) { let w = W.hub(); return W.reply(w, w.player("Ana"), "RESUME AAAAAAAA") }
        add("`RESUME`", ["bad-code"]) { let w = W.hub(); return W.reply(w, w.connect(), "RESUME AAAAAAAA") }
        for inRoom in [true, false] {
            add("`RESUME`", inRoom ? ["already-in-room", "slow-down"] : ["slow-down"]) {
                let w = W.hub()
                let ana = w.player("Ana")
                let guesser = w.connect()
                for _ in 0..<ConnectionLimits().resumeGuesses { w.type("RESUME AAAAAAAA", from: guesser) }
                return W.reply(w, inRoom ? ana : guesser, "RESUME AAAAAAAA")
            }
        }
        addDirectoryAnswers("`RESUME`", typing: "RESUME AAAAAAAA", asking: .findSeat("AAAAAAAA"))

        // START
        add("`START`", ["not-in-room"]) { let w = W.hub(); return W.reply(w, w.connect(), "START") }
        add("`START`", ["game-on", "not-host"]) { let (w, _, bo) = W.game(); return W.reply(w, bo, "START") }
        add("`START`", ["game-on"]) { let (w, ana, _) = W.game(); return W.reply(w, ana, "START") }
        add("`START`", ["not-host", "no-players"]) {
            let w = W.hub()
            let (_, room, _) = try W.hosted(w)
            let viewer = w.connect()
            w.type("WATCH \(room)", from: viewer)
            return W.reply(w, viewer, "START")
        }
        add("`START`", ["not-host"]) { let w = W.hub(); w.player("Ana"); return W.reply(w, w.player("Bo"), "START") }
        add("`START`", ["no-players"]) { let w = W.hub(); return W.reply(w, try W.hosted(w).client, "START") }

        for command in ["LOCK", "UNLOCK", "CLOSE"] {
            add("`LOCK`, `UNLOCK`, `CLOSE`", ["not-in-room"]) { let w = W.hub(); return W.reply(w, w.connect(), command) }
            add("`LOCK`, `UNLOCK`, `CLOSE`", ["not-host"]) { let w = W.hub(); w.player("Ana"); return W.reply(w, w.player("Bo"), command) }
        }

        // KICK
        add("`KICK`", ["not-in-room"]) { let w = W.hub(); return W.reply(w, named(w), "KICK Bo") }
        add("`KICK`", ["not-host", "no-such-player"]) { let w = W.hub(); w.player("Ana"); return W.reply(w, w.player("Bo"), "KICK Cy") }
        add("`KICK`", ["not-host", "bad-argument"]) { let w = W.hub(); w.player("Ana"); return W.reply(w, w.player("Bo"), "KICK Bo") }
        add("`KICK`", ["no-such-player"]) { let w = W.hub(); let ana = w.player("Ana"); w.player("Bo"); return W.reply(w, ana, "KICK Cy") }
        add("`KICK`", ["bad-argument"]) { let w = W.hub(); let ana = w.player("Ana"); w.player("Bo"); return W.reply(w, ana, "KICK Ana") }

        // STOP
        add("`STOP`", ["not-in-room"]) { let w = W.hub(); return W.reply(w, w.connect(), "STOP") }
        add("`STOP`", ["not-host", "no-round"]) { let w = W.hub(); w.player("Ana"); return W.reply(w, w.player("Bo"), "STOP") }
        add("`STOP`", ["not-host"]) { let (w, _, bo) = W.game(); return W.reply(w, bo, "STOP") }
        add("`STOP`", ["no-round"]) { let w = W.hub(); return W.reply(w, w.player("Ana"), "STOP") }

        // RULES
        add("`RULES` alone", ["not-in-room"]) { let w = W.hub(); return W.reply(w, w.connect(), "RULES") }
        add("`RULES` with settings", ["not-in-room", "bad-rules"]) { let w = W.hub(); return W.reply(w, w.connect(), "RULES PAIRS 500") }
        add("`RULES` with settings", ["not-host", "game-on", "bad-rules"]) {
            let (w, _, bo) = W.game()
            return W.reply(w, bo, "RULES PAIRS 500")
        }
        add("`RULES` with settings", ["game-on", "bad-rules"]) { let (w, ana, _) = W.game(); return W.reply(w, ana, "RULES PAIRS 500") }
        add("`RULES` with settings", ["bad-rules"]) { let w = W.hub(); return W.reply(w, w.player("Ana"), "RULES PAIRS 500") }

        // Answers
        add("answers", ["not-in-room"]) { let w = W.hub(); return W.reply(w, w.connect(), "ANSWER 7 y") }
        add("answers", ["no-round", "wrong-round"]) { let w = W.hub(); return W.reply(w, w.player("Ana"), "ANSWER 7 y") }
        add("answers", ["wrong-round", "not-playing"]) {  // out
            let (w, ana, bo) = W.game(rules: Rules(roundMilliseconds: 5_000, maxIncorrect: 1, pairCount: 4))
            w.type("ANSWER 1 y", from: bo)  // breakfast = desayuno: Bo is right
            w.type("ANSWER 1 n", from: ana)  // Ana is out, and the round closes: pair 2 opens
            return W.reply(w, ana, "ANSWER 3 y")
        }
        add("answers", ["wrong-round", "not-playing"]) {
            let (w, _, _) = W.game()
            let viewer = w.connect()
            w.type("WATCH", from: viewer)
            return W.reply(w, viewer, "ANSWER 2 y")
        }
        add("answers", ["wrong-round", "already-answered"]) {
            let (w, ana, _) = W.game()
            w.type("ANSWER 1 y", from: ana)
            return W.reply(w, ana, "ANSWER 2 y")
        }
        add("answers", ["not-playing", "too-soon"]) {
            let (w, ana, bo) = W.game(rules: Rules(roundMilliseconds: 5_000, maxIncorrect: 1, pairCount: 4))
            w.type("ANSWER 1 y", from: bo)
            w.type("ANSWER 1 n", from: ana)
            w.deliverTracked()
            w.advance(by: 100)  // within the reading floor of pair 2
            return W.reply(w, ana, "y")
        }
        add("answers", ["already-answered", "too-soon"]) {
            let (w, ana, bo) = W.game()
            w.type("y", from: ana)
            w.type("y", from: bo)
            w.deliverTracked()
            w.advance(by: 10)
            w.type("ANSWER 2 y", from: ana)  // a named answer is never too soon
            return W.reply(w, ana, "y")
        }
        add("answers", ["too-soon"]) {
            let (w, ana, bo) = W.game()
            w.type("y", from: ana)
            w.type("y", from: bo)
            w.deliverTracked()
            w.advance(by: 100)
            return W.reply(w, ana, "y")
        }
        add("answers", ["already-answered", "too-late"]) {
            let w = W.hub()
            let ana = w.player("Ana"), bo = w.player("Bo")
            w.type("START", from: ana)
            let tag = try #require(w.lastTag)
            w.deliver(tag: tag, to: ana)
            w.advance(by: 1_000)
            w.deliver(tag: tag, to: bo)  // Bo's pair left later: the round is open past Ana's deadline
            w.type("y", from: ana)
            w.advance(by: 4_500)
            return W.reply(w, ana, "n")
        }
        add("answers", ["too-late"]) {
            let w = W.hub()
            let ana = w.player("Ana"), bo = w.player("Bo")
            w.type("START", from: ana)
            let tag = try #require(w.lastTag)
            w.deliver(tag: tag, to: ana)
            w.advance(by: 1_000)
            w.deliver(tag: tag, to: bo)
            w.advance(by: 4_500)
            return W.reply(w, ana, "n")
        }
        add("`LEAVE`", ["not-in-room"]) { let w = W.hub(); return W.reply(w, w.connect(), "LEAVE") }
        return cases + missedCases() + practiceCases() + listCases()
    }

    /// `START MISSED`: `not-in-room`, `game-on`, `not-host`, `nothing-missed`, `no-players`.
    static func missedCases() -> [Case] {
        typealias H = HardestFlowTests
        let label = "`START MISSED`"
        /// Room `main` of Ana (its host) and Bo after a game Bo got wrong: there are words to play again.
        func afterAGame() -> (HubWorld, ana: HubWorld.Client, bo: HubWorld.Client) {
            let w = HubWorld(rules: H.rules)
            let ana = w.player("Ana"), bo = w.player("Bo")
            w.type("START", from: ana)
            H.play(w, [(ana, [true, true, true]), (bo, [false, false, false])])
            return (w, ana, bo)
        }
        return [
            Case(label: label, applying: ["not-in-room"]) { let w = W.hub(); return W.reply(w, w.connect(), "START MISSED") },
            Case(label: label, applying: ["game-on", "not-host"]) { let (w, _, bo) = W.game(); return W.reply(w, bo, "START MISSED") },
            Case(label: label, applying: ["game-on"]) {
                let (w, ana, bo) = afterAGame()
                w.type("START", from: ana)
                w.deliverTracked()
                w.advance(by: 300)
                w.answer(from: bo, rightly: false)
                return W.reply(w, ana, "START MISSED")
            },
            Case(label: label, applying: ["not-host", "nothing-missed"]) {
                let w = W.hub()
                w.player("Ana")
                return W.reply(w, w.player("Bo"), "START MISSED")
            },
            Case(label: label, applying: ["not-host"]) { let (w, _, bo) = afterAGame(); return W.reply(w, bo, "START MISSED") },
            Case(label: label, applying: ["nothing-missed", "no-players"]) {
                let w = W.hub()
                return W.reply(w, try W.hosted(w).client, "START MISSED")
            },
            Case(label: label, applying: ["nothing-missed"]) { let w = W.hub(); return W.reply(w, w.player("Ana"), "START MISSED") },
            Case(label: label, applying: ["no-players"]) {  // a room made with HOST whose class missed words, then left
                let w = HubWorld(rules: H.rules)
                let (host, _, _, players) = try H.classroom(w, ["Ana"])
                w.type("START", from: host)
                H.play(w, [(players[0], [false, true, true])])
                w.type("LEAVE", from: players[0])
                return W.reply(w, host, "START MISSED")
            },
        ]
    }

    /// `PRACTICE`: `already-in-room`, `bad-rules`, `draining`, `too-many-rooms`.
    static func practiceCases() -> [Case] {
        let label = "`PRACTICE`"
        /// A hub holding the most rooms a server has, and Ana in one of them.
        func full() throws -> (HubWorld, ana: HubWorld.Client) {
            let w = W.hub()
            let ana = w.player("Ana")
            for _ in 1..<GameSettings.defaultMaxRooms { _ = try W.hosted(w) }
            #expect(w.hub.rooms.count == GameSettings.defaultMaxRooms)
            return (w, ana)
        }
        return [
            Case(label: label, applying: ["already-in-room", "bad-rules", "too-many-rooms"]) {
                let (w, ana) = try full()
                return W.reply(w, ana, "PRACTICE nosuch")
            },
            Case(label: label, applying: ["already-in-room"]) { let w = W.hub(); return W.reply(w, w.player("Ana"), "PRACTICE default") },
            Case(label: label, applying: ["bad-rules", "too-many-rooms"]) {
                let (w, _) = try full()
                return W.reply(w, w.connect(), "PRACTICE nosuch")
            },
            Case(label: label, applying: ["bad-rules"]) { let w = W.hub(); return W.reply(w, w.connect(), "PRACTICE nosuch") },
            Case(label: label, applying: ["bad-rules", "draining"]) {
                let w = W.hub()
                w.hub.startDraining()
                return W.reply(w, w.connect(), "PRACTICE nosuch")
            },
            Case(label: label, applying: ["draining", "too-many-rooms"]) {
                let (w, _) = try full()
                w.hub.startDraining()
                return W.reply(w, w.connect(), "PRACTICE default")
            },
            Case(label: label, applying: ["too-many-rooms"]) {
                let (w, _) = try full()
                return W.reply(w, w.connect(), "PRACTICE default")
            },
        ]
    }

    /// `UPLOAD`, `LINE`, `CHECK`, `SAVE` and `DELETE`: the word list commands.
    static func listCases() -> [Case] {
        var cases: [Case] = []
        func add(_ label: String, _ applying: Set<String>, _ run: @escaping () throws -> String) {
            cases.append(Case(label: label, applying: applying, run: run))
        }
        /// A server whose own lists hold `animals`, and room `club` (made with JOIN) of Bo, whose rules name it.
        func withAnimals(listStore: Bool = false) -> HubWorld {
            let w = HubWorld(settings: GameSettings(words: TestServer.defaultWords, wordLists: ["animals": RoomRulesTests.animals]),
                             listStore: listStore)
            let bo = w.player("Bo", room: "club")
            w.type("RULES LIST animals", from: bo)
            return w
        }
        /// The most uploads a server has open, each of a host of its own.
        func uploadsFull(_ w: HubWorld) throws {
            for _ in 0..<ListLimits.uploadsOpen {
                let host = try W.hosted(w).client
                W.upload(w, host, "pets", [])
                #expect(w.take(host) == ["OK UPLOAD"])
            }
        }
        /// A server with its 100 lists besides `default`, saved by `host`: their keys, by name.
        @discardableResult
        func listsFull(_ w: HubWorld, by host: HubWorld.Client) throws -> [String: String] {
            var keys: [String: String] = [:]
            for index in 1...ListLimits.listsPerServer { keys["list\(index)"] = try W.saved(w, host, "list\(index)") }
            return keys
        }
        /// An upload of `lines` without languages, whose header names none: too big (1,001 pairs), or no pair read.
        func unplayable(_ w: HubWorld, _ host: HubWorld.Client, tooBig: Bool, as name: String = "pets") {
            W.upload(w, host, name, tooBig ? (1...ListLimits.pairsPerList + 1).map { "w\($0),m\($0)" } : ["just one"], from: "", to: "")
        }

        // UPLOAD
        add("`UPLOAD`", ["not-in-room"]) { let w = W.hub(); return W.reply(w, w.connect(), "UPLOAD pets English French") }
        add("`UPLOAD`", ["not-host", "list-taken"]) {
            let w = withAnimals()
            return W.reply(w, w.player("Cy"), "UPLOAD animals English French")
        }
        add("`UPLOAD`", ["list-taken", "too-many-lists"]) {
            let (w, _) = try W.listsFullWhilePetsIsSaved()
            return W.reply(w, try W.hosted(w).client, "UPLOAD pets English French")
        }
        add("`UPLOAD`", ["list-taken", "server-full"]) {
            let w = withAnimals()
            try uploadsFull(w)
            return W.reply(w, try W.hosted(w).client, "UPLOAD animals English French")
        }
        add("`UPLOAD`", ["too-many-lists", "server-full"]) {
            let w = W.hub()
            let keys = try listsFull(w, by: try W.hosted(w).client)
            // The uploads open replace lists (with their keys): a new list's would not open.
            for index in 1...ListLimits.uploadsOpen {
                let host = try W.hosted(w).client
                W.upload(w, host, "list\(index)", [], key: keys["list\(index)"])
                #expect(w.take(host) == ["OK UPLOAD"])
            }
            return W.reply(w, try W.hosted(w).client, "UPLOAD one-more English French")
        }
        add("`UPLOAD`", ["server-full"]) {
            let w = W.hub()
            try uploadsFull(w)
            return W.reply(w, try W.hosted(w).client, "UPLOAD pets English French")
        }

        // LINE
        add("`LINE`", ["no-upload"]) { let w = W.hub(); return W.reply(w, try W.hosted(w).client, "LINE a,b") }
        add("`LINE`", ["upload-too-big"]) {
            let w = W.hub()
            let host = try W.hosted(w).client
            W.upload(w, host, "big", (1...ListLimits.linesPerUpload).map { "w\($0),m\($0)" })
            return W.reply(w, host, "LINE one,too many")
        }

        // CHECK and SAVE: what CHECK checks, then SAVE's own.
        for ending in ["CHECK", "SAVE"] {
            let label = "`\(ending)`"
            add(label, ["no-upload"]) { let w = W.hub(); return W.reply(w, try W.hosted(w).client, ending) }
            add(label, ["upload-too-big", "bad-list"]) {
                let w = W.hub()
                let host = try W.hosted(w).client
                unplayable(w, host, tooBig: true)
                return W.reply(w, host, ending)
            }
            add(label, ["bad-list"]) {
                let w = W.hub()
                let host = try W.hosted(w).client
                unplayable(w, host, tooBig: false)
                return W.reply(w, host, ending)
            }
        }
        add("`SAVE`", ["bad-list", "list-taken"]) {  // another host saved a list of that name meanwhile
            let w = W.hub()
            let late = try W.hosted(w).client
            unplayable(w, late, tooBig: false)
            try W.saved(w, try W.hosted(w).client, "pets")
            return W.reply(w, late, "SAVE")
        }
        add("`SAVE`", ["list-taken"]) {
            let w = W.hub()
            let late = try W.hosted(w).client
            W.upload(w, late, "pets")
            try W.saved(w, try W.hosted(w).client, "pets")
            return W.reply(w, late, "SAVE")
        }
        add("`SAVE`", ["list-taken", "too-many-lists"]) {
            let (w, waiting) = try W.listsFullWhilePetsIsSaved()
            return W.reply(w, waiting, "SAVE")
        }
        add("`SAVE`", ["too-many-lists"]) {
            let w = W.hub()
            let host = try W.hosted(w).client
            for index in 1..<ListLimits.listsPerServer { try W.saved(w, host, "list\(index)") }
            let late = try W.hosted(w).client
            W.upload(w, late, "one-more")
            try W.saved(w, host, "list100")
            return W.reply(w, late, "SAVE")
        }
        add("`SAVE`", ["list-not-saved"]) { try W.listStoreFails("SAVE", problem: "lists/pets.json: No space left on device") }

        // DELETE
        add("`DELETE`", ["not-in-room"]) { let w = W.hub(); return W.reply(w, w.connect(), "DELETE pets ABCDEFGHJKMN") }
        add("`DELETE`", ["not-host", "bad-list"]) { let w = W.hub(); return W.reply(w, w.player("Ana"), "DELETE ghosts ABCDEFGHJKMN") }
        add("`DELETE`", ["bad-list"]) { let w = W.hub(); return W.reply(w, try W.hosted(w).client, "DELETE ghosts ABCDEFGHJKMN") }
        add("`DELETE`", ["list-taken", "list-in-use"]) {  // a server's list that a room plays
            let w = withAnimals()
            return W.reply(w, try W.hosted(w).client, "DELETE animals ABCDEFGHJKMN")
        }
        add("`DELETE`", ["list-taken", "list-in-use"]) {  // a saved list that a room plays, with a wrong key
            let w = W.hub()
            let host = try W.hosted(w).client
            try W.saved(w, host, "pets")
            w.type("RULES LIST pets", from: host)
            return W.reply(w, host, "DELETE pets ABCDEFGHJKMN")
        }
        add("`DELETE`", ["list-in-use"]) { try W.deletingAListInUse() }
        add("`DELETE`", ["list-not-saved"]) { try W.listStoreFails("DELETE", problem: "lists/pets.json: Read-only file system") }
        return cases
    }
}
