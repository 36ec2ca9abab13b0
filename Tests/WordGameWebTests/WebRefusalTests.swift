import Foundation
import Testing
import WordGameServer
import WordGameTestSupport

/// A WebSocket past a cap is refused in the protocol's words (Protocol.md §8,
/// §11): its 101, the three lines the game's port sends a refused
/// connection, and close 1013; an HTTP error in its place would reach a page
/// only as close 1006. Against the real server on 127.0.0.1.
@Suite struct WebRefusalTests {
    /// The greeting, ERROR server-full and BYE as text messages, then a close
    /// frame with 1013 and the BYE's words, then the end of the stream.
    func expectRefusal(_ client: WebSocketTestClient, saying why: String, bye: String) throws {
        #expect(client.response.hasPrefix("HTTP/1.1 101"), "\(client.response)")
        #expect(try client.next()?.text.hasPrefix("WORDGAME 2 ") == true)
        let error = try client.next()
        #expect(error?.opcode == 1 && error?.text.hasPrefix("ERROR server-full ") == true, "\(error?.text ?? "nothing")")
        #expect(error?.text.contains(why) == true, "\(error?.text ?? "nothing")")
        #expect(try client.next()?.text.hasPrefix("BYE ") == true)
        let close = try client.next()
        #expect(close?.closeCode == 1013)
        #expect(close.map { String(decoding: $0.payload.dropFirst(2), as: UTF8.self) } == bye)
        #expect(try client.next() == nil)
    }

    @Test func aWebSocketPastTheAddressesShareHearsWhyAndTheOthersPlayOn() async throws {
        try await onOwnThread {
            var limits = ConnectionLimits()
            limits.maxPerAddress = 2
            let server = try WebServer(limits: limits)
            let first = try WebSocketTestClient(port: server.webPort)
            let second = try WebSocketTestClient(port: server.webPort)
            _ = try first.nextLine()
            _ = try second.nextLine()
            let third = try WebSocketTestClient(port: server.webPort)
            try expectRefusal(third, saying: "Too many connections from your address (2)", bye: "Too many connections from one address.")
            // A page past the cap still gets the 503 a browser shows.
            let page = try RawSocket(port: server.webPort)
            page.send(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.webPort)\r\n\r\n".utf8))
            #expect(try page.readAll().hasPrefix("HTTP/1.1 503"))
            for client in [first, second] {
                client.sendLine("PING")
                #expect(try client.nextLine() == "PONG")
            }
        }
    }

    @Test func aWebSocketPastMaxConnectionsHearsWhy() async throws {
        try await onOwnThread {
            var limits = ConnectionLimits()
            limits.maxConnections = 1
            let server = try WebServer(limits: limits)
            let player = try WebSocketTestClient(port: server.webPort)
            _ = try player.nextLine()
            let refused = try WebSocketTestClient(port: server.webPort)
            try expectRefusal(refused, saying: "The server is full (1 players)", bye: "Server full.")
            player.sendLine("PING")
            #expect(try player.nextLine() == "PONG")
        }
    }

    /// One that never finishes its request is answered 503 and closed after
    /// the documented 2 s; meanwhile it is not counted as a connection.
    @Test func aRefusedRequestThatNeverEndsIsDroppedInTime() async throws {
        try await onOwnThread {
            var limits = ConnectionLimits()
            limits.maxPerAddress = 1
            #expect(limits.webRefusalMilliseconds == 2_000)
            let server = try WebServer(limits: limits)
            let player = try WebSocketTestClient(port: server.webPort)
            _ = try player.nextLine()
            let started = Date()
            let slow = try RawSocket(port: server.webPort)
            slow.send(Array("GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8))
            // The address's one place is free again once the player goes: the held refusal does not take it.
            player.sendLine("QUIT")
            #expect(try player.closeCode() == 1000)
            Thread.sleep(forTimeInterval: 0.2)
            let next = try WebSocketTestClient(port: server.webPort)
            #expect(try next.nextLine()?.hasPrefix("WORDGAME 2 ") == true)
            #expect(try slow.readAll(timeout: 5).hasPrefix("HTTP/1.1 503"))
            let waited = Date().timeIntervalSince(started)
            #expect(waited > 1.8 && waited < 3.5, "closed after \(waited) s")
        }
    }

    /// Held refusals are bounded: past `webRefusalsHeld`, an upgrade gets the 503 at once.
    @Test func pastTheHeldRefusalsAnUpgradeGetsThe503AtOnce() async throws {
        try await onOwnThread {
            var limits = ConnectionLimits()
            limits.maxPerAddress = 1
            limits.webRefusalsHeld = 1
            let server = try WebServer(limits: limits)
            let player = try WebSocketTestClient(port: server.webPort)
            _ = try player.nextLine()
            let silent = try RawSocket(port: server.webPort)
            Thread.sleep(forTimeInterval: 0.2)
            let started = Date()
            let refused = try WebSocketTestClient(port: server.webPort, expectUpgrade: false)
            #expect(refused.response.hasPrefix("HTTP/1.1 503"), "\(refused.response)")
            #expect(Date().timeIntervalSince(started) < 1)
            // The first is still held, waiting for its request.
            #expect(try silent.receive(timeout: 0.1) == nil)
        }
    }
}
