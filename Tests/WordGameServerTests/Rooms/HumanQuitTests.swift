import Testing
import WordGame
import WordGameProtocol
@testable import WordGameServer

/// QUIT mid-game from a person at `nc` asks first: `q` sits next to `w`, and the seat and score are given up for good.
@Suite struct HumanQuitTests {
    static let question = "Leave the game? Your seat and score are given up. Type q again to leave, or anything else to stay."

    /// Ana (at nc) and Bo in a game of 3 pairs, pair 1 delivered; their lines taken.
    static func inAGame(_ world: HubWorld, anaMode: LineMode = .human) -> (ana: HubWorld.Client, bo: HubWorld.Client) {
        let ana = world.player("Ana", mode: anaMode), bo = world.player("Bo")
        world.type("START", from: ana)
        world.deliverTracked()
        world.advance(by: 1_000)
        _ = world.take(ana)
        _ = world.take(bo)
        return (ana, bo)
    }

    @Test func qMidGameAsksAndAnythingElseStays() {
        let world = HubWorld(rules: Rules(roundMilliseconds: 5_000, pairCount: 3))
        let (ana, bo) = Self.inAGame(world)
        world.type("q", from: ana)
        world.expect(ana, [Self.question])
        #expect(!ana.closing)
        world.expect(bo, [])
        // Anything else stays, and is done as typed: here, the answer q was next to.
        world.type("w", from: ana)
        world.expect(ana, ["You said pair 1 is wrong. Wait for the others…"])
        // A blank line, or a line that is no command, is an answer too: the next q asks again.
        for other in ["", "frob"] {
            world.type("q", from: ana)
            world.expect(ana, [Self.question])
            world.type(other, from: ana)
            _ = world.take(ana)
        }
        world.type("QUIT", from: ana)
        world.expect(ana, [Self.question])
        world.type("exit", from: ana)
        world.expect(ana, ["Goodbye! Thanks for playing."])
        #expect(ana.closing)
        let code = world.code(of: ana)
        let again = world.connect()
        world.type("RESUME \(code)", from: again)
        #expect(again.unread.last?.hasPrefix("ERROR bad-code") == true, "\(again.unread)")
    }

    @Test func programsAndPeopleOutsideAGameQuitAtOnce() {
        let world = HubWorld(rules: Rules(roundMilliseconds: 5_000, pairCount: 3))
        let (ana, _) = Self.inAGame(world, anaMode: .machine)
        world.type("q", from: ana)
        world.expect(ana, ["BYE \"Goodbye! Thanks for playing.\""])
        let cy = world.player("Cy", room: "lobby", mode: .human)
        world.type("q", from: cy)
        world.expect(cy, ["Goodbye! Thanks for playing."])
        // Joined during a game: watching, no seat in it to give up.
        let dee = world.player("Dee", mode: .human)
        world.type("q", from: dee)
        world.expect(dee, ["Goodbye! Thanks for playing."])
    }
}
