import Foundation
import Testing
import WordGame
import WordGameServer
import WordGameTestSupport

/// Every rule of Protocol.md §11 and the web rows of §8, against the real
/// server over raw sockets on 127.0.0.1: what a hostile peer sends, and what
/// it gets.
@Suite struct WebHardeningTests {
    /// A raw HTTP exchange: `request` as given, the whole answer until the server closes.
    func exchange(_ server: WebServer, _ request: String) throws -> String {
        let socket = try RawSocket(port: server.webPort)
        socket.send(Array(request.utf8))
        return try socket.readAll()
    }

    func get(_ server: WebServer, _ path: String, headers: String = "") throws -> String {
        try exchange(server, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(server.webPort)\r\n\(headers)\r\n")
    }

    // MARK: HTTP requests

    @Test func onlyGetIsServedAndOnlyTheTable() async throws {
        try await onOwnThread {
            let server = try WebServer()
            let post = try exchange(server, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
            #expect(post.hasPrefix("HTTP/1.1 405") && post.contains("\r\nAllow: GET, HEAD\r\n"), "\(post)")
            #expect(try exchange(server, "DELETE / HTTP/1.1\r\nHost: x\r\n\r\n").hasPrefix("HTTP/1.1 405"))
            let strangers = ["/nothing", "/../Package.swift", "/%2e%2e/Package.swift", "/student.html",
                             "/Resources/web/host.html", "//etc/passwd", "/projector.html"]
            for path in strangers {
                let answer = try get(server, path)
                #expect(answer.hasPrefix("HTTP/1.1 404") || answer.hasPrefix("HTTP/1.1 400"), "\(path): \(answer.prefix(40))")
            }
            #expect(try get(server, "/").hasPrefix("HTTP/1.1 200"))
        }
    }

    /// HEAD gets the header fields GET would get, Content-Length included, and no body (RFC 9110 §9.3.2): what a
    /// proxy or a monitor asks.
    @Test func headGetsTheHeadersOfGetWithoutTheBody() async throws {
        try await onOwnThread {
            let server = try WebServer()
            for (path, headers) in [("/", ""), ("/", "Accept-Encoding: gzip\r\n"), ("/join.json", ""), ("/qr.svg?room=K7PX", ""),
                                    ("/nothing", ""), ("/results.csv?room=K7PX&key=AAAAAAAAAAAA", "")] {
                let got = try get(server, path, headers: headers)
                let head = try exchange(server, "HEAD \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(server.webPort)\r\n\(headers)\r\n")
                let fields = got.components(separatedBy: "\r\n\r\n")[0]
                #expect(head == fields + "\r\n\r\n", "\(path) \(headers)")
                #expect(fields.contains("\r\nContent-Length: ") && !fields.contains("Content-Length: 0\r\n"), "\(path): \(fields)")
            }
        }
    }

    @Test func everyPageHasItsSecurityHeadersAndTheHostPageIsNeverCached() async throws {
        try await onOwnThread {
            let server = try WebServer()
            for path in ["/", "/host", "/watch", "/wordgame.css", "/student.js", "/join.json", "/qr.svg?room=K7PX"] {
                let head = try get(server, path).components(separatedBy: "\r\n\r\n")[0]
                #expect(head.hasPrefix("HTTP/1.1 200"), "\(path)")
                #expect(head.contains("Content-Security-Policy: default-src 'self'"), "\(path)")
                #expect(head.contains("X-Content-Type-Options: nosniff"), "\(path)")
            }
            #expect(try get(server, "/host").contains("Cache-Control: no-store"))
        }
    }

    /// The projector's markup is written once (projector.html) and is in both pages that show it, put there at start.
    @Test func theProjectorsMarkupIsInBothPagesThatShowIt() async throws {
        try await onOwnThread {
            let server = try WebServer()
            for path in ["/host", "/watch"] {
                let page = try get(server, path)
                #expect(page.contains("<section id=\"stage\" class=\"stage\" hidden>") && page.contains("<section id=\"closed\""),
                        "\(path)")
                #expect(!page.contains("<!-- include"), "\(path): the include line is replaced")
            }
        }
    }

    /// A browser that takes gzip gets the files gzipped, which gzip itself inflates to the file; one that does not,
    /// or weighs gzip at zero, gets them as they are. Both say `Vary: Accept-Encoding`, for caches between.
    @Test func filesGoGzippedToThoseWhoTakeIt() async throws {
        try await onOwnThread {
            let server = try WebServer()
            for path in ["/", "/student.js", "/wordgame.css"] {
                let file = path == "/" ? "student.html" : String(path.dropFirst())
                let original = Array(try Data(contentsOf: WebServer.repositoryRoot.appendingPathComponent("Resources/web/\(file)")))
                let socket = try RawSocket(port: server.webPort)
                socket.send(Array("GET \(path) HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip, deflate, br, zstd\r\n\r\n".utf8))
                let answer = try socket.readAllBytes()
                let split = try #require(answer.firstRange(of: Array("\r\n\r\n".utf8)))
                let head = String(decoding: answer[..<split.lowerBound], as: UTF8.self)
                let body = Array(answer[split.upperBound...])
                #expect(head.contains("Content-Encoding: gzip") && head.contains("Vary: Accept-Encoding"), "\(path): \(head)")
                #expect(head.contains("Content-Length: \(body.count)") && body.count * 2 < original.count, "\(path): \(body.count) bytes")
                if let gzip = ["/usr/bin/gzip", "/bin/gzip"].first(where: FileManager.default.isExecutableFile(atPath:)) {
                    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-gz-\(UUID().uuidString)")
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    defer { try? FileManager.default.removeItem(at: folder) }
                    try Data(body).write(to: folder.appendingPathComponent("page.gz"))
                    let run = try ProgramRun.run(URL(fileURLWithPath: gzip), ["-d", folder.appendingPathComponent("page.gz").path])
                    #expect(run.status == 0, "\(run.stderr)")
                    #expect(Array(try Data(contentsOf: folder.appendingPathComponent("page"))) == original, "\(path) inflates to the file")
                }
            }
            for refusing in ["", "Accept-Encoding: identity\r\n", "Accept-Encoding: gzip;q=0, br\r\n", "Accept-Encoding: *;q=0\r\n"] {
                let head = try get(server, "/student.js", headers: refusing).components(separatedBy: "\r\n\r\n")[0]
                #expect(!head.contains("Content-Encoding") && head.contains("Vary: Accept-Encoding"), "\(refusing): \(head)")
            }
            let wildcard = try get(server, "/student.js", headers: "Accept-Encoding: *\r\n")
            #expect(wildcard.contains("Content-Encoding: gzip"), "* takes gzip")
        }
    }

    @Test func aHeadPastEightKilobytesIs431AndALongLineIs414() async throws {
        try await onOwnThread {
            let server = try WebServer()
            let padding = String(repeating: "a", count: 9_000)
            #expect(try get(server, "/", headers: "X-Padding: \(padding)\r\n").hasPrefix("HTTP/1.1 431"))
            let manyFields = (0..<80).map { "X-Field-\($0): 1\r\n" }.joined()
            #expect(try get(server, "/", headers: manyFields).hasPrefix("HTTP/1.1 431"))
            #expect(try get(server, "/?" + String(repeating: "b", count: 3_000)).hasPrefix("HTTP/1.1 414"))
        }
    }

    @Test func aRequestThatDoesNotComeWholeInTimeIsClosedWith408() async throws {
        try await onOwnThread {
            var limits = ConnectionLimits()
            limits.webRequestMilliseconds = 300
            let server = try WebServer(limits: limits)
            let socket = try RawSocket(port: server.webPort)
            socket.send(Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8))  // and never the empty line
            let started = Date()
            let answer = try socket.readAll(timeout: 5)
            #expect(answer.hasPrefix("HTTP/1.1 408"), "\(answer)")
            #expect(Date().timeIntervalSince(started) < 3)
        }
    }

    // MARK: The handshake

    @Test func theHandshakeNeedsVersion13AndOneGoodKey() async throws {
        try await onOwnThread {
            let server = try WebServer()
            let port = server.webPort
            let cases: [([(String, String?)], String)] = [
                ([("Sec-WebSocket-Version", "12")], "426"),
                ([("Sec-WebSocket-Version", nil)], "426"),
                ([("Sec-WebSocket-Key", nil)], "400"),
                ([("Sec-WebSocket-Key", "AAAAAAAAAAAAAAAAAAAAAAAA, AAAAAAAAAAAAAAAAAAAAAA==")], "400"),
                ([("Sec-WebSocket-Key", Data(repeating: 1, count: 15).base64EncodedString())], "400"),
                ([("Sec-WebSocket-Key", "not base64 at all!")], "400"),
                ([("Sec-WebSocket-Protocol", "chat")], "400"),
            ]
            for (headers, status) in cases {
                let client = try WebSocketTestClient(port: port, headers: headers, expectUpgrade: false)
                #expect(client.response.hasPrefix("HTTP/1.1 \(status)"), "\(headers): \(client.response)")
            }
            let upgraded = try WebSocketTestClient(port: port, headers: [("Sec-WebSocket-Protocol", nil)])
            #expect(try upgraded.nextLine()?.hasPrefix("WORDGAME 2 ") == true)
            let wrongPath = try WebSocketTestClient(port: port, path: "/socket", expectUpgrade: false)
            #expect(wrongPath.response.hasPrefix("HTTP/1.1 404"))
        }
    }

    @Test func aCrossSiteOriginIsRefusedUnlessAllowed() async throws {
        try await onOwnThread {
            let server = try WebServer(allowedOrigins: ["http://games.school.example"])
            let port = server.webPort
            let evil = try WebSocketTestClient(port: port, headers: [("Origin", "http://evil.example")], expectUpgrade: false)
            #expect(evil.response.hasPrefix("HTTP/1.1 403"), "\(evil.response)")
            let otherPort = try WebSocketTestClient(port: port, headers: [("Origin", "http://127.0.0.1:1")], expectUpgrade: false)
            #expect(otherPort.response.hasPrefix("HTTP/1.1 403"))
            _ = try WebSocketTestClient(port: port, headers: [("Origin", "http://games.school.example")])
            _ = try WebSocketTestClient(port: port, headers: [("Origin", nil)])  // not a browser
            _ = try WebSocketTestClient(port: port)  // the server's own page
        }
    }

    // MARK: Frames

    /// Each broken frame closes the session with its code, after the greeting.
    @Test(arguments: [
        ("an unmasked frame", 1002),
        ("a reserved bit", 1002),
        ("a reserved opcode", 1002),
        ("a control frame over 125 bytes", 1002),
        ("a fragmented ping", 1002),
        ("a continuation with nothing to continue", 1002),
        ("a message over the line limit", 1009),
        ("text that is not UTF-8", 1007),
        ("a binary message", 1003),
    ])
    func aBrokenFrameIsClosedWithItsCode(what: String, code: Int) async throws {
        try await onOwnThread {
            let server = try WebServer()
            let client = try WebSocketTestClient(port: server.webPort)
            #expect(try client.nextLine()?.hasPrefix("WORDGAME") == true)
            switch what {
            case "an unmasked frame": client.send(opcode: 1, Array("PING".utf8), masked: false)
            case "a reserved bit": client.send(opcode: 1, Array("PING".utf8), rsv: 4)
            case "a reserved opcode": client.send(opcode: 3, Array("PING".utf8))
            case "a control frame over 125 bytes": client.send(opcode: 9, Array(repeating: 0x61, count: 126))
            case "a fragmented ping": client.send(opcode: 9, [1], fin: false)
            case "a continuation with nothing to continue": client.send(opcode: 0, Array("PING".utf8))
            case "a message over the line limit": client.send(opcode: 1, Array(repeating: 0x61, count: 513))
            case "text that is not UTF-8": client.send(opcode: 1, [0x50, 0xFF, 0x47])
            default: client.send(opcode: 2, [1, 2, 3])
            }
            #expect(try client.closeCode() == UInt16(code), "\(what)")
            #expect(try client.next() == nil, "closed after the close frame")
        }
    }

    @Test func aLineOfExactlyTheLimitIsALineAndABadLineKeepsTheSession() async throws {
        try await onOwnThread {
            let server = try WebServer()
            let client = try WebSocketTestClient(port: server.webPort)
            _ = try client.nextLine()
            client.sendLine("NAME " + String(repeating: "x", count: 507))  // 512 bytes: a line, and a bad name
            #expect(try client.nextLine()?.hasPrefix("ERROR bad-name") == true)
            client.sendLine("FROB")
            #expect(try client.nextLine()?.hasPrefix("ERROR unknown-command") == true)
            client.sendLine("PING")
            #expect(try client.nextLine() == "PONG")
        }
    }

    @Test func pingsAreAnsweredTheCloseIsEchoedAndASilentSessionIsPinged() async throws {
        try await onOwnThread {
            var limits = ConnectionLimits()
            limits.webSocketPingMilliseconds = 500
            let server = try WebServer(limits: limits)
            let client = try WebSocketTestClient(port: server.webPort)
            _ = try client.nextLine()
            client.send(opcode: 9, Array("are you there".utf8))
            #expect(try client.next() == WebSocketTestClient.Frame(opcode: 10, payload: Array("are you there".utf8)))
            // Silence: the server pings within a second or two of housekeeping.
            #expect(try client.next(timeout: 4)?.opcode == 9)
            client.send(opcode: 8, [0x0F, 0xA0])  // 4000
            #expect(try client.closeCode() == 4000)
            #expect(try client.next() == nil)
        }
    }

    @Test func quitSaysByeThenCloses() async throws {
        try await onOwnThread {
            let server = try WebServer()
            let client = try WebSocketTestClient(port: server.webPort)
            _ = try client.nextLine()
            client.sendLine("QUIT")
            #expect(try client.nextLine()?.hasPrefix("BYE ") == true)
            #expect(try client.closeCode() == 1000)
        }
    }

    // MARK: Shared with TCP

    @Test func oneAddressCannotPassItsCapByMixingTransports() async throws {
        try await onOwnThread {
            var limits = ConnectionLimits()
            limits.maxPerAddress = 2
            let server = try WebServer(limits: limits)
            let tcp = try RawSocket(port: server.port)
            let browser = try WebSocketTestClient(port: server.webPort)
            _ = try browser.nextLine()
            _ = tcp
            // A third connection from 127.0.0.1, on either port, is refused (a WebSocket's: WebRefusalTests).
            let third = try RawSocket(port: server.webPort)
            third.send(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.webPort)\r\n\r\n".utf8))
            #expect(try third.readAll().hasPrefix("HTTP/1.1 503"))
            let fourth = try RawSocket(port: server.port)
            #expect(try fourth.readAll().contains("ERROR server-full"))
        }
    }

    @Test func aBrowserSessionHasTheRegistrationLimit() async throws {
        try await onOwnThread {
            var limits = ConnectionLimits()
            limits.registrationMilliseconds = 300
            let server = try WebServer(limits: limits)
            let client = try WebSocketTestClient(port: server.webPort)
            _ = try client.nextLine()
            let bye = try client.waitFor("BYE", timeout: 5)
            #expect(bye.contains("did not join a room"))
            #expect(try client.closeCode() == 1000)
        }
    }

    @Test func aBrowserPlayersLinesArePacedAsATCPPlayers() async throws {
        try await onOwnThread {
            let server = try WebServer()
            let client = try WebSocketTestClient(port: server.webPort)
            _ = try client.nextLine()
            let started = Date()
            for _ in 0..<60 { client.sendLine("PING") }
            for _ in 0..<60 { #expect(try client.nextLine() == "PONG") }
            // 40 at once, then 20 a second: the last 20 take about a second.
            #expect(Date().timeIntervalSince(started) > 0.8)
        }
    }

    /// A message holding many lines is no way around pacing: each of its lines is paced as a line over TCP.
    @Test func linesInOneMessageArePacedOneByOne() async throws {
        try await onOwnThread {
            let server = try WebServer()
            let client = try WebSocketTestClient(port: server.webPort)
            _ = try client.nextLine()
            let started = Date()
            client.sendLine(String(repeating: "PING\n", count: 60))
            for _ in 0..<60 { #expect(try client.nextLine() == "PONG") }
            // 40 at once, then 20 a second: the last 20 take about a second.
            #expect(Date().timeIntervalSince(started) > 0.8)
            client.sendLine("PING")
            #expect(try client.nextLine() == "PONG", "the connection lives on")
        }
    }

    // MARK: Playing

    /// A browser player and a TCP player in one room: the same pairs, each scored alike.
    @Test func aWebSocketPlayerAndATCPPlayerPlayTheSameGame() async throws {
        try await onOwnThread {
            let server = try WebServer(rules: Rules(roundMilliseconds: 5_000, pairCount: 3))
            let tcp = try RawSocket(port: server.port)
            tcp.send(Array("MODE MACHINE\nNAME Tom\nJOIN mixed\n".utf8))
            let web = try WebSocketTestClient(port: server.webPort)
            web.sendLine("NAME Wendy")
            web.sendLine("JOIN mixed")
            _ = try web.waitFor("YOU LOBBY")
            var tcpLines = TCPLines(socket: tcp)
            _ = try tcpLines.waitFor("YOU LOBBY")
            tcp.send(Array("START\n".utf8))  // Tom joined first: he hosts
            for number in 1...3 {
                let webRound = try web.waitFor("ROUND \(number) ")
                let tcpRound = try tcpLines.waitFor("ROUND \(number) ")
                #expect(webRound == tcpRound)
                web.sendLine("ANSWER \(number) y")
                tcp.send(Array("ANSWER \(number) n\n".utf8))
                let webResult = try web.waitFor("RESULT \(number) ")
                let tcpResult = try tcpLines.waitFor("RESULT \(number) ")
                // One of them is right: y and n cannot both be.
                #expect(webResult.contains(" RIGHT ") != tcpResult.contains(" RIGHT "), "\(webResult) / \(tcpResult)")
            }
            let webOver = try web.waitFor("GAMEOVER")
            let tcpOver = try tcpLines.waitFor("GAMEOVER")
            #expect(webOver.split(separator: " ")[2] == "2" && tcpOver.split(separator: " ")[2] == "2", "both ranked of 2")
        }
    }
}

/// Lines from a raw TCP socket.
struct TCPLines {
    let socket: RawSocket
    private var pending: [UInt8] = []

    init(socket: RawSocket) { self.socket = socket }

    mutating func waitFor(_ prefix: String, timeout: Double = 5) throws -> String {
        while true {
            while let end = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeFirst(end + 1)
                if line.hasPrefix(prefix) { return line }
            }
            guard let chunk = try socket.receive(timeout: timeout), !chunk.isEmpty else {
                throw TestFailure(description: "no \(prefix)")
            }
            pending += chunk
        }
    }
}

/// `/results.csv?…&file=pairs` (Protocol.md §11): the last saved game's pairs file, for the key's holder.
@Suite struct PairsDownloadTests {
    @Test func theHostDownloadsThePairsFileWithTheKey() async throws {
        try await onOwnThread {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-pairs-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let server = try WebServer(rules: Rules(roundMilliseconds: 3_000, pairCount: 2), resultsDirectory: folder)
            let host = try WebSocketTestClient(port: server.webPort)
            host.sendLine("HOST")
            let hosted = try host.waitFor("OK HOST ").split(separator: "\"")
            let (room, key) = (String(hosted[1]), String(hosted[3]))
            let ana = try WebSocketTestClient(port: server.webPort)
            ana.sendLine("NAME Ana")
            ana.sendLine("JOIN \(room)")
            _ = try ana.waitFor("RULES ")
            host.sendLine("START")
            for number in 1...2 {
                _ = try ana.waitFor("ROUND \(number) ")
                ana.sendLine("ANSWER \(number) y")
            }
            _ = try host.waitFor("SAVED 1")
            let get = { (file: String, key: String) throws -> String in
                let socket = try RawSocket(port: server.webPort)
                socket.send(Array("GET /results.csv?room=\(room.uppercased())&key=\(key)&file=\(file) HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
                return try socket.readAll()
            }
            let answer = try get("pairs", key)
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(200))")
            let body = answer.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
            #expect(body.hasPrefix("\u{FEFF}game,date,time,room,word_list,from_language,to_language,rank,pair,"), "\(body.prefix(120))")
            #expect(body.split(separator: "\r\n").count == 3, "\(body)")
            #expect(try get("pairs", "AAAAAAAAAAAA").hasPrefix("HTTP/1.1 403"))
            withExtendedLifetime((host, ana)) {}
        }
    }
}
