import Foundation
import Glibc
import Testing
import WordGameTestSupport
import WordGamePOSIX
@testable import WordGameClient
import WordGame
import WordGameProtocol
import WordGameServer

/// The projector's start against the real server on 127.0.0.1: hosting a
/// room, taking it back with the key, watching, and the class server's port.
@Suite(.serialized) struct PresentSessionTests {
    static let words = try! WordList(entries: (1...8).map { WordEntry(english: "e\($0)", spanish: "s\($0)") })

    func classServer(firstPort: UInt16 = 0) throws -> Server {
        try ClassServer.start(words: Self.words, rules: .original, seed: 1, firstPort: firstPort, bindAddress: "127.0.0.1",
                              resultsDirectory: nil)
    }

    func connect(_ server: Server) throws -> ServerConnection { try ServerConnection(host: "127.0.0.1", port: server.port) }

    /// Messages until `until` matches (inclusive), with a deadline.
    func read(_ connection: ServerConnection, until: (ServerMessage) -> Bool) throws -> [ServerMessage] {
        var seen: [ServerMessage] = []
        while true {
            let message = try connection.next(timeout: 5)
            seen.append(message)
            if until(message) { return seen }
        }
    }

    @Test func hostsARoomAndTheScreenHearsAStudentJoin() async throws {
        try await onOwnThread {
            let server = try classServer()
            defer { server.stop(); server.waitUntilStopped() }
            let projector = try connect(server)
            guard case .hosted(let room, let key) = try PresentSession.open(projector, as: .host) else {
                Issue.record("no OK HOST")
                return
            }
            #expect(room.count >= 4 && key.count == 12)
            var state = PresentState()
            state.receive(.hosted(room: room, key: key), at: .now())
            for message in try read(projector, until: { $0 == .you(.hosting) }) { state.receive(message, at: .now()) }

            let student = try connect(server)
            _ = try JoinRoom.join(student, name: "Bo", room: room.uppercased(), askAgain: nil)
            for message in try read(projector, until: { if case .notice = $0 { return true }; return false }) {
                state.receive(message, at: .now())
            }
            #expect(state.roster == ["Bo"])
            #expect(state.lastNotice == "Bo joined.")
            #expect(state.isHost && state.screen == .lobby)
        }
    }

    @Test func theKeyTakesTheRoomBackAndAWrongOneIsRefused() async throws {
        try await onOwnThread {
            let server = try classServer()
            defer { server.stop(); server.waitUntilStopped() }
            let first = try connect(server)
            guard case .hosted(let room, let key) = try PresentSession.open(first, as: .host) else {
                Issue.record("no OK HOST")
                return
            }
            Socket.shutdown(first.socket)  // the projector's link drops; the seat waits
            let intruder = try connect(server)
            #expect(throws: ClientError.self) { try PresentSession.open(intruder, as: .reclaim(room: room, key: "WRONGKEY1234")) }
            let back = try connect(server)
            #expect(try PresentSession.open(back, as: .reclaim(room: room, key: key)) == .hosted(room: room, key: key))
            let viewer = try connect(server)
            #expect(try PresentSession.open(viewer, as: .watch(room: room)) == .watchingRoom(room))
        }
    }

    @Test func theClassServerOnlyOpensRoomsForAHost() async throws {
        try await onOwnThread {
            let server = try classServer()
            defer { server.stop(); server.waitUntilStopped() }
            let student = try connect(server)
            #expect(throws: ClientError.self) { try JoinRoom.join(student, name: "Bo", room: "mine", askAgain: nil) }
        }
    }

    @Test func aTakenPortMovesTheClassServerToTheNextFreeOne() async throws {
        try await onOwnThread {
            let first = try classServer()
            defer { first.stop(); first.waitUntilStopped() }
            let second = try classServer(firstPort: first.port)
            defer { second.stop(); second.waitUntilStopped() }
            #expect(second.port > first.port && Int(second.port) < Int(first.port) + ClassServer.portsTried)
        }
    }
}
