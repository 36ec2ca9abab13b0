import WordGame
import WordGameCommandLine
import WordGamePOSIX
import WordGameServer

/// The server the projector runs when no `--host` is given: the same server
/// code, in this process, listening for the class on every interface, with
/// its web port, so that students join from a browser. Hosted rooms only, so
/// a student cannot open a room of their own by mistyping the code: they get
/// `ERROR no-room` and try again.
public enum ClassServer {
    /// How many ports after the first to try when it is taken.
    public static let portsTried = 20

    /// Listens on `firstPort` and the web port (8080), or, where either is
    /// taken, on both of the next pair, and so on: the screen shows whichever
    /// was chosen. Without the web pages (a binary copied alone), it serves
    /// `nc` and terminal clients only.
    public static func start(words: WordList, wordLists: [String: WordList] = [:], rules: Rules, seed: UInt64?, firstPort: UInt16,
                             bindAddress: String = "0.0.0.0", resultsDirectory: String?) throws(Errno) -> Server {
        let settings = GameSettings(words: words, wordLists: wordLists, rules: rules, seed: seed, openRooms: false)
        let site = ResourceLocation.path(WebSite.relativePath).flatMap { try? WebSite.load(from: $0) }
        let joinHost = JoinInstructions.networkAddresses().first ?? "127.0.0.1"
        var attempt: UInt16 = 0
        while true {
            let port = firstPort == 0 ? 0 : firstPort + attempt
            let web = site.map { WebConfiguration(port: firstPort == 0 ? 0 : WebConfiguration.defaultPort + attempt, site: $0,
                                                  joinHost: joinHost) }
            do {
                // Events are not logged: the screen is this program's console, and the host hears of saved results.
                let server = try Server(configuration: ServerConfiguration(bindAddress: bindAddress, port: port, game: settings,
                                                                           resultsDirectory: resultsDirectory, web: web))
                server.start()
                return server
            } catch where error.code == Errno.addressInUse && firstPort != 0 && Int(attempt) < portsTried - 1
                && Int(firstPort) + Int(attempt) < Int(UInt16.max) {
                attempt += 1
            }
        }
    }
}
