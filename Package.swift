// swift-tools-version:6.0
import PackageDescription

// No package dependencies, by design: Glibc sockets, Dispatch and Foundation only.
// CSystem is our own tiny C target for the headers `import Glibc` hides (epoll, accept4).
let package = Package(
    name: "wordgame",
    products: [
        .executable(name: "wordgame-server", targets: ["wordgame-server"]),
        .executable(name: "wordgame-client", targets: ["wordgame-client"]),
        .executable(name: "wordgame-bench", targets: ["wordgame-bench"]),
        .executable(name: "wordgame-report", targets: ["wordgame-report"]),
        .library(name: "WordGame", targets: ["WordGame"]),
        .library(name: "WordGameProtocol", targets: ["WordGameProtocol"]),
        .library(name: "WordGameServer", targets: ["WordGameServer"]),
        .library(name: "WordGameResults", targets: ["WordGameResults"]),
        .library(name: "TextColumns", targets: ["TextColumns"]),
    ],
    targets: [
        .target(name: "CSystem"),
        .target(name: "WordGame"),
        // Text measured in terminal columns, per grapheme cluster, from a generated Unicode table.
        .target(name: "TextColumns"),
        .target(name: "WordGameProtocol", dependencies: ["WordGame", "TextColumns"]),
        // Results files: CSV and JSON Lines, written whole or not at all. No sockets.
        .target(name: "WordGameResults", dependencies: ["WordGame"]),
        .target(name: "WordGameServer", dependencies: ["WordGame", "WordGameProtocol", "WordGameResults", "CSystem"]),
        // The terminal game; it embeds the server for solo play.
        .target(name: "WordGameClient", dependencies: ["WordGame", "WordGameProtocol", "TextColumns", "WordGameServer", "WordGameResults", "CSystem"]),
        .executableTarget(name: "wordgame-server", dependencies: ["WordGameServer", "WordGameResults"]),
        .executableTarget(name: "wordgame-client", dependencies: ["WordGameClient"]),
        // Statistics over a results folder: per player, and the words a class missed.
        .executableTarget(name: "wordgame-report", dependencies: ["WordGameResults", "WordGameServer"]),
        // Big-room benchmark: spawns wordgame-server on 127.0.0.1 and plays it with many sockets
        // (CSystem for epoll: the fan-out comparison reads 10,000 of them from one thread).
        .executableTarget(name: "wordgame-bench", dependencies: ["CSystem"]),
        .testTarget(name: "WordGameTests", dependencies: ["WordGame"]),
        .testTarget(name: "WordGameProtocolTests", dependencies: ["WordGameProtocol", "TextColumns"]),
        .testTarget(name: "WordGameResultsTests", dependencies: ["WordGameResults", "WordGame"]),
        .testTarget(name: "TextColumnsTests", dependencies: ["TextColumns", "WordGame", "WordGameTestSupport"]),
        // Shared by the test targets: waiting for lines from sockets and child processes.
        .target(name: "WordGameTestSupport", path: "Tests/WordGameTestSupport"),
        .testTarget(
            name: "WordGameClientTests",
            dependencies: ["WordGameClient", "WordGameServer", "WordGameProtocol", "WordGame", "TextColumns", "WordGameTestSupport"]
        ),
        .testTarget(
            name: "WordGameServerTests",
            dependencies: ["WordGameServer", "WordGameProtocol", "WordGame", "WordGameResults", "WordGameTestSupport", "CSystem"]
        ),
    ]
)
