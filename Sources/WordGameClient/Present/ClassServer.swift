import WordGame
import WordGamePOSIX
import WordGameServer

/// The server the projector runs when no `--host` is given: the same server
/// code, in this process, listening for the class on every interface.
/// Hosted rooms only, so a student cannot open a room of their own by
/// mistyping the code: they get `ERROR no-room` and try again.
public enum ClassServer {
    /// How many ports after the first to try when it is taken.
    public static let portsTried = 20

    public static func start(words: WordList, rules: Rules, seed: UInt64?, firstPort: UInt16, bindAddress: String = "0.0.0.0",
                             resultsDirectory: String?) throws(Errno) -> Server {
        let settings = GameSettings(words: words, rules: rules, seed: seed, openRooms: false)
        var port = firstPort
        while true {
            do {
                // Events are not logged: the screen is this program's console, and the host hears of saved results.
                let server = try Server(configuration: ServerConfiguration(bindAddress: bindAddress, port: port, game: settings,
                                                                           resultsDirectory: resultsDirectory))
                server.start()
                return server
            } catch where error.code == Errno.addressInUse && port != 0 && Int(port) < Int(firstPort) + portsTried - 1
                && port < UInt16.max {
                port += 1
            }
        }
    }
}
