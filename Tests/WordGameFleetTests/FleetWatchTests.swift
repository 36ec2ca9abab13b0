import Testing
import WordGameFleet

/// What a server makes of its looks at the fleet: news compares two looks, once per vanishing.
@Suite struct FleetWatchTests {
    @Test func aServerAliveAtTheLastLookAndSilentNowIsNewsOnceAndAgainWhenItComesBack() {
        var watch = FleetWatch(serverID: "a")
        #expect(watch.look(alive: ["a", "b", "c"], silent: []).isEmpty)
        #expect(watch.look(alive: ["a", "c"], silent: ["b"]) == [.stoppedAnswering(serverID: "b")])
        #expect(watch.look(alive: ["a", "c"], silent: ["b"]).isEmpty, "told once")
        #expect(watch.look(alive: ["a", "b", "c"], silent: []) == [.cameBack(serverID: "b")])
        #expect(watch.look(alive: ["a"], silent: ["b", "c"]) == [.stoppedAnswering(serverID: "b"), .stoppedAnswering(serverID: "c")])
    }

    @Test func aServerThatLeftCleanlyOrWasSilentBeforeTheFirstLookIsNoNews() {
        var watch = FleetWatch(serverID: "a")
        // Silent already at this server's first look: it vanished before this one was there to see it.
        #expect(watch.look(alive: ["a", "b"], silent: ["c"]).isEmpty)
        // Stopped cleanly: off the list, not silent.
        #expect(watch.look(alive: ["a"], silent: ["c"]).isEmpty)
        // Back after it: a server starting, not one coming back.
        #expect(watch.look(alive: ["a", "b", "c"], silent: []).isEmpty)
    }

    @Test func aServerIsNeverNewsToItselfAndOneForgottenByTheListIsDropped() {
        var watch = FleetWatch(serverID: "a")
        _ = watch.look(alive: ["a", "b"], silent: [])
        // Its own record expired (cut off from Redis for a while): not news here; the directory's warning says it.
        #expect(watch.look(alive: ["b"], silent: ["a"]).isEmpty)
        #expect(watch.look(alive: [], silent: ["a", "b"]) == [.stoppedAnswering(serverID: "b")])
        // Past the gone memory the list forgets it; a server of that id that starts later is no return.
        #expect(watch.look(alive: ["a"], silent: []).isEmpty)
        #expect(watch.look(alive: ["a", "b"], silent: []).isEmpty)
    }
}
