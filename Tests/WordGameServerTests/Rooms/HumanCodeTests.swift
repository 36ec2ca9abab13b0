import Testing
import WordGame
import WordGameProtocol
@testable import WordGameServer

/// A hosted room's code as a person at `nc` reads it: always in capitals, as the projector shows it.
@Suite struct HumanCodeTests {
    /// A teacher's room (the teacher is a program); its code in lower case, as on the wire.
    static func hostedRoom(_ world: HubWorld) throws -> String {
        let teacher = world.connect()
        world.type("HOST", from: teacher)
        let room = teacher.unread.lazy.compactMap { line -> String? in
            if case .hosted(let room, _)? = try? ServerMessage(line: line) { room } else { nil }
        }.first
        return try #require(room)
    }

    @Test func aStudentBackWithResumeReadsTheCodeInCapitals() throws {
        let world = HubWorld()
        let room = try Self.hostedRoom(world)
        let maelle = world.player("Maëlle", room: room, mode: .human)
        let code = world.code(of: maelle)
        world.drop(maelle)
        let again = world.connect(mode: .human)
        again.unread.removeAll()
        world.type("RESUME \(code.lowercased())", from: again)
        let lines = again.unread
        #expect(lines.first == "You have your seat back: Maëlle, in room \(room.uppercased()).", "\(lines)")
        #expect(!lines.contains { $0.contains(room) }, "the code in lower case: \(lines)")
    }

    @Test func aTeacherBackWithResumeReadsTheCodeInCapitals() throws {
        let world = HubWorld()
        let teacher = world.connect(mode: .human)
        world.type("NAME Ms Li", from: teacher)
        world.type("HOST", from: teacher)
        let code = world.code(of: teacher)
        let room = try #require(teacher.transcript.lazy.compactMap { line -> String? in
            guard line.hasPrefix("You host room ") else { return nil }
            return String(line.dropFirst("You host room ".count).dropLast())
        }.first)
        world.drop(teacher)
        let again = world.connect(mode: .human)
        again.unread.removeAll()
        world.type("RESUME \(code)", from: again)
        #expect(again.unread.first == "You have your seat back: Ms Li, in room \(room).", "\(again.unread)")
        #expect(room == room.uppercased() && room.count == 4)
    }
}
