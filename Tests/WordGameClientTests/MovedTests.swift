import Foundation
import Glibc
import Testing
import WordGamePOSIX
@testable import WordGameClient
import WordGame
import WordGameProtocol
import WordGameTestSupport

/// A server of a fleet sends a command to the server that has its room or
/// seat (`MOVED`, then `ERROR moved`): the client follows by itself, sends the
/// command again there, and carries on there. Fake servers on 127.0.0.1 say
/// where to go; each keeps what it heard, numbered by connection.
@Suite struct MovedTests {
    /// `MOVED` to 127.0.0.1 `port` and its `ERROR moved`, as a server of a fleet words them for JOIN K7PX.
    static func moved(to port: UInt16, host: String = "127.0.0.1") -> String {
        "MOVED \"\(host)\" \(port) \"\"\nERROR moved \"Room K7PX is on another server of this school, \(host) port \(port). "
            + "Type QUIT, connect there (nc \(host) \(port)) and type NAME Bo, then JOIN K7PX.\"\n"
    }

    /// A server that greets each connection, keeps every line after `MODE MACHINE` ("0 NAME Bo"), and once it
    /// hears a line that starts with `command`, says `reply` (given the connection's number and the server),
    /// then keeps listening until the client goes.
    static func answering(_ command: String, heard: Heard,
                          reply: @escaping @Sendable (Int, FakeServer) -> String) -> @Sendable (Int32, Int, FakeServer) -> Void {
        { fd, number, server in
            var reader = LineReader(fd: fd)
            guard FakeServer.greet(fd, &reader) else { return }
            while let line = try? reader.next(timeout: 10) {
                heard.append("\(number) \(line)")
                if line.hasPrefix(command) { _ = FakeServer.say(reply(number, server), to: fd) }
            }
        }
    }

    /// The server a command is sent to: it takes one connection, and answers `command` with `reply`.
    static func server(answering command: String, with reply: String, heard: Heard) -> FakeServer {
        FakeServer(connections: 1, serve: answering(command, heard: heard) { _, _ in reply })
    }

    func connect(_ server: FakeServer) throws -> ServerConnection { try ServerConnection(host: "127.0.0.1", port: server.port) }

    @Test func aJoinIsFollowedToTheServerThatHasTheRoomAndSaidThere() async throws {
        try await onOwnThread {
            let there = Heard(), here = Heard()
            let room = Self.server(answering: "JOIN", with: "OK NAME \"Bo\"\nOK JOIN \"k7px\"\nROOM \"k7px\" LOBBY 1 \"\" 0\nYOU LOBBY\n",
                                   heard: there)
            defer { room.finish() }
            let first = FakeServer(connections: 1, serve: Self.answering("JOIN", heard: here) { _, _ in
                "OK NAME \"Bo\"\n" + Self.moved(to: room.port)
            })
            defer { first.finish() }
            let connection = try connect(first)
            var told: [String] = []
            let name = try JoinRoom.join(connection, name: "Bo", room: "K7PX", askAgain: nil) { told.append($0) }
            #expect(name == "Bo")
            #expect(told == ["Room K7PX is on another server: joining it at 127.0.0.1 port \(room.port)…"])
            #expect(connection.server == ServerLocation(host: "127.0.0.1", port: room.port), "the connection is on that server now")
            #expect(try connection.next(timeout: 5) == .room(RoomInfo(name: "k7px", state: .lobby, members: 1, host: "", autoStart: 0)),
                    "the room's first lines are left for the game's loop")
            #expect(there.all == ["0 NAME Bo", "0 JOIN K7PX"], "NAME first, then the same JOIN, after MODE MACHINE")
            #expect(here.waitFor("0 QUIT") != nil, "the first server hears QUIT")
        }
    }

    @Test func aResumeIsFollowedToTheServerThatHoldsTheSeat() async throws {
        try await onOwnThread {
            let there = Heard(), here = Heard()
            let seat = Self.server(answering: "RESUME", with: "OK RESUME \"Bo\" \"k7px\"\nTOKEN \"NEWCODE9\" 60\n", heard: there)
            defer { seat.finish() }
            let first = FakeServer(connections: 1, serve: Self.answering("RESUME", heard: here) { _, _ in Self.moved(to: seat.port) })
            defer { first.finish() }
            let connection = try connect(first)
            var told: [String] = []
            #expect(try ResumeAtStart.resume(connection, code: "K7PXABCD") { told.append($0) } == .resumed(name: "Bo", room: "k7px"))
            #expect(told == ["Your seat is on another server: taking it back at 127.0.0.1 port \(seat.port)…"])
            #expect(try connection.next(timeout: 5) == .resumed(name: "Bo", room: "k7px"), "OK RESUME is left for the loop")
            #expect(there.all == ["0 RESUME K7PXABCD"])
        }
    }

    @Test(arguments: [PresentSession.Role.watch(room: "K7PX"), .reclaim(room: "K7PX", key: "ABCDEFGHJKMN")])
    func theProjectorFollowsToWatchOrTakeARoomBack(role: PresentSession.Role) async throws {
        try await onOwnThread {
            let there = Heard(), here = Heard()
            let command = role.commandName
            let accepted: ServerMessage = command == "WATCH" ? .watchingRoom("k7px") : .hosted(room: "k7px", key: "ABCDEFGHJKMN")
            let room = Self.server(answering: command, with: accepted.line + "\n", heard: there)
            defer { room.finish() }
            let first = FakeServer(connections: 1, serve: Self.answering(command, heard: here) { _, _ in Self.moved(to: room.port) })
            defer { first.finish() }
            let connection = try connect(first)
            var told: [String] = []
            #expect(try PresentSession.open(connection, as: role) { told.append($0) } == accepted)
            let doing = command == "WATCH" ? "watching it" : "taking it back"
            #expect(told == ["Room K7PX is on another server: \(doing) at 127.0.0.1 port \(room.port)…"])
            #expect(there.all == ["0 \(role.command.line)"], "the same command there")
            #expect(connection.server.port == room.port)
        }
    }

    /// Servers that send a command round in circles (here one that sends it to itself) cannot hold the client:
    /// three moves are followed, the fourth in a row stops with the last server's words.
    @Test func aFourthMoveInARowStopsWithTheLastServersError() async throws {
        try await onOwnThread {
            let heard = Heard()
            let circle = FakeServer(connections: 5, serve: Self.answering("JOIN", heard: heard) { _, server in
                "OK NAME \"Bo\"\n" + Self.moved(to: server.port)
            })
            defer { circle.finish() }
            let connection = try connect(circle)
            var told: [String] = []
            #expect {
                try JoinRoom.join(connection, name: "Bo", room: "K7PX", askAgain: nil) { told.append($0) }
            } throws: { error in
                "\(error)" == "Sent on to another server 3 times in a row already, the client stops here. The last server said: "
                    + "Room K7PX is on another server of this school, 127.0.0.1 port \(circle.port)."
            }
            #expect(told.count == 3)
            #expect(heard.all.filter { $0.hasSuffix("JOIN K7PX") } == ["0 JOIN K7PX", "1 JOIN K7PX", "2 JOIN K7PX", "3 JOIN K7PX"])
        }
    }

    /// The fleet's directory cannot be reached: the server's words, at once (not the wait for an answer).
    @Test(arguments: ["JOIN", "RESUME", "WATCH"])
    func directoryDownIsSaidAtOnce(command: String) async throws {
        try await onOwnThread {
            let text = "Room K7PX is not on this server, and the directory that knows which server has each room cannot be reached "
                + "just now, so it cannot be found. Try again in a moment."
            let server = FakeServer(connections: 1, serve: Self.answering(command, heard: Heard()) { _, _ in
                "ERROR directory-down \"\(text)\"\n"
            })
            defer { server.finish() }
            let connection = try connect(server)
            let started = Date()
            #expect {
                switch command {
                case "JOIN": _ = try JoinRoom.join(connection, name: "Bo", room: "K7PX", askAgain: nil)
                case "RESUME": _ = try ResumeAtStart.resume(connection, code: "K7PXABCD")
                default: _ = try PresentSession.open(connection, as: .watch(room: "K7PX"))
                }
            } throws: { error in
                "\(error)" == text
            }
            #expect(Date().timeIntervalSince(started) < 3)
        }
    }

    /// A MOVED whose place is out of range is skipped when read: its ERROR moved is shown as any error, and
    /// nothing is connected to.
    @Test func anErrorMovedWithoutAPlaceToGoIsShownAsAnyError() async throws {
        try await onOwnThread {
            let heard = Heard()
            let server = FakeServer(connections: 2, serve: Self.answering("JOIN", heard: heard) { _, _ in
                "OK NAME \"Bo\"\nMOVED \"127.0.0.1\" 0 \"\"\nERROR moved \"Room K7PX is on another server of this school.\"\n"
            })
            defer { server.finish() }
            let connection = try connect(server)
            #expect {
                try JoinRoom.join(connection, name: "Bo", room: "K7PX", askAgain: nil)
            } throws: { error in
                "\(error)" == "Room K7PX is on another server of this school."
            }
            #expect(!heard.all.contains { $0.hasPrefix("1 ") }, "no second connection")
        }
    }

    @Test func onlyAMoveRightBeforeItsErrorCounts() {
        let place = Elsewhere(host: "192.0.2.3", port: 4001, web: "")!
        let error = ProtocolError(.moved, "Room K7PX is on another server of this school.")
        var reader = Move.Reader()
        #expect(reader.read(.moved(place)) == nil)
        #expect(reader.read(.info("something else")) == nil)
        #expect(reader.read(.error(error)) == nil, "a line between them: the MOVED was not this error's")
        #expect(reader.read(.error(error)) == nil, "no MOVED at all")
        #expect(reader.read(.moved(place)) == nil)
        #expect(reader.read(.error(error)) == Move(place: place, error: error))
        #expect(reader.read(.error(error)) == nil, "one MOVED, one move")
    }
}
