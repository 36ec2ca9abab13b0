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
    static func block(_ heading: String, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ProtocolDocument.Block {
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

    /// A game of Ana (host) and Bo in `main`, its first pair open and delivered, 300 ms on.
    static func game(rules: Rules = Rules(roundMilliseconds: 5_000, pairCount: 4)) -> (HubWorld, ana: HubWorld.Client, bo: HubWorld.Client) {
        let world = hub(rules: rules)
        let ana = world.player("Ana"), bo = world.player("Bo")
        world.type("START", from: ana)
        world.deliverTracked()
        world.advance(by: 300)
        return (world, ana, bo)
    }
}
