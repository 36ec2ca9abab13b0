import Testing
import WordGame
import WordGameProtocol
@testable import WordGameServer

/// A server of a fleet, through the pure hub and a directory the test answers
/// by hand (`DirectoryDouble`): what is not here is asked for, the answer
/// finishes the command, and the lines sent meanwhile wait their turn.
@Suite struct FleetFlowTests {
    let elsewhere = Elsewhere(host: "192.0.2.3", port: 4001, web: "http://192.0.2.3:8081")!
    let greeting = "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\""

    func movedLines(_ text: String) -> [String] {
        ["MOVED \"192.0.2.3\" 4001 \"http://192.0.2.3:8081\"", "ERROR moved \"\(text)\""]
    }

    @Test func aJoinOfARoomOnAnotherServerIsMovedThereAndTheLinesAfterItWaitForTheAnswer() throws {
        let world = HubWorld(fleet: true)
        let bo = world.connect()
        world.type("NAME Bo", from: bo)
        world.type("JOIN K7PX", from: bo)
        world.type("STATUS", from: bo)  // sent before the answer: answered after it
        world.expect(bo, [greeting, "OK NAME \"Bo\""])
        world.answerDirectory(.findRoom("k7px"), .elsewhere(elsewhere))
        world.expect(bo, movedLines("Room K7PX is on another server of this school, 192.0.2.3 port 4001. Type QUIT, connect there "
                                    + "(nc 192.0.2.3 4001) and type NAME Bo, then JOIN K7PX. "
                                    + "In a browser: http://192.0.2.3:8081/?room=K7PX")
                     + ["YOU OUTSIDE"])
        #expect(world.hub.rooms.isEmpty)
    }

    @Test func aPersonAtNcReadsWhereToGoInOneSentence() throws {
        let world = HubWorld(fleet: true)
        let bo = world.connect(mode: .human)
        world.type("NAME Bo", from: bo)
        world.type("JOIN k7px", from: bo)
        world.answerDirectory(.findRoom("k7px"), .elsewhere(Elsewhere(host: "192.0.2.3", port: 4001, web: "")!))
        world.expect(bo, [greeting, "Hello, Bo! Now type JOIN to play (or JOIN and a room's name).",
                          "Sorry: Room K7PX is on another server of this school, 192.0.2.3 port 4001. Type QUIT, connect there "
                              + "(nc 192.0.2.3 4001) and type NAME Bo, then JOIN K7PX."])
    }

    @Test func aJoinThatMakesARoomClaimsItFirstAndTheRoomsEndReleasesIt() throws {
        let world = HubWorld(fleet: true)
        let ana = world.connect()
        world.type("NAME Ana", from: ana)
        world.type("JOIN friends", from: ana)
        // A classmate on this server asks for the same new room before the answer comes.
        let bo = world.connect()
        world.type("NAME Bo", from: bo)
        world.type("JOIN friends", from: bo)
        #expect(world.hub.rooms.isEmpty)
        world.answerDirectory(.claimRoom("friends"), .ours)
        world.answerDirectory(.claimRoom("friends"), .ours)  // the directory's script: our own claim, claimed again
        let room = try #require(world.hub.rooms["friends"])
        #expect(room.roster.members.count == 2)
        #expect(world.take(ana).contains("OK JOIN \"friends\""))
        #expect(world.take(bo).contains("OK JOIN \"friends\""))
        world.type("QUIT", from: ana)
        world.type("QUIT", from: bo)
        #expect(world.hub.rooms.isEmpty)
        #expect(world.directory?.releasedRooms == ["friends"])
    }

    @Test func aJoinOfARoomNobodyHasOnAHostedOnlyServerIsNoRoom() {
        let world = HubWorld(openRooms: false, fleet: true)
        let bo = world.connect()
        world.type("NAME Bo", from: bo)
        world.type("JOIN K7PX", from: bo)
        world.answerDirectory(.findRoom("k7px"), .nowhere)
        #expect(world.take(bo).dropFirst() == [
            "OK NAME \"Bo\"", "ERROR no-room \"There is no room K7PX. Check the code on the board and type JOIN <code>.\""])
    }

    /// A code is looked up, never claimed: a code no server of the fleet holds makes no room, even where JOIN makes
    /// rooms (a room of a server that stopped, a typo); a free name is claimed and made.
    @Test func aJoinOfACodeNobodyHoldsIsNoRoomOnAnOpenServerToo() throws {
        let world = HubWorld(fleet: true)
        let bo = world.connect()
        world.type("NAME Bo", from: bo)
        world.type("JOIN K7PX", from: bo)
        world.answerDirectory(.findRoom("k7px"), .nowhere)
        #expect(world.take(bo).dropFirst() == [
            "OK NAME \"Bo\"", "ERROR no-room \"There is no room K7PX. Check the code on the board and type JOIN <code>. "
                + "For a room of your own, choose a name that is no code: 6 or more characters, say.\""])
        #expect(world.hub.rooms.isEmpty)
    }

    @Test func withTheDirectoryOutOfReachAJoinIsToldWhyAndMakesNothing() {
        let world = HubWorld(fleet: true)
        let bo = world.connect()
        world.type("NAME Bo", from: bo)
        world.type("JOIN K7PX", from: bo)
        world.answerDirectory(.findRoom("k7px"), .unreachable)
        world.expect(bo, [greeting, "OK NAME \"Bo\"",
                          "ERROR directory-down \"Room K7PX is not on this server, and the directory that knows which server has each "
                              + "room cannot be reached just now, so it cannot be found. Try again in a moment. "
                              + "Games already playing go on.\""])
        // A full queue is the same, at once: nothing waits.
        world.directory?.full = true
        world.type("JOIN K7PX", from: bo)
        #expect(world.take(bo).map { $0.prefix(22) } == ["ERROR directory-down \""])
        #expect(world.hub.rooms.isEmpty)
    }

    @Test func hostClaimsItsCodeDrawingAnotherWhileTakenUpToEightTimes() throws {
        let world = HubWorld(fleet: true)
        let teacher = world.connect()
        world.type("HOST", from: teacher)
        #expect(world.take(teacher) == [greeting])
        let first = try #require(world.directory?.pending.first?.request)
        world.answerDirectory(first, .elsewhere(elsewhere))
        let second = try #require(world.directory?.pending.first?.request)
        #expect(second != first)
        #expect(world.take(teacher).isEmpty)
        world.answerDirectory(second, .ours)
        guard case .claimRoom(let code) = second else { throw Failure("a HOST claims, not \(second)") }
        #expect(world.take(teacher).contains { $0.hasPrefix("OK HOST \"\(code)\" ") })
        #expect(world.hub.rooms[code] != nil)

        let unlucky = world.connect()
        world.type("HOST", from: unlucky)
        for _ in 0..<Hub.hostDraws {
            let request = try #require(world.directory?.pending.first?.request)
            world.answerDirectory(request, .elsewhere(elsewhere))
        }
        #expect(world.directory?.pending.isEmpty == true)
        #expect(world.take(unlucky) == [greeting, "ERROR directory-down \"\(FleetTexts.hostDirectoryDown)\""])
    }

    @Test func aHostsCodeMadeHereMeanwhileIsDrawnAgainNotOpenedTwice() throws {
        // Both claims of one code from this server come back ours (the directory's script): the second must see the
        // room the first made. Here two HOSTs drew the code ABCD, the second while the first's claim was out. (A JOIN
        // can no longer make a room named like a code: Protocol.md §4, "Which names are codes".)
        let world = HubWorld(fleet: true)
        let first = world.connect(), second = world.connect()
        world.hub.ask(.host(code: "ABCD", tries: 0), for: first.player, at: world.now)
        world.hub.ask(.host(code: "ABCD", tries: 0), for: second.player, at: world.now)
        world.answerDirectory(.claimRoom("abcd"), .ours)
        world.answerDirectory(.claimRoom("abcd"), .ours)
        let again = try #require(world.directory?.pending.first?.request, "a second code is drawn")
        guard case .claimRoom(let code) = again, code != "abcd" else { throw Failure("drew \(again)") }
        world.answerDirectory(again, .ours)
        #expect(world.take(first).contains { $0.hasPrefix("OK HOST \"abcd\" ") })
        #expect(world.take(second).contains { $0.hasPrefix("OK HOST \"\(code)\" ") })
        #expect(world.hub.rooms["abcd"]?.isHosted == true && world.hub.rooms[code]?.isHosted == true)
    }

    @Test func aClaimWhileTheDirectorySettlesIsAskedAgainWhenItHasSettled() throws {
        let world = HubWorld(fleet: true)
        let teacher = world.connect()
        world.type("HOST", from: teacher)
        world.type("PING", from: teacher)
        let request = try #require(world.directory?.pending.first?.request)
        world.answerDirectory(request, .settling(milliseconds: 2_000))
        world.advance(by: 1_999)
        #expect(world.directory?.pending.isEmpty == true)
        #expect(world.take(teacher) == [greeting, "INFO \"\(FleetTexts.settling(seconds: 2))\""])
        world.advance(by: 1)
        #expect(world.directory?.pending.map(\.request) == [request], "the same code, asked again")
        world.answerDirectory(request, .ours)
        let lines = world.take(teacher)
        #expect(lines.first?.hasPrefix("OK HOST ") == true)
        #expect(lines.last == "PONG", "the line sent while it waited comes after: \(lines)")
    }

    @Test func aJoinWhileTheDirectorySettlesLooksAgainEachSecondAndIsToldOnce() throws {
        let world = HubWorld(fleet: true)
        let bo = world.connect()
        world.type("NAME Bo", from: bo)
        world.type("JOIN K7PX", from: bo)
        world.answerDirectory(.findRoom("k7px"), .settling(milliseconds: 9_500))
        #expect(world.take(bo).last == "INFO \"\(FleetTexts.settlingJoin("K7PX", seconds: 10))\"")
        world.advance(by: 999)
        #expect(world.directory?.pending.isEmpty == true)
        world.advance(by: 1)
        world.answerDirectory(.findRoom("k7px"), .settling(milliseconds: 8_500))
        #expect(world.take(bo).isEmpty, "told once")
        world.advance(by: 1_000)
        // Its server has put the room back by now.
        world.answerDirectory(.findRoom("k7px"), .elsewhere(elsewhere))
        #expect(world.take(bo).first == "MOVED \"192.0.2.3\" 4001 \"http://192.0.2.3:8081\"")
    }

    @Test func aHostWhoLeavesWhileTheClaimIsOutGivesItBack() throws {
        let world = HubWorld(fleet: true)
        let teacher = world.connect()
        world.type("HOST", from: teacher)
        let request = try #require(world.directory?.pending.first?.request)
        world.drop(teacher)
        world.answerDirectory(request, .ours)
        guard case .claimRoom(let code) = request else { throw Failure("a HOST claims, not \(request)") }
        #expect(world.hub.rooms.isEmpty)
        #expect(world.directory?.releasedRooms == [code])
    }

    @Test func watchAndTheHostsKeyAreMovedToTheRoomsServer() {
        let world = HubWorld(fleet: true)
        let projector = world.connect()
        world.type("WATCH K7PX", from: projector)
        world.answerDirectory(.findRoom("k7px"), .elsewhere(elsewhere))
        world.expect(projector, [greeting] + movedLines(
            "Room K7PX is on another server of this school, 192.0.2.3 port 4001. Type QUIT, connect there (nc 192.0.2.3 4001) "
                + "and type WATCH K7PX. In a browser: http://192.0.2.3:8081/watch?room=K7PX"))
        world.type("HOST k7px abcdefghjkmn", from: projector)
        world.answerDirectory(.findRoom("k7px"), .elsewhere(elsewhere))
        world.expect(projector, movedLines(
            "Room K7PX is on another server of this school, 192.0.2.3 port 4001. Type QUIT, connect there (nc 192.0.2.3 4001) "
                + "and type HOST K7PX ABCDEFGHJKMN. In a browser: http://192.0.2.3:8081/host"))
        world.type("WATCH K7PX", from: projector)
        world.answerDirectory(.findRoom("k7px"), .nowhere)
        world.expect(projector, ["ERROR no-room \"There is no room K7PX to watch. Check the code and type WATCH <room>.\""])
    }

    @Test func aResumeCodeOfAnotherServersSeatIsMovedAndAWrongOneStillCountsAsWrong() {
        let world = HubWorld(fleet: true)
        let bo = world.connect(from: "192.0.2.9")
        world.type("RESUME abcd3467", from: bo)
        world.answerDirectory(.findSeat("ABCD3467"), .elsewhere(elsewhere))
        world.expect(bo, [greeting] + movedLines(
            "Your seat is on another server of this school, 192.0.2.3 port 4001. Type QUIT, connect there (nc 192.0.2.3 4001) "
                + "and type RESUME ABCD3467."))
        // No browser address after RESUME, as the document says (the other server has a web port here).
        #expect(!elsewhere.web.isEmpty && ProtocolDriftTests.document.contains(
            "After `RESUME` the\n  text names no browser address"))
        // Codes nobody holds are wrong codes, limited per address as on one server.
        for _ in 0..<10 {
            world.type("RESUME ABCD3468", from: bo)
            world.answerDirectory(.findSeat("ABCD3468"), .nowhere)
        }
        #expect(world.take(bo).allSatisfy { $0.hasPrefix("ERROR bad-code ") })
        world.type("RESUME ABCD3468", from: bo)
        world.answerDirectory(.findSeat("ABCD3468"), .nowhere)
        #expect(world.take(bo).map { $0.prefix(16) } == ["ERROR slow-down "])
        #expect(world.holds.map(\.address) == ["192.0.2.9"])
        // A code that is no code is not asked about.
        world.type("RESUME K7PX", from: bo)
        #expect(world.directory?.pending.isEmpty == true)
    }

    @Test func aRoomWhoseServerStoppedIsGoneForJoinWatchAndTheHostsKey() {
        let world = HubWorld(fleet: true)
        let bo = world.connect()
        world.type("NAME Bo", from: bo)
        world.type("JOIN K7PX", from: bo)
        world.answerDirectory(.findRoom("k7px"), .gone)
        world.expect(bo, [greeting, "OK NAME \"Bo\"", "ERROR room-gone \"Room K7PX was on a server that stopped; its game cannot go "
                              + "on here. Ask your teacher for the new room's code.\""])
        let teacher = world.connect()
        world.type("HOST k7px abcdefghjkmn", from: teacher)
        world.answerDirectory(.findRoom("k7px"), .gone)
        world.type("WATCH K7PX", from: teacher)
        world.answerDirectory(.findRoom("k7px"), .gone)
        world.expect(teacher, [greeting,
                               "ERROR room-gone \"Room K7PX was on a server that stopped; its game cannot go on here. "
                                   + "Open a new room with HOST.\"",
                               "ERROR room-gone \"Room K7PX was on a server that stopped; its game cannot go on here. "
                                   + "Once a new room is open, type WATCH and its code.\""])
        #expect(world.hub.rooms.isEmpty)
        #expect(world.directory?.claimedReplacingGone == [], "a lookup claims nothing")
    }

    @Test func aPersonAtNcIsToldTheRoomsServerStoppedInOneSentence() {
        let world = HubWorld(fleet: true)
        let bo = world.connect(mode: .human)
        world.type("NAME Bo", from: bo)
        world.type("JOIN 7bvy", from: bo)
        world.answerDirectory(.findRoom("7bvy"), .gone)
        world.expect(bo, [greeting, "Hello, Bo! Now type JOIN to play (or JOIN and a room's name).",
                          "Sorry: Room 7BVY was on a server that stopped; its game cannot go on here. "
                              + "Ask your teacher for the new room's code."])
    }

    @Test func aResumeCodeOfAServerThatStoppedIsGoneAndCountsAsNoWrongGuess() {
        let world = HubWorld(fleet: true)
        let bo = world.connect(from: "192.0.2.9")
        for _ in 0..<12 {
            world.type("RESUME abcd3467", from: bo)
            world.answerDirectory(.findSeat("ABCD3467"), .gone)
        }
        let lines = world.take(bo).dropFirst()
        #expect(lines.count == 12)
        #expect(lines.allSatisfy {
            $0 == "ERROR room-gone \"The seat of resume code ABCD3467 was on a server that stopped; its game cannot go on here. "
                + "Ask your teacher for the new room's code (a teacher opens one with HOST).\""
        }, "\(lines.prefix(2))")
        #expect(world.holds.isEmpty, "a code that was given is no guess: nothing slows the address down")
    }

    @Test func hostDrawsAnotherCodeForOneGoneWithAServerThatStopped() throws {
        let world = HubWorld(fleet: true)
        let teacher = world.connect()
        world.type("HOST", from: teacher)
        let first = try #require(world.directory?.pending.first?.request)
        world.answerDirectory(first, .gone)
        let second = try #require(world.directory?.pending.first?.request, "another code is drawn")
        #expect(second != first)
        #expect(world.take(teacher) == [greeting], "nothing is said of the gone code")
        world.answerDirectory(second, .ours)
        guard case .claimRoom(let code) = second else { throw Failure("a HOST claims, not \(second)") }
        #expect(world.take(teacher).contains { $0.hasPrefix("OK HOST \"\(code)\" ") })
        #expect(world.directory?.claimedReplacingGone == [], "a code gone with its server is never a new room's")
    }

    @Test func aJoinThatMakesARoomMayReplaceAGoneOneOfThatName() {
        let world = HubWorld(fleet: true)
        let ana = world.connect()
        world.type("NAME Ana", from: ana)
        world.type("JOIN friends", from: ana)
        #expect(world.directory?.claimedReplacingGone == ["friends"])
        world.answerDirectory(.claimRoom("friends"), .ours)
        #expect(world.hub.rooms["friends"] != nil)
    }

    @Test func aLookupWhileTheDirectorySettlesAsksAgainEachSecondAndIsToldOnce() {
        let world = HubWorld(fleet: true)
        let bo = world.connect()
        world.type("RESUME ABCD3467", from: bo)
        world.answerDirectory(.findSeat("ABCD3467"), .settling(milliseconds: 4_200))
        #expect(world.take(bo).last == "INFO \"\(FleetTexts.settlingSeat(seconds: 5))\"")
        world.advance(by: 1_000)
        world.answerDirectory(.findSeat("ABCD3467"), .settling(milliseconds: 3_200))
        #expect(world.take(bo).isEmpty, "told once")
        world.advance(by: 1_000)
        world.answerDirectory(.findSeat("ABCD3467"), .gone)
        #expect(world.take(bo).map { $0.prefix(16) } == ["ERROR room-gone "])
        world.type("WATCH K7PX", from: bo)
        world.answerDirectory(.findRoom("k7px"), .settling(milliseconds: 2_000))
        #expect(world.take(bo).last == "INFO \"\(FleetTexts.settlingJoin("K7PX", seconds: 2))\"")
        world.advance(by: 1_000)
        world.answerDirectory(.findRoom("k7px"), .elsewhere(elsewhere))
        #expect(world.take(bo).first == "MOVED \"192.0.2.3\" 4001 \"http://192.0.2.3:8081\"")
    }

    @Test func aSeatIsFindableAcrossTheFleetFromItsCodeUntilItIsGivenUp() {
        let world = HubWorld(resumeGraceMilliseconds: 5_000, fleet: true)
        let ana = world.connect()
        world.type("NAME Ana", from: ana)
        world.type("JOIN friends", from: ana)
        world.answerDirectory(.claimRoom("friends"), .ours)
        let bo = world.connect()
        world.type("NAME Bo", from: bo)
        world.type("JOIN friends", from: bo)
        let anaCode = world.code(of: ana), boCode = world.code(of: bo)
        // From the code on, not only once the seat is held: a client may come back through another server
        // before this one has noticed its drop.
        #expect(world.directory?.registeredSeats == [anaCode, boCode])
        #expect(Set(world.hub.seatCodes) == [anaCode, boCode])
        world.drop(ana)
        world.drop(bo)
        let back = world.connect()
        world.type("RESUME \(anaCode)", from: back)
        #expect(world.directory?.releasedSeats == [], "taken back, the seat lives on with its code")
        world.advance(by: 5_000)
        #expect(world.directory?.releasedSeats == [boCode], "its grace over, Bo's seat is given up")
        world.type("QUIT", from: back)
        #expect(world.directory?.releasedSeats == [boCode, anaCode])
        #expect(world.hub.seatCodes.isEmpty)
        #expect(world.directory?.asked == [.claimRoom("friends")], "a room or seat here is never asked for")
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
