// swift-tools-version:6.0
import PackageDescription

// No package dependencies, by design: Glibc sockets, Dispatch and Foundation only.
//
// The module graph, lowest first (each target names exactly the modules it imports):
// - WordGame: the engine, pure: rules, matches, ranking, the word list's logic. Imports nothing.
// - TextColumns: text measured in terminal columns, from a generated Unicode table.
// - WordGameProtocol: the wire: messages, commands, the line framer, human-mode text.
// - CSystem: our C shim for what `import Glibc` hides (epoll, accept4, TCP_INFO, raw mode).
// - WordGamePOSIX: the only code that touches descriptors, the clock or limits.
// - WordListText: a teacher's text (tab-separated, CSV, `;` CSV) read into pairs, pure.
// - WordListFiles: word list files read from disk (JSON), and our own format written.
// - WordGameResults: results files, CSV and JSON Lines, and the report (its tables measured with TextColumns).
// - WordGameCommandLine: argument scanning, usage errors, the shared game flags, join instructions.
// - WebCodec: HTTP requests and WebSocket frames (RFC 6455), SHA-1 and base64, pure: bytes in, bytes out.
// - RedisWire: RESP2, pure: commands to bytes, reply bytes to values, every length checked.
// - RedisClient: a blocking Redis client over our sockets, for a thread off the event loop.
// - WordGameFleet: the fleet's room directory in Redis: keys, claims, owners, on a worker queue of its own.
// - QRCode: a QR code encoder (ISO/IEC 18004, byte mode), drawn for a terminal or as SVG.
// - WordGameServer: the event loop, connections, the hub and rooms.
// - WordGameClient: the terminal game and projector (it embeds the server for solo play).
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
        .target(name: "TextColumns"),
        .target(name: "WordGameProtocol", dependencies: ["WordGame", "TextColumns"]),
        .target(name: "WordGamePOSIX", dependencies: ["CSystem", "WordGame"]),
        .target(name: "WordListText", dependencies: ["WordGame"]),
        .target(name: "WordListFiles", dependencies: ["WordGame", "WordGamePOSIX"]),
        .target(name: "WordGameResults", dependencies: ["WordGame", "WordGamePOSIX", "TextColumns"]),
        .target(name: "WordGameCommandLine", dependencies: ["WordGame", "WordGamePOSIX"]),
        .target(name: "WebCodec"),
        .target(name: "QRCode"),
        .target(name: "RedisWire"),
        .target(name: "RedisClient", dependencies: ["RedisWire", "WordGamePOSIX"]),
        .target(name: "WordGameFleet", dependencies: ["RedisClient", "RedisWire", "WordGameProtocol"]),
        .target(name: "WordGameServer", dependencies: [
            "WordGame", "WordGameProtocol", "WordGameResults", "WordGamePOSIX", "WebCodec", "QRCode", "WordGameFleet", "RedisClient",
            "RedisWire", "WordListText", "WordListFiles",
        ]),
        .target(name: "WordGameClient", dependencies: [
            "WordGame", "WordGameProtocol", "TextColumns", "WordGameServer", "WordGameResults", "WordGamePOSIX",
            "WordGameCommandLine", "WordListFiles", "QRCode",
        ], exclude: ["README.md"]),
        .executableTarget(name: "wordgame-server", dependencies: [
            "WordGame", "WordGameServer", "WordGameResults", "WordGamePOSIX", "WordGameCommandLine", "WordListFiles", "RedisClient",
            "WordGameFleet", "WordGameProtocol",
        ]),
        .executableTarget(name: "wordgame-client", dependencies: ["WordGame", "WordGameProtocol", "WordGameClient", "WordGamePOSIX"]),
        // Statistics over a results folder: per player, and the words a class missed.
        .executableTarget(name: "wordgame-report", dependencies: ["WordGameResults", "WordGamePOSIX", "WordGameCommandLine"],
                          exclude: ["README.md"]),
        // Benchmarks: start wordgame-server (and redis-server) on 127.0.0.1 and play them with many sockets.
        .executableTarget(name: "wordgame-bench", dependencies: ["WordGamePOSIX", "WebCodec"], exclude: ["README.md"]),
        .testTarget(name: "WordGameTests", dependencies: ["WordGame", "WordListFiles", "WordGameTestSupport"]),
        .testTarget(name: "WordListTextTests", dependencies: ["WordListText", "WordGame"]),
        .testTarget(name: "WordGameProtocolTests", dependencies: ["WordGameProtocol", "WordGame", "TextColumns"]),
        .testTarget(name: "WordGameResultsTests", dependencies: ["WordGameResults", "WordGamePOSIX", "TextColumns"]),
        .testTarget(name: "WordGamePOSIXTests", dependencies: ["WordGamePOSIX"]),
        .testTarget(name: "WebCodecTests", dependencies: ["WebCodec", "WordGameTestSupport"]),
        .testTarget(name: "RedisWireTests", dependencies: ["RedisWire"]),
        // FleetKeys pure; the directory against real redis-servers the tests start on 127.0.0.1.
        .testTarget(name: "WordGameFleetTests", dependencies: [
            "WordGameFleet", "RedisClient", "WordGameProtocol", "WordGamePOSIX", "WordGameTestSupport",
        ]),
        // Against a real redis-server the tests start on 127.0.0.1 (skipped, and saying so, without one).
        .testTarget(name: "RedisClientTests", dependencies: ["RedisClient", "RedisWire", "WordGamePOSIX", "WordGameTestSupport"]),
        // The web port against real sockets and a real browser (headless Chromium, driven by the Python scripts in browser/).
        .testTarget(
            name: "WordGameWebTests",
            dependencies: ["WordGameServer", "WordGame", "WordGamePOSIX", "WordListFiles", "WordGameTestSupport", "WordGameProtocol",
                           "RedisClient", "WordGameFleet"],
            exclude: ["browser"]
        ),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode", "WordGameTestSupport"]),
        .testTarget(name: "TextColumnsTests", dependencies: ["TextColumns", "WordGame", "WordGameTestSupport"]),
        // Shared by the test targets: waiting for lines from sockets and child processes, Redis and Sentinel processes.
        .target(name: "WordGameTestSupport", dependencies: ["RedisClient", "RedisWire"], path: "Tests/WordGameTestSupport"),
        .testTarget(
            name: "WordGameClientTests",
            dependencies: ["WordGameClient", "WordGameServer", "WordGameProtocol", "WordGame", "TextColumns", "WordGameTestSupport",
                           "WordGamePOSIX", "WordListFiles", "QRCode", "WordGameCommandLine", "WordGameFleet", "RedisClient"]
        ),
        .testTarget(
            name: "WordGameServerTests",
            dependencies: ["WordGameServer", "WordGameProtocol", "WordGame", "WordGameResults", "WordGameTestSupport", "WordGamePOSIX",
                           "WordListFiles", "RedisClient", "RedisWire", "WordGameFleet", "WordGameCommandLine"]
        ),
    ]
)
