import Testing
import WordGame
import WordGameProtocol
@testable import WordGameServer

/// A hosted room's code as a person at `nc` reads and types it: always in capitals, as the projector
/// shows it, and a mistyped one (a character codes never use) told so.
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

    /// A teacher's room whose code holds a character with a look-alike outside the alphabet
    /// (Q or D for O, T, J or 7 for I): the code, and the code as mistyped.
    static func roomWithALookAlike(_ world: HubWorld) throws -> (code: String, typo: String) {
        for _ in 0..<100 {
            let code = try hostedRoom(world).uppercased()
            if let index = code.firstIndex(where: { "QDTJ7".contains($0) }) {
                var typo = code
                typo.replaceSubrange(index...index, with: "QD".contains(code[index]) ? "O" : "I")
                return (code, typo)
            }
        }
        throw CancellationError()
    }

    @Test func aMistypedCodeIsToldWhichCharactersCodesUseAndTheRoomItMeant() throws {
        let world = HubWorld()
        let (code, typo) = try Self.roomWithALookAlike(world)
        let rooms = world.hub.rooms.count
        let ana = world.connect()
        world.type("NAME Ana", from: ana)
        _ = world.take(ana)
        world.type("JOIN \(typo.lowercased())", from: ana)
        world.expect(ana, ["ERROR no-room \"There is no room \(typo). Room codes use only the letters ABCDEFGHJKMNPQRTUVWXY and the "
            + "digits 346789: never O, I, L, S, Z, 0, 1, 2 or 5. Did you mean JOIN \(code)?\""])
        #expect(world.hub.rooms.count == rooms, "no room was made")
        world.type("JOIN \(code)", from: ana)
        #expect(ana.unread.first == "OK JOIN \"\(code.lowercased())\"")
    }

    /// A 7 read as a Z (the HFVZ for HFV7): no room is made, and the room meant is named.
    @Test func aSevenTypedAsZIsToldTheRoomItMeant() throws {
        let world = HubWorld()
        var code = ""
        for _ in 0..<200 where !code.contains("7") { code = try Self.hostedRoom(world).uppercased() }
        try #require(code.contains("7"), "a code with a 7")
        let typo = code.replacingOccurrences(of: "7", with: "Z")
        let rooms = world.hub.rooms.count
        let ana = world.connect()
        world.type("NAME Ana", from: ana)
        _ = world.take(ana)
        world.type("JOIN \(typo)", from: ana)
        #expect(ana.unread.first?.hasPrefix("ERROR no-room \"There is no room \(typo). ") == true, "\(ana.unread)")
        #expect(ana.unread.first?.hasSuffix(" Did you mean JOIN \(code)?\"") == true, "\(ana.unread)")
        #expect(world.hub.rooms.count == rooms, "no room was made")
    }

    /// On a server where JOIN makes rooms: a name of a code's length with a digit and a character
    /// codes never use makes no room; nor does a code no room holds (a typo, a room of before a
    /// restart); other names do, for friends.
    @Test func aNameNoCodeCanBeMakesNoRoomButWordsStillDo() {
        let world = HubWorld()
        let ana = world.connect(mode: .human)
        world.type("NAME Ana", from: ana)
        _ = world.take(ana)
        for typo in ["6m9o", "ab1c", "Q0QQ", "7777S"] {
            world.type("JOIN \(typo)", from: ana)
            world.expect(ana, ["Sorry: There is no room \(typo.uppercased()). Room codes use only the letters ABCDEFGHJKMNPQRTUVWXY and "
                + "the digits 346789: never O, I, L, S, Z, 0, 1, 2 or 5. Check the code on the board and type JOIN <code>. "
                + "For a room of your own, choose a name of 6 or more characters."])
        }
        for code in ["k7px", "MB3K", "math", "hfv79"] {
            world.type("JOIN \(code)", from: ana)
            world.expect(ana, ["Sorry: There is no room \(code.uppercased()). Check the code on the board and type JOIN <code>. "
                + "For a room of your own, choose a name that is no code: 6 or more characters, say."])
        }
        #expect(world.hub.rooms.isEmpty)
        for name in ["room", "class", "ana-1", "ab1cde", "main", "math-club"] {
            world.type("JOIN \(name)", from: ana)
            #expect(ana.unread.first == "You are in room \(name).", "\(ana.unread)")
            world.type("LEAVE", from: ana)
            _ = world.take(ana)
        }
    }

    @Test func onAHostedOnlyServerAMistypedCodeIsToldTheRule() {
        let world = HubWorld(openRooms: false)
        let ana = world.connect()
        world.type("NAME Ana", from: ana)
        _ = world.take(ana)
        world.type("JOIN room", from: ana)
        world.expect(ana, ["ERROR no-room \"There is no room ROOM. Room codes use only the letters ABCDEFGHJKMNPQRTUVWXY and the "
            + "digits 346789: never O, I, L, S, Z, 0, 1, 2 or 5. Check the code on the board and type JOIN <code>.\""])
        world.type("JOIN qqqq", from: ana)
        world.expect(ana, ["ERROR no-room \"There is no room QQQQ. Check the code on the board and type JOIN <code>.\""])
    }
}
