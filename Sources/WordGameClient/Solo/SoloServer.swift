import WordGame
import WordGameServer

/// The same server code, in this process, on 127.0.0.1 and a free port: solo
/// play is a room of one that starts as soon as its player joins.
public enum SoloServer {
    public static func start(words: WordList, rules: Rules, seed: UInt64?) throws -> Server {
        let settings = GameSettings(words: words, rules: rules, seed: seed, autoStart: 1)
        let server = try Server(configuration: ServerConfiguration(bindAddress: "127.0.0.1", port: 0, game: settings))
        server.start()
        return server
    }
}
