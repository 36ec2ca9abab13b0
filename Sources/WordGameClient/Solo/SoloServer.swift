import WordGame
import WordGameServer

/// The same server code, in this process, on 127.0.0.1 and a free port: solo
/// play is a room of one that starts as soon as its player joins.
public final class SoloServer {
    private let server: Server
    public var port: UInt16 { server.port }

    public init(words: WordList, rules: Rules, seed: UInt64?) throws {
        let settings = GameSettings(words: words, rules: rules, seed: seed, autoStart: 1)
        server = try Server(configuration: ServerConfiguration(bindAddress: "127.0.0.1", port: 0, game: settings))
        server.start()
    }

    /// Stops it and waits until it has.
    public func stop() {
        server.stop()
        server.waitUntilStopped()
    }
}
