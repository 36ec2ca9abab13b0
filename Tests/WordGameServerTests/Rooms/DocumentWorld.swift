import Testing
import WordGame
import WordGameCommandLine
import WordGameProtocol
import WordGameTestSupport
@testable import WordGameServer

/// What the transcript tests need of Protocol.md besides its transcripts: the
/// server's flags as a transcript's text gives them, read by the server's own
/// reader of game flags, so that a replay deals the document's pairs.
enum DocumentWorld {
    static let document = ProtocolDocument.repository

    /// The one block under `heading` that holds a line containing `text`.
    static func block(_ heading: String, _ text: String,
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> ProtocolDocument.Block {
        guard let block = document.block(under: heading, containing: text) else {
            throw TestFailure(description: "Protocol.md has no one block under \(heading) with a line holding \(text)")
        }
        return block
    }

    /// The game flags in `text` (`--pairs 4 --seed 7`, among others the game does not read), as the server reads them.
    static func gameFlags(in text: String) throws -> GameFlags {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "`" || $0 == "(" || $0 == ")" || $0 == ";" || $0 == "," })
            .map(String.init).drop { !$0.hasPrefix("--") }
        var scanner = ArgumentScanner(Array(words))
        var flags = GameFlags()
        while case .flag(let flag)? = scanner.next() {
            if try flags.read(flag, from: &scanner) { continue }
            if ["--bind", "--port", "--word-lists"].contains(flag.flag) { _ = try scanner.value(for: flag) }
        }
        return flags
    }

    /// A world whose server was started with the flags in `text`, as a server's defaults are otherwise (the
    /// start delay included); `wordLists` as `--word-lists` would load them.
    static func world(flags text: String, wordLists: [String: WordList] = [:], autoStart: Int = 0, openRooms: Bool = true,
                      fleet: Bool = false) throws -> HubWorld {
        let flags = try gameFlags(in: text)
        return HubWorld(settings: GameSettings(words: TestServer.defaultWords, wordLists: wordLists, rules: flags.rules, seed: flags.seed,
                                               autoStart: autoStart, openRooms: openRooms),
                        fleet: fleet)
    }

    // MARK: Rooms for the error cases

    /// A hub of the server's defaults but no start delay, games of 4 pairs of 5 s.
    static func hub(rules: Rules = Rules(roundMilliseconds: 5_000, pairCount: 4), openRooms: Bool = true, fleet: Bool = false,
                    autoStart: Int = 0) -> HubWorld {
        HubWorld(rules: rules, autoStart: autoStart, openRooms: openRooms, fleet: fleet)
    }

    /// `line` typed by `client`: the first ERROR line it got (every line, if none).
    static func reply(_ world: HubWorld, _ client: HubWorld.Client, _ line: String) -> String {
        _ = world.take(client)
        world.type(line, from: client)
        let lines = world.take(client)
        return lines.first { $0.hasPrefix("ERROR ") } ?? lines.joined(separator: "\n")
    }

    /// A room made with HOST: its host's connection, code and key.
    static func hosted(_ world: HubWorld) throws -> (client: HubWorld.Client, room: String, key: String) {
        let client = world.connect()
        world.type("HOST", from: client)
        let hosted = client.unread.lazy.compactMap { line -> (String, String)? in
            if case .hosted(let room, let key)? = try? ServerMessage(line: line) { (room, key) } else { nil }
        }.first
        let (room, key) = try #require(hosted)
        _ = world.take(client)
        return (client, room, key)
    }

    // MARK: Word lists

    /// `UPLOAD <name> <from> <to> [<key>]` from `client`, then a `LINE` for each of `lines` as a program sends it
    /// (one quoted string); the replies are left unread.
    static func upload(_ world: HubWorld, _ client: HubWorld.Client, _ name: String, _ lines: [String] = ["a,b", "c,d"],
                       from: String = "English", to: String = "French", key: String? = nil) {
        world.type("UPLOAD \(name) \"\(from)\" \"\(to)\"" + (key.map { " \($0)" } ?? ""), from: client)
        for line in lines { world.type(ListCommand.line(line).line, from: client) }
    }

    /// The list `name` uploaded and saved by `client` (the store answering at once, if the world has one): its key.
    @discardableResult
    static func saved(_ world: HubWorld, _ client: HubWorld.Client, _ name: String, key: String? = nil) throws -> String {
        upload(world, client, name, key: key)
        world.type("SAVE", from: client)
        if world.listStore != nil { world.answerListStore() }
        let given = world.take(client).lazy.compactMap { line -> String? in
            if case .listKey(_, let key)? = try? ServerMessage(line: line) { key } else { nil }
        }.first
        return try #require(given, "\(name) was not saved")
    }

    /// A host's `DELETE`, with its key, of the list `pets` its own room's rules name: the reply (`list-in-use`).
    static func deletingAListInUse() throws -> String {
        let world = hub()
        let host = try hosted(world).client
        let key = try saved(world, host, "pets")
        world.type("RULES LIST pets", from: host)
        return reply(world, host, "DELETE pets \(key)")
    }

    /// A host's `SAVE` of an uploaded `pets`, or (`command` "DELETE") `DELETE` of a saved `pets` with its key, which the
    /// list store fails with `problem`: the reply (`list-not-saved`).
    static func listStoreFails(_ command: String, problem: String) throws -> String {
        let world = HubWorld(listStore: true)
        let host = try hosted(world).client
        if command == "SAVE" {
            upload(world, host, "pets")
            world.type("SAVE", from: host)
        } else {
            let key = try saved(world, host, "pets")
            world.type("DELETE pets \(key)", from: host)
        }
        world.answerListStore(problem: problem)
        return world.take(host).last ?? ""
    }

    /// A server with 99 lists besides `default`, on which `waiting` (a host) opened an upload of the new list
    /// `pets`; then another host's `SAVE` of `extra` and a third's of `pets` went to the list store, and the first was
    /// done: the server has its 100 lists, and `pets` is being saved that moment.
    static func listsFullWhilePetsIsSaved() throws -> (world: HubWorld, waiting: HubWorld.Client) {
        let world = HubWorld(listStore: true)
        let host = try hosted(world).client
        for index in 1..<ListLimits.listsPerServer { try saved(world, host, "list\(index)") }
        let waiting = try hosted(world).client
        upload(world, waiting, "pets")
        for name in ["extra", "pets"] {
            let other = try hosted(world).client
            upload(world, other, name)
            world.type("SAVE", from: other)
        }
        world.answerListStore()  // extra's
        #expect(world.hub.lists.count == ListLimits.listsPerServer && world.listStore?.pending.count == 1)
        _ = world.take(waiting)
        return (world, waiting)
    }

    /// A game of Ana (host) and Bo in `main`, its first pair open and delivered, 300 ms on.
    static func game(rules: Rules = Rules(roundMilliseconds: 5_000, pairCount: 4))
        -> (HubWorld, ana: HubWorld.Client, bo: HubWorld.Client) {
        let world = hub(rules: rules)
        let ana = world.player("Ana"), bo = world.player("Bo")
        world.type("START", from: ana)
        world.deliverTracked()
        world.advance(by: 300)
        return (world, ana, bo)
    }
}
