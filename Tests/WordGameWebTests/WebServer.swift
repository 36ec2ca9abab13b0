import Foundation
import WordGame
import WordGamePOSIX
import WordGameServer
import WordListFiles

/// The real server, in this process, on 127.0.0.1: the game's port and the
/// web port both free ones, the pages read from the repository's Resources/web.
/// Without `web`, it has no web port; with `fleet`, it is one of a fleet; with `listsFolder`, lists hosts save
/// over the wire are written there (and those it holds are read at start).
final class WebServer {
    let server: Server
    var port: UInt16 { server.port }
    var webPort: UInt16 { server.webPort! }
    var baseURL: String { "http://127.0.0.1:\(webPort)" }

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let words: WordList = try! WordList.load(path: repositoryRoot.appendingPathComponent("Resources/words.json").path)
    static let site: WebSite = try! WebSite.load(from: repositoryRoot.appendingPathComponent(WebSite.relativePath).path)

    init(rules: Rules = Rules(roundMilliseconds: 3_000, pairCount: 5), seed: UInt64? = 1, startDelayMilliseconds: Int = 0,
         limits: ConnectionLimits = ConnectionLimits(), resultsDirectory: String? = nil, allowedOrigins: [String] = [],
         wordLists: [String: WordList] = [:], listsFolder: String? = nil, web: Bool = true, fleet: FleetConfiguration? = nil,
         metricsAccess: MetricsAccess = .default) throws {
        var settings = GameSettings(words: Self.words, wordLists: wordLists, rules: rules, seed: seed,
                                    startDelayMilliseconds: startDelayMilliseconds)
        if let listsFolder {
            settings.savedLists = try WordListFolder.load(listsFolder, missingIsEmpty: true)
            settings.listsFolder = listsFolder
        }
        let pages = web ? WebConfiguration(port: 0, site: Self.site, joinHost: "127.0.0.1", allowedOrigins: allowedOrigins,
                                          metricsAccess: metricsAccess) : nil
        server = try Server(configuration: ServerConfiguration(bindAddress: "127.0.0.1", port: 0, game: settings, limits: limits,
                                                               resultsDirectory: resultsDirectory, web: pages, fleet: fleet))
        server.start()
    }

    deinit {
        server.stop()
        server.waitUntilStopped()
    }
}
