import Foundation
import Glibc
import Testing
import WordGamePOSIX
@testable import WordGameClient
import WordGame
import WordGameProtocol
import WordGameTestSupport

/// `MOVED` once the game is on: after a drop, a seat another server of the
/// fleet holds now is taken back there; a `MOVED` nobody asked for changes
/// nothing; a saved seat whose server is gone joins the server typed. Fake
/// servers on 127.0.0.1, the link in this process or the client binary.
@Suite struct MovedReconnectTests {
    /// A server whose first connection drops at once, and whose later ones answer RESUME with `reply`.
    static func dropping(heard: Heard, connections: Int,
                         reply: @escaping @Sendable (FakeServer) -> String) -> FakeServer {
        FakeServer(connections: connections) { fd, number, server in
            guard number > 0 else { return }
            MovedTests.answering("RESUME", heard: heard) { _, _ in reply(server) }(fd, number, server)
        }
    }

    @Test func aReconnectGoesWhereAMoveSaysTheSeatIsNow() async throws {
        try await onOwnThread {
            let there = Heard(), here = Heard()
            // The seat's server answers once the screen has shown the try there: answered at once, the move and the
            // seat back can come in one turn of the loop, and the banner never shows. (Ten seconds at most: a client
            // that never shows it fails below, not here.)
            let bannerShown = DispatchSemaphore(value: 0)
            let seat = FakeServer(connections: 1, serve: MovedTests.answering("RESUME", heard: there) { _, _ in
                _ = bannerShown.wait(timeout: .now() + 10)
                return "OK RESUME \"Ana\" \"main\"\n"
            })
            defer { seat.finish() }
            let first = Self.dropping(heard: here, connections: 2) { _ in MovedTests.moved(to: seat.port) }
            defer { first.finish() }
            let link = ServerLink(try ServerConnection(host: "127.0.0.1", port: first.port))
            var banners: [String] = []
            let (status, messages) = ServerLinkTests().pump(link, seat: ServerLinkTests.seat) { status, messages in
                if case .reconnecting(let reconnecting) = status {
                    banners.append(reconnecting.banner(at: reconnecting.deadline))
                    if reconnecting.movedTo != nil { bannerShown.signal() }
                }
                return !messages.isEmpty
            }
            #expect(status == .connected && messages == [.resumed(name: "Ana", room: "main")])
            #expect(here.all == ["1 RESUME K7PXABCD"] && there.all == ["0 RESUME K7PXABCD"])
            #expect(link.connection.server == ServerLocation(host: "127.0.0.1", port: seat.port), "the game goes on there")
            #expect(banners.contains("Connection lost — reconnecting to 127.0.0.1 port \(seat.port), where your seat is now… "
                + "(attempt 2, 0 s left)"), "\(banners)")
        }
    }

    @Test func aReconnectStopsAfterThreeMovesInARow() async throws {
        try await onOwnThread {
            let heard = Heard()
            let circle = Self.dropping(heard: heard, connections: 6) { server in MovedTests.moved(to: server.port) }
            defer { circle.finish() }
            let link = ServerLink(try ServerConnection(host: "127.0.0.1", port: circle.port))
            let (status, _) = ServerLinkTests().pump(link, seat: ServerLinkTests.seat) { status, _ in
                if case .lost = status { return true }
                return false
            }
            #expect(status == .lost("Sent on to another server 3 times in a row already, the client stops here. The last server said: "
                + "Room K7PX is on another server of this school, 127.0.0.1 port \(circle.port)."))
            #expect(heard.all.filter { $0.hasSuffix("RESUME K7PXABCD") }.count == 4)
        }
    }

    /// Ana plays pair 1; then a MOVED and its ERROR come with pair 2, as no server of this protocol sends them:
    /// the client stays where it is and answers pair 2 there.
    @Test func aMoveNobodyAskedForMidGameIsIgnored() async throws {
        try await onOwnThread {
            let elsewhere = Heard(), heard = Heard()
            let other = FakeServer(connections: 1) { fd, _, _ in
                elsewhere.append("connected")
                FakeServer.drain(fd, timeout: 5)
            }
            defer { other.finish() }
            let opening = "WORDGAME 2 \"hi\"\nOK MODE MACHINE\nOK NAME \"Ana\"\nOK JOIN \"main\"\nROOM \"main\" PLAYING 2 \"Bo\" 0\n"
                + "MEMBERS 2 \"Bo\" \"Ana\"\nYOU PLAYING\nGAME 5 5000 3 2\nROUND 1 5 \"house\" \"casa\" 5000\n"
            let server = FakeServer(connections: 1) { fd, _, _ in
                guard FakeServer.say(opening, to: fd) else { return }
                var reader = LineReader(fd: fd)
                while let line = try? reader.next(timeout: 10) {
                    heard.append(line)
                    if line.hasPrefix("ANSWER 1") {
                        _ = FakeServer.say(MovedTests.moved(to: other.port) + "ROUND 2 5 \"dog\" \"perro\" 5000\n", to: fd)
                    }
                }
            }
            defer { server.finish() }
            let client = try ClientProcess(["--host", "127.0.0.1", "--port", "\(server.port)", "--name", "Ana"])
            try client.waitFor("Pair 1 of 5")
            client.answer("y")
            try client.waitFor("Pair 2 of 5")
            client.answer("y")
            #expect(heard.waitFor("ANSWER 2") == "ANSWER 2 CORRECT", "pair 2 is answered on the same connection")
            #expect(elsewhere.all.isEmpty, "nothing was connected to")
            try #require(client.process.isRunning, "the client plays on: \(client.transcript.suffix(6))")
            client.type("q")
            #expect(client.waitForExit() == 0)
        }
    }

    /// The seat file says the seat is on a server that refuses connections now (gone, and the seat with it):
    /// the client says so in one line and joins on the server typed, without a RESUME.
    @Test func aSavedSeatWhoseServerIsGoneJoinsTheServerTyped() async throws {
        try await onOwnThread {
            let (gone, gonePort) = LoopbackSocket.bound()  // bound, never listening: connections are refused
            defer { close(gone) }
            let heard = Heard()
            let joined = "OK NAME \"Ana\"\nOK JOIN \"k7px\"\nROOM \"k7px\" LOBBY 2 \"Bo\" 0\nYOU LOBBY\n"
            let server = MovedTests.server(answering: "JOIN", with: joined, heard: heard)
            defer { server.finish() }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-seat-\(UUID().uuidString)").path
            let environment = ["XDG_STATE_HOME": folder]
            let file = try #require(SeatFile.forSeat(host: "127.0.0.1", port: server.port, room: "k7px", environment: environment))
            try file.save(SeatFile.Saved(code: "K7PXABCD", name: "Ana", room: "k7px", graceSeconds: 60, pid: 1,
                                         server: ServerLocation(host: "127.0.0.1", port: gonePort)))
            let client = try ClientProcess(["--host", "127.0.0.1", "--port", "\(server.port)", "--room", "K7PX", "--name", "Ana"],
                                           environment: environment)
            #expect(try client.waitFor("Your seat was on") == "Your seat was on 127.0.0.1 port \(gonePort), which cannot be reached; "
                + "joining room K7PX on 127.0.0.1 port \(server.port) again.")
            try client.waitFor("Waiting for Bo")
            #expect(Array(heard.all.prefix(2)) == ["0 NAME Ana", "0 JOIN K7PX"], "no RESUME")
            #expect(file.load() == .none, "the seat it named is gone")
            client.type("q")
            #expect(client.waitForExit() == 0)
        }
    }
}
