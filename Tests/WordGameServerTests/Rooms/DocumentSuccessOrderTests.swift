import Testing
import WordGame
import WordGameProtocol
import WordGameTestSupport
@testable import WordGameServer

/// Protocol.md §4's "On success, in this order" lists (`JOIN`, `HOST`,
/// `RESUME`, and `WATCH`'s list with the observer's start): in each case the
/// lines the server sends at once must follow the list's order, each line's
/// keyword at or after the place of the one before; and the cases together
/// send every message the list names.
@Suite struct DocumentSuccessOrderTests {
    typealias W = DocumentWorld

    /// Phrases the lists use for a message by what it is.
    static let glossary = ["the leaderboard": "TOP"]
    static let messages = Set(ServerKeyword.allCases.map(\.rawValue)).subtracting(["END"])

    /// A list's messages in order: its bullets' keywords (a bullet pointing to the observer's start stands for
    /// that paragraph's).
    static func order(_ heading: String, _ lead: String) throws -> [String] {
        let bullets = W.document.bullets(in: heading, after: lead)
        #expect(!bullets.isEmpty, "no list after \(lead) in \(heading)")
        return try bullets.flatMap { bullet -> [String] in
            bullet.contains("the observer's start") ? try observersStart() : ProtocolDocument.keywords(bullet, glossary: glossary)
        }.filter(messages.contains)
    }

    /// "On arrival an observer gets, after the lines above: …" up to "From then on".
    static func observersStart() throws -> [String] {
        let paragraph = W.document.section("### WATCH").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        let start = try #require(paragraph.range(of: "after the lines above:"))
        let end = try #require(paragraph.range(of: "From then on"))
        return ProtocolDocument.keywords(String(paragraph[start.upperBound..<end.lowerBound]), glossary: glossary)
    }

    /// The keywords of `lines` (END lines left out) each at or after the place of the one before in `order`;
    /// the keywords of `order` they matched.
    @discardableResult
    static func expectInOrder(_ lines: [String], _ order: [String], _ what: String,
                              sourceLocation: SourceLocation = #_sourceLocation) -> Set<String> {
        var place = 0
        var matched: Set<String> = []
        for line in lines {
            let keyword = String(line.prefix { $0 != " " })
            guard keyword != "END" else { continue }
            guard let found = order[place...].firstIndex(of: keyword) else {
                Issue.record("\(what): \(line) comes where the list has no \(keyword) (list: \(order), at \(place))",
                             sourceLocation: sourceLocation)
                return matched
            }
            place = found
            matched.insert(keyword)
        }
        return matched
    }

    /// A world whose server has a web port, and a game of Ana (host) and Bo in `main` with pair 1 revealed and
    /// Ana's answer to pair 2 in.
    static func gameAtPair2(startDelay: Int = 0) -> (HubWorld, ana: HubWorld.Client, bo: HubWorld.Client) {
        let world = HubWorld(settings: GameSettings(words: TestServer.defaultWords, rules: Rules(roundMilliseconds: 5_000, pairCount: 4),
                                                    seed: 1, startDelayMilliseconds: startDelay),
                             browserAddress: "http://192.0.2.2:8080/")
        let ana = world.player("Ana"), bo = world.player("Bo")
        world.type("START", from: ana)
        world.advance(by: startDelay)
        world.deliverTracked()
        world.advance(by: 300)
        world.type("y", from: ana)
        world.type("y", from: bo)
        world.deliverTracked()
        world.advance(by: 300)
        world.type("y", from: ana)
        world.advance(by: 300)
        return (world, ana, bo)
    }

    /// What `line` from `client` brought at once.
    static func lines(_ world: HubWorld, _ client: HubWorld.Client, _ line: String) -> [String] {
        _ = world.take(client)
        world.type(line, from: client)
        return world.take(client)
    }

    /// The room and key of an `OK HOST` among `lines`.
    static func hosted(_ lines: [String]) -> (String, String)? {
        for line in lines { if case .hosted(let room, let key)? = try? ServerMessage(line: line) { return (room, key) } }
        return nil
    }

    @Test func join() throws {
        let order = try Self.order("### JOIN", "On success, in this order:")
        var matched: Set<String> = []
        let lobby = W.hub()
        lobby.player("Ana")
        let bo = lobby.connect()
        lobby.type("NAME Bo", from: bo)
        matched.formUnion(Self.expectInOrder(Self.lines(lobby, bo, "JOIN"), order, "JOIN in the lobby"))
        let (game, _, _) = Self.gameAtPair2()
        let cy = game.connect()
        game.type("NAME Cy", from: cy)
        matched.formUnion(Self.expectInOrder(Self.lines(game, cy, "JOIN"), order, "JOIN during a game"))
        let countdown = HubWorld(startDelayMilliseconds: 5_000)
        let ana = countdown.player("Ana")
        countdown.player("Bo")
        countdown.type("START", from: ana)
        let dee = countdown.connect()
        countdown.type("NAME Dee", from: dee)
        matched.formUnion(Self.expectInOrder(Self.lines(countdown, dee, "JOIN"), order, "JOIN during a countdown"))
        #expect(matched == Set(order), "never sent: \(Set(order).subtracting(matched))")
    }

    @Test func host() throws {
        let order = try Self.order("### HOST", "On success, in this order:")
        var matched: Set<String> = []
        let (world, _, _) = Self.gameAtPair2()
        let host = world.connect()
        let hosting = Self.lines(world, host, "HOST")
        matched.formUnion(Self.expectInOrder(hosting, order, "HOST"))
        // The room taken back, locked, mid-game: `HOST <room> <key>` gives "the same replies as above".
        let code = try #require(Self.hosted(hosting))
        let ana = world.player("Ana", room: code.0), bo = world.player("Bo", room: code.0)
        world.type("LOCK", from: host)
        world.type("START", from: host)
        world.advance(by: 5_000)
        world.deliverTracked()
        world.advance(by: 300)
        world.type("y", from: ana)
        world.type("y", from: bo)
        world.deliverTracked()
        world.advance(by: 300)
        world.type("y", from: ana)
        world.drop(host)
        world.advance(by: 300)
        let back = world.connect()
        matched.formUnion(Self.expectInOrder(try Self.hostIsBack(Self.lines(world, back, "HOST \(code.0) \(code.1)")), order,
                                             "HOST <room> <key> mid-game"))
        // …and during the start delay of its START.
        let countdown = HubWorld(startDelayMilliseconds: 5_000)
        let teacher = try W.hosted(countdown)
        countdown.player("Ana", room: teacher.room)
        countdown.type("START", from: teacher.client)
        countdown.drop(teacher.client)
        let again = countdown.connect()
        matched.formUnion(Self.expectInOrder(try Self.hostIsBack(Self.lines(countdown, again, "HOST \(teacher.room) \(teacher.key)")),
                                             order,
                                             "HOST <room> <key> during a countdown"))
        // …and between games, once the room has played one: the last game's pairs.
        let (between, classroom) = try Self.afterAGame()
        between.drop(classroom.host)
        matched.formUnion(Self.expectInOrder(try Self.hostIsBack(Self.lines(between, between.connect(),
                                                                            "HOST \(classroom.room) \(classroom.key)")),
                                             order, "HOST <room> <key> between games"))
        #expect(matched == Set(order), "never sent: \(Set(order).subtracting(matched))")
    }

    /// A room made with HOST whose class (Ana) played a game to its end, Ana wrong on its first pair.
    static func afterAGame() throws -> (HubWorld, (host: HubWorld.Client, room: String, key: String)) {
        let world = HubWorld(rules: HardestFlowTests.rules)
        let (host, room, key, players) = try HardestFlowTests.classroom(world, ["Ana"])
        world.type("START", from: host)
        HardestFlowTests.play(world, [(players[0], [false, true, true])])
        #expect(world.take(host).contains("END HARDEST"))
        return (world, (host, room, key))
    }

    /// `lines` without their last, which is the host's news to everyone, the host included: "everyone gets
    /// `NOTICE host` ("The host is back.")" (§4 HOST).
    static func hostIsBack(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let prose = W.document.section("### HOST").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        let back = try #require(prose.range(of: "from any connection takes the seat back"))
        let start = try #require(prose[back.upperBound...].range(of: "everyone gets `NOTICE host` (\""))
        let end = try #require(prose[start.upperBound...].range(of: "\")"))
        #expect(lines.last == "NOTICE host \"\(prose[start.upperBound..<end.lowerBound])\"", "\(lines)", sourceLocation: sourceLocation)
        return lines.dropLast()
    }

    @Test func watch() throws {
        let order = try Self.order("### WATCH", "On success:")
        var matched: Set<String> = []
        let (world, _, _) = Self.gameAtPair2()
        matched.formUnion(Self.expectInOrder(Self.lines(world, world.connect(), "WATCH"), order, "WATCH during a game"))
        let countdown = HubWorld(startDelayMilliseconds: 5_000)
        let ana = countdown.player("Ana")
        countdown.player("Bo")
        countdown.type("LOCK", from: ana)
        countdown.type("START", from: ana)
        matched.formUnion(Self.expectInOrder(Self.lines(countdown, countdown.connect(), "WATCH"), order, "WATCH during a countdown"))
        let (between, classroom) = try Self.afterAGame()
        matched.formUnion(Self.expectInOrder(Self.lines(between, between.connect(), "WATCH \(classroom.room)"), order,
                                             "WATCH between games"))
        // WEB comes from a server with a web port (the one above has none), NOTICE locked from a locked room.
        #expect(matched == Set(order), "never sent: \(Set(order).subtracting(matched))")
    }

    /// §4 PRACTICE: every line of the reply is one its list names, in its order, each in its place.
    @Test func practice() throws {
        let order = try Self.order("### PRACTICE", "On success, in this order:")
        let world = HubWorld(settings: GameSettings(words: TestServer.defaultWords, rules: HardestFlowTests.rules, seed: 1,
                                                    startDelayMilliseconds: 5_000))
        let lines = Self.lines(world, world.connect(), "PRACTICE default cat \"ice cream\"")
        Self.expectInOrder(lines, order, "PRACTICE")
        // Each bullet names every line it stands for: the list is the reply, keyword for keyword.
        #expect(lines.map { String($0.prefix { $0 != " " }) } == order, "\(lines)")
    }

    /// §4 "Word lists": "The reply to `CHECK` and to `SAVE`, in this order".
    @Test func checkAndSave() throws {
        let order = try Self.order("### Word lists", "The reply to `CHECK` and to `SAVE`, in this order:")
        var matched: Set<String> = []
        let world = HubWorld(listStore: true)
        let host = try W.hosted(world).client
        let replies = [("CHECK", ["SKIPPED", "END", "UPLOADED", "OK"]), ("SAVE", ["SKIPPED", "END", "UPLOADED", "LISTKEY", "OK"])]
        for (ending, expected) in replies {
            W.upload(world, host, "pets", ["English,French", "cat,chat", "dog", "cow,vache"])
            var lines = Self.lines(world, host, ending)
            if ending == "SAVE" {  // the reply waits for the list store
                world.answerListStore()
                lines += world.take(host)
            }
            matched.formUnion(Self.expectInOrder(lines, order, ending))
            #expect(lines.map { String($0.prefix { $0 != " " }) } == expected, "\(lines)")
        }
        #expect(matched == Set(order), "never sent: \(Set(order).subtracting(matched))")
    }

    @Test func resume() throws {
        let memberOrder = try Self.order("### RESUME", "On success, in this order:")
        // "a host gets what `HOST <room> <key>` gives after `OK HOST`": the first of RESUME's bullets, then HOST's after its first.
        let first = ProtocolDocument.keywords(W.document.bullets(in: "### RESUME", after: "On success, in this order:")[0])
            .filter(Self.messages.contains)
        let hostOrder = first + Array(try Self.order("### HOST", "On success, in this order:").drop { $0 == "OK" })
        var matched: Set<String> = []
        // A player into the game they play; a player back in the lobby; a latecomer watching the game; a player during a countdown.
        let (game, ana, bo) = Self.gameAtPair2()
        let code = game.code(of: bo)
        game.drop(bo)
        game.advance(by: 300)
        matched.formUnion(Self.expectInOrder(Self.lines(game, game.connect(), "RESUME \(code)"), memberOrder, "RESUME into a game"))
        game.deliverTracked()
        game.advance(by: 300)
        game.type("y", from: ana)  // the open pair has an answer: its PROGRESS
        let cy = game.player("Cy")
        let cysCode = game.code(of: cy)
        game.drop(cy)
        matched.formUnion(Self.expectInOrder(Self.lines(game, game.connect(), "RESUME \(cysCode)"), memberOrder, "RESUME watching a game"))
        let lobby = W.hub()
        let dee = lobby.player("Dee")
        let deesCode = lobby.code(of: dee)
        lobby.drop(dee)
        matched.formUnion(Self.expectInOrder(Self.lines(lobby, lobby.connect(), "RESUME \(deesCode)"), memberOrder, "RESUME in a lobby"))
        let countdown = HubWorld(startDelayMilliseconds: 5_000)
        let eve = countdown.player("Eve")
        let fay = countdown.player("Fay")
        let faysCode = countdown.code(of: fay)
        countdown.drop(fay)
        countdown.type("START", from: eve)
        matched.formUnion(Self.expectInOrder(Self.lines(countdown, countdown.connect(), "RESUME \(faysCode)"), memberOrder,
                                             "RESUME during a countdown"))
        let newcomer = Set(memberOrder).subtracting(["SCORE", "PLAYED"])
        #expect(matched.isSuperset(of: newcomer), "never sent: \(newcomer.subtracting(matched))")
        // The host of a room made with HOST, by its resume code, mid-game.
        let (world, _, _) = Self.gameAtPair2()
        let host = world.connect()
        let hosting = Self.lines(world, host, "HOST")
        let room = try #require(Self.hosted(hosting)).0
        world.player("Gus", room: room)
        let hostCode = world.code(of: host)
        world.drop(host)
        Self.expectInOrder(try Self.hostIsBack(Self.lines(world, world.connect(), "RESUME \(hostCode)")), hostOrder, "RESUME of a host")
    }
}
