import Foundation
import Glibc
import Testing
import WordGamePOSIX
@testable import WordGameClient
import WordGame
import WordGameProtocol
import WordGameServer
import WordGameTestSupport

/// The link a loop reads through, in this process against a fake server: a
/// silent connection, and what a try does with each reply.
@Suite struct ServerLinkTests {
    static let seat = HeldSeat(token: ResumeToken(code: "K7PXABCD", graceSeconds: 5), room: "main")

    /// Runs the loop's turn (read, settle) until `done` says so; returns every message read and the last status.
    func pump(_ link: ServerLink, seat: HeldSeat?, timeout: Double = 5,
              until done: (ServerLink.Status, [ServerMessage]) -> Bool) -> (ServerLink.Status, [ServerMessage]) {
        var messages: [ServerMessage] = []
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            messages += link.read(at: .now())
            let status = link.settle(seat: seat, at: .now())
            if done(status, messages) || Date() > deadline { return (status, messages) }
            var entries = [link.pollEntry]
            Poll.wait(&entries, milliseconds: min(20, link.millisecondsUntilDue(at: .now()) ?? 20))
        }
    }

    static func answering(resumeWith reply: String, heard: Heard) -> @Sendable (Int32, Int, FakeServer) -> Void {
        { fd, number, _ in
            var reader = LineReader(fd: fd)
            if number == 0 {
                // Says nothing, and never closes: a Wi-Fi that dropped.
                while let line = try? reader.next(timeout: 10) { heard.append("0 \(line)") }
                return
            }
            guard FakeServer.greet(fd, &reader), let line = try? reader.next(timeout: 5) else { return }
            heard.append("\(number) \(line)")
            _ = FakeServer.say(reply, to: fd)
            FakeServer.drain(fd, timeout: 10)
        }
    }

    @Test func aSilentConnectionIsPingedThenGivenUpAndTheSeatTakenBack() async throws {
        try await onOwnThread {
            let heard = Heard()
            let server = FakeServer(connections: 2,
                                    serve: Self.answering(resumeWith: "OK RESUME \"Ana\" \"main\"\nTOKEN \"NEWCODE9\" 5\n", heard: heard))
            defer { server.finish() }
            let link = ServerLink(try ServerConnection(host: "127.0.0.1", port: server.port),
                                  liveness: Liveness(pingAfterMilliseconds: 200, deadAfterMilliseconds: 600))
            let started = Date()
            var sawReconnecting = false
            let (status, messages) = pump(link, seat: Self.seat) { status, messages in
                if case .reconnecting = status { sawReconnecting = true }
                return messages.count >= 2
            }
            #expect(sawReconnecting)
            #expect(status == .connected)
            #expect(messages == [.resumed(name: "Ana", room: "main"), .token(code: "NEWCODE9", graceSeconds: 5)])
            #expect(heard.all == ["0 MODE MACHINE", "0 PING", "1 RESUME K7PXABCD"],
                    "MODE MACHINE first, one PING, then the seat taken back on a new connection (after its own MODE MACHINE)")
            #expect(Date().timeIntervalSince(started) > 0.55)
        }
    }

    @Test func withoutASeatSilenceIsLeftAlone() async throws {
        try await onOwnThread {
            let heard = Heard()
            let server = FakeServer(connections: 1, serve: Self.answering(resumeWith: "", heard: heard))
            defer { server.finish() }
            let link = ServerLink(try ServerConnection(host: "127.0.0.1", port: server.port),
                                  liveness: Liveness(pingAfterMilliseconds: 100, deadAfterMilliseconds: 300))
            let (status, _) = pump(link, seat: nil, timeout: 0.6) { _, _ in false }
            #expect(status == .connected)
            #expect(heard.all == ["0 MODE MACHINE"], "no PING: a drop would end the session anyway")
        }
    }

    @Test func aServerThatDoesNotKnowResumeIsNotAskedAgain() async throws {
        try await onOwnThread {
            let heard = Heard()
            let reply = "ERROR unknown-command \"RESUME is not a command.\"\n"
            let server = FakeServer(connections: 3, serve: Self.answering(resumeWith: reply, heard: heard))
            defer { server.finish() }
            let link = ServerLink(try ServerConnection(host: "127.0.0.1", port: server.port),
                                  liveness: Liveness(pingAfterMilliseconds: 100, deadAfterMilliseconds: 200))
            let (status, _) = pump(link, seat: Self.seat) { status, _ in
                if case .lost = status { return true }
                return false
            }
            #expect(status == .lost("The server cannot give your seat in room main back: RESUME is not a command."))
            #expect(heard.all.filter { $0.contains("RESUME") }.count == 1)
        }
    }

    @Test func aFullServerIsTriedAgain() async throws {
        try await onOwnThread {
            let heard = Heard()
            let server = FakeServer(connections: 3) { fd, number, _ in
                var reader = LineReader(fd: fd)
                if number == 0 { return }  // dropped at once
                guard FakeServer.greet(fd, &reader), let line = try? reader.next(timeout: 5) else { return }
                heard.append("\(number) \(line)")
                _ = FakeServer.say(number == 1 ? "ERROR server-full \"Full.\"\nBYE \"Full.\"\n" : "OK RESUME \"Ana\" \"main\"\n", to: fd)
                if number == 2 { FakeServer.drain(fd, timeout: 10) }
            }
            defer { server.finish() }
            let link = ServerLink(try ServerConnection(host: "127.0.0.1", port: server.port))
            let (status, messages) = pump(link, seat: Self.seat) { _, messages in !messages.isEmpty }
            #expect(status == .connected && messages == [.resumed(name: "Ana", room: "main")])
            #expect(heard.all == ["1 RESUME K7PXABCD", "2 RESUME K7PXABCD"])
        }
    }
}
