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

    @Test func inAFleetANewRoomIsNotClaimedAndRefusedWhileARoomElsewhereIsStillMoved() throws {
        let world = HubWorld(fleet: true)
        world.hub.startDraining()
        let teacher = world.connect()
        world.type("HOST", from: teacher)
        #expect(world.take(teacher).dropFirst() == [inFleet])
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
}
