import Foundation
import Testing
import WordGameTestSupport
import WordGame
import WordGameProtocol

/// One connection against the real server: greeting, help, and bad input that never kills a connection.
@Suite struct ConnectionTests {
    @Test func greetingNamesTheProtocolVersionAndWhatToType() async throws {
        try await onOwnThread {
            let server = try TestServer()
            let client = try TestClient(port: server.port)
            guard case .welcome(let version, let hint) = try client.next() else { Issue.record("no greeting"); return }
            #expect(version == 2 && version == protocolVersion)
            #expect(hint.contains("NAME"))
            try client.machineMode()
            client.send("help")
            guard case .help = try client.next() else { Issue.record("no HELP"); return }
        }
    }

    @Test func badLinesGetAnErrorAndTheConnectionLivesOn() async throws {
        try await onOwnThread {
            let server = try TestServer()
            let client = try server.client()
            let cases: [([UInt8], ProtocolError.Code)] = [
                (Array("FROB\n".utf8), .unknownCommand),
                (Array(repeating: 0x78, count: 5_000) + [0x0A], .lineTooLong),
                ([0xC3, 0x28, 0x0A], .badUTF8),
                ([0xFF, 0xFD, 0x01, 0x0A], .badUTF8),
                (Array("NAME a\u{1B}[2Jb\n".utf8), .badName),
                (Array("NAME \n".utf8), .badName),
                // An accent right after the space joins it in one Character, yet the command word ends at the space.
                (Array("NAME \u{301}x\n".utf8), .badName),
                (Array("PING \u{301}\n".utf8), .badArgument),
                (Array("JOIN\n".utf8), .noName),
                (Array("START\n".utf8), .notInRoom),
                (Array("y\n".utf8), .notInRoom),
                (Array("ANSWER perhaps\n".utf8), .badArgument),
            ]
            for (bytes, code) in cases {
                client.sendRaw(bytes)
                #expect(try client.waitForError().code == code)
            }
            client.send("PING")
            #expect(try client.next() == .pong)
        }
    }

    @Test func blankLinesAreIgnoredAndBackspaceEdits() async throws {
        try await onOwnThread {
            let server = try TestServer()
            let client = try server.client()
            client.sendRaw(Array("\r\n\n  \nPINX\u{7F}G\r\n".utf8))
            #expect(try client.next() == .pong)
        }
    }

    @Test func quitSaysByeAndCloses() async throws {
        try await onOwnThread {
            let server = try TestServer()
            let client = try server.client()
            client.send("q")
            guard case .bye = try client.next() else { Issue.record("no BYE"); return }
            try client.waitForClose()
        }
    }

    @Test func namesAreUniqueInARoomRegardlessOfCase() async throws {
        try await onOwnThread {
            let server = try TestServer()
            let ana = try server.player("Ana")
            defer { withExtendedLifetime(ana) {} }
            let other = try server.client()
            other.send("NAME ANA")
            #expect(try other.next() == .nameSet("ANA"))
            other.send("JOIN")
            #expect(try other.waitForError().code == .nameTaken)
            other.send("JOIN elsewhere")  // another room: no clash
            #expect(try other.next() == .joined(room: "elsewhere"))
        }
    }

    /// Look-alike names cannot join one room: each is told whom it looks like.
    @Test(arguments: ["\u{410}na", "\u{FF21}\u{FF4E}\u{FF41}", "ANA", "\u{391}na"])
    func aLookAlikeNameIsRefusedAndToldWhy(lookAlike: String) async throws {
        try await onOwnThread {
            let server = try TestServer()
            _ = try server.player("Ana")
            let other = try server.client()
            other.send("NAME \(lookAlike)")
            _ = try other.next()
            other.send("JOIN")
            let refusal = try other.waitForError()
            #expect(refusal.code == .nameTaken)
            #expect(refusal.text.contains("is called Ana, which looks the same as"), "\(refusal.text)")
            // Variation selectors are refused outright.
            other.send("NAME Ana\u{FE0F}")
            #expect(try other.waitForError().code == .badName)
        }
    }

    @Test func aServerFullConnectionIsToldSo() async throws {
        try await onOwnThread {
            let server = try TestServer(maxConnections: 1)
            let first = try server.client()
            defer { withExtendedLifetime(first) {} }
            let extra = try TestClient(port: server.port)
            // The greeting is the first line on every connection, this one too (Protocol.md §5).
            guard case .welcome = try extra.next() else { Issue.record("no greeting before server-full"); return }
            #expect(try extra.next().isError(.serverFull))
            guard case .bye = try extra.next() else { Issue.record("no BYE"); return }
            try extra.waitForClose()
        }
    }

    @Test func aClientThatStopsReadingIsDroppedAndOthersPlayOn() async throws {
        try await onOwnThread {
            let server = try TestServer(maxQueuedBytes: 16 * 1024)
            let player = try server.player("Ana")
            let greedy = try server.client("greedy")
            // Ask for far more output than the cap plus the kernel's buffers, never reading it.
            let help = Array(String(repeating: "HELP\n", count: 20_000).utf8)
            greedy.sendRaw(help)
            player.send("PING")
            #expect(try player.waitFor { $0 == .pong } == .pong)
            // The server dropped the greedy client: reading now ends with end of stream, not a timeout.
            let deadline = Date().addingTimeInterval(10)
            while try greedy.nextLine(timeout: 10) != nil { #expect(Date() < deadline) }
            player.send("START")
            _ = try player.waitForRound()
        }
    }
}
