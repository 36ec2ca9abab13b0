import Foundation
import Glibc
import Testing
import WordGameTestSupport

/// The full-screen game through a drop: the banner while it reconnects, the
/// counters and the open pair once it is back, and q at once meanwhile.
@Suite struct ResumeTerminalTests {
    func client(_ server: FakeServer) throws -> TerminalClient {
        try TerminalClient(["--host", "127.0.0.1", "--port", "\(server.port)", "--name", "Ana"])
    }

    @Test(.enabled(if: TerminalClient.isAvailable, "needs script(1) for a terminal"))
    func theScreenSaysItIsReconnectingThenShowsTheGameAsTheServerHasIt() async throws {
        try await onOwnThread {
            let heard = Heard()
            let server = FakeServer(connections: 2) { fd, number, _ in
                if number == 0 {
                    _ = FakeServer.say(ResumeTests.firstConnection(grace: 20), to: fd)
                    Thread.sleep(forTimeInterval: 0.5)  // the pair is drawn before the drop
                    return
                }
                var reader = LineReader(fd: fd)
                guard FakeServer.greet(fd, &reader), let line = try? reader.next(timeout: 5) else { return }
                heard.append(line)
                Thread.sleep(forTimeInterval: 0.5)  // long enough to see the banner
                _ = FakeServer.say(ResumeTests.resumed.replacingOccurrences(of: "SCORE 1 1 2 2", with: "SCORE 1 4 2 2"), to: fd)
                FakeServer.drain(fd)
            }
            defer { server.finish() }
            let client = try client(server)
            #expect(client.waitFor("gato"))
            #expect(client.waitFor("Connection lost — reconnecting… (attempt 1, 20 s left)"))
            #expect(client.waitFor("rojo"), "the open pair after the resume")
            #expect(client.waitFor("Wrong attempts: 4"), "the counters from SCORE")
            #expect(heard.all == ["RESUME K7PXABCD"])
            client.type("q")  // in the middle of a game, q asks first
            #expect(client.waitFor("Quit this game?"))
            client.type("q")
            #expect(client.waitForExit() == 0)
        }
    }

    @Test(.enabled(if: TerminalClient.isAvailable, "needs script(1) for a terminal"))
    func qQuitsTheScreenAtOnceWhileReconnecting() async throws {
        try await onOwnThread {
            let server = FakeServer(connections: 1) { fd, _, server in
                _ = FakeServer.say(ResumeTests.firstConnection(grace: 30), to: fd)
                server.refuseAfterThisConnection()
            }
            defer { server.finish() }
            let client = try client(server)
            #expect(client.waitFor("Connection lost — reconnecting…"))
            #expect(client.waitFor("(attempt 3,"), "tries go on while the screen is up")
            let asked = Date()
            client.type("q")
            #expect(client.waitForExit(timeout: 5) == 0)
            // At once, not after the try under way gives up (its greeting is awaited for seconds): 2 s tells them apart.
            #expect(Date().timeIntervalSince(asked) < 2, "it quit \(Date().timeIntervalSince(asked)) s after q")
            #expect(client.waitFor("\u{1B}[?1049l", timeout: 2), "the terminal is given back")
        }
    }
}
