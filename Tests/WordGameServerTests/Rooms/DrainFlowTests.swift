import Testing
import WordGame
import WordGameProtocol
@testable import WordGameServer

/// A server draining before it stops (Protocol.md §4, "A server that drains"), through the pure hub:
/// no new room, alone or in a fleet, and the rooms already there go on.
@Suite struct DrainFlowTests {
    let alone = "ERROR draining \"This server is about to stop for maintenance and takes no new room; "
        + "the games on it finish first. Try again in a few minutes.\""
    let inFleet = "ERROR draining \"This server is about to stop for maintenance and takes no new room: "
        + "connect to another of the school's servers to make one (rooms already here go on).\""

    @Test func aloneANewRoomIsRefusedWithASentenceAndARoomThatIsThereStillTakesPlayers() throws {
        let world = PracticeFlowTests.world()
        let ana = world.player("Ana", room: "friends")
        world.hub.startDraining()
        let teacher = world.connect()
        world.type("HOST", from: teacher)
        #expect(world.take(teacher).dropFirst() == [alone])
        let cy = world.connect()
        world.type("NAME Cy", from: cy)
        world.type("JOIN chess", from: cy)
        world.type("PRACTICE animals", from: cy)
        #expect(world.take(cy).dropFirst() == ["OK NAME \"Cy\"", alone, alone])
        #expect(world.hub.rooms["chess"] == nil)
        let bo = world.connect()
        world.type("NAME Bo", from: bo)
        world.type("JOIN friends", from: bo)
        #expect(world.take(bo).contains("OK JOIN \"friends\""))
        #expect(world.hub.rooms["friends"]?.roster.members.count == 2)
        _ = ana
    }

    let noOther = "ERROR draining \"This server is about to stop for maintenance and takes no new room, and no other "
        + "server of the school takes one just now. Try again in a few minutes (rooms already here go on).\""

    @Test func inAFleetANewRoomIsSentToAnotherServerNeverClaimedHere() throws {
        let world = HubWorld(fleet: true)
        world.hub.startDraining()
        #expect(world.directory?.markedDraining == true, "the others are told, so that they send no new room here")
        let teacher = world.connect()
        world.type("HOST", from: teacher)
        let other = Elsewhere(host: "192.0.2.3", port: 4001, web: "http://192.0.2.3:8081")!
        world.answerDirectory(.findServerForNewRoom, .elsewhere(other))
        #expect(world.take(teacher).dropFirst() == [
            "MOVED \"192.0.2.3\" 4001 \"http://192.0.2.3:8081\"",
            "ERROR moved \"This server is about to stop for maintenance, so your room is made on another server of this school, "
                + "192.0.2.3 port 4001. Type QUIT, connect there (nc 192.0.2.3 4001) and type HOST. "
                + "In a browser: http://192.0.2.3:8081/host\"",
        ])
        // No other server takes rooms (all draining, or none alive), or the directory cannot say: a sentence each.
        world.type("HOST", from: teacher)
        world.answerDirectory(.findServerForNewRoom, .nowhere)
        world.type("HOST", from: teacher)
        world.answerDirectory(.findServerForNewRoom, .unreachable)
        #expect(world.take(teacher) == [noOther, inFleet])
        #expect(world.hub.rooms.isEmpty && world.directory?.asked.contains(where: {
            if case .claimRoom = $0 { true } else { false }
        }) == false, "nothing claimed")
    }

    @Test func inAFleetAJoinThatWouldMakeARoomIsRefusedWhileARoomElsewhereIsStillMoved() throws {
        let world = HubWorld(fleet: true)
        world.hub.startDraining()
        let bo = world.connect()
        world.type("NAME Bo", from: bo)
        world.type("JOIN friends", from: bo)
        // Looked up, never claimed: a room another server has is still found there.
        world.answerDirectory(.findRoom("friends"), .nowhere)
        #expect(world.take(bo).dropFirst() == ["OK NAME \"Bo\"", inFleet])
        world.type("JOIN k7px", from: bo)
        world.answerDirectory(.findRoom("k7px"), .elsewhere(Elsewhere(host: "192.0.2.3", port: 4001, web: "")!))
        #expect(world.take(bo).first?.hasPrefix("MOVED ") == true)
        #expect(world.hub.rooms.isEmpty)
    }

    /// What a drain waits for: a game under way, and one counting down to its start (the class saw START pressed);
    /// a room in its lobby, or between games, holds nobody back.
    @Test func aDrainWaitsForAGameOnAndForOneCountingDownNotForALobby() throws {
        let world = HubWorld(startDelayMilliseconds: 5_000)
        let ana = world.player("Ana", room: "friends")
        _ = world.player("Bo", room: "friends")
        #expect(!world.hub.anyGameOn, "a lobby")
        world.type("START", from: ana)
        #expect(world.hub.rooms["friends"]?.countdown != nil)
        #expect(world.hub.anyGameOn, "counting down to a game")
        world.advance(by: 5_000)
        #expect(world.hub.rooms["friends"]?.game != nil)
        #expect(world.hub.anyGameOn, "a game on")
    }
}
