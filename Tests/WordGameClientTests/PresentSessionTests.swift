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

/// `--upload FILE`: the projector's list, sent a line at a time to a real class server once the room is hosted;
/// the room then plays it, in its languages, and the screen's state missed none of the room's lines.
@Suite struct PresentUploadTests {
    @Test func theProjectorUploadsItsListAndTheRoomPlaysIt() async throws {
        try await onOwnThread {
            let server = try PresentSessionTests().classServer()
            defer { server.stop(); server.waitUntilStopped() }
            let projector = try PresentSessionTests().connect(server)
            let accepted = try PresentSession.open(projector, as: .host)
            var state = PresentState()
            state.receive(accepted, at: .now())
            let file = try ListFileLines.read(path: "unit-3.csv",
                                              bytes: Array("Deutsch;English\nKatze;cat\nHund;dog\nplum\nKatze;cat\n".utf8))
            let outcome = try PresentUpload.run(file, languages: nil, key: nil, on: projector) { state.receive($0, at: .now()) }
            #expect(outcome.summary == UploadSummary(name: "unit-3", pairs: 2, skipped: 2, from: "Deutsch", to: "English"))
            #expect(outcome.skipped == [SkippedLine(line: 4, why: .columns, text: "plum"),
                                        SkippedLine(line: 5, why: .duplicate, text: "Katze;cat")])
            #expect(state.isHost && state.rules != nil, "the room's lines reached the screen's state")
            let report = PresentUpload.report(outcome, file: "unit-3.csv")
            #expect(report[0] == "List unit-3 saved from unit-3.csv: 2 pairs, Deutsch → English; the room plays it.")
            #expect(report[1...2] == ["2 lines not read:", "  line 4 (not two sides): plum"])
            #expect(report.last == "Its key is \(outcome.key): --upload unit-3.csv --list-key \(outcome.key) replaces it on this server.")
            // The room plays it: RULES LIST went, and its languages came before the rules.
            #expect(state.languages == GameLanguages(from: "Deutsch", to: "English") && state.rules?.list == "unit-3")
            // Again without the key: the name is taken; with it, --languages stands before the file's header.
            let again = try PresentSessionTests().connect(server)
            _ = try PresentSession.open(again, as: .host)
            #expect(throws: ClientError.self) { try PresentUpload.run(file, languages: nil, key: nil, on: again) { _ in } }
            let replaced = try PresentUpload.run(file, languages: ("German", "English"), key: outcome.key, on: again) { _ in }
            #expect(replaced.summary.from == "German" && replaced.key == outcome.key)
        }
    }
}
