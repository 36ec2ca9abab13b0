import Foundation
import Testing
import RedisClient
import WordGameFleet
import WordGameTestSupport

/// What the directory refuses at once, without Redis (a port nobody listens on).
@Suite struct FleetDirectoryLimitTests {
    @Test func pastThePendingLimitRequestsAreRefusedAndNothingQueues() async {
        let log = EventLog()
        let entered = DispatchSemaphore(value: 0), proceed = DispatchSemaphore(value: 0)
        let firstEvent = NSLock()
        nonisolated(unsafe) var blocked = false
        // The first event holds the worker until the test lets it go, so later requests wait.
        let directory = loopbackDirectory("a", port: RedisServerProcess.freePort(), timings: FleetTimings(pendingLimit: 4), log: log) { _ in
            let first = firstEvent.withLock { () -> Bool in
                defer { blocked = true }
                return !blocked
            }
            if first {
                entered.signal()
                proceed.wait()
            }
        }
        #expect(directory.find(room: "k7px", ticket: 0) == .queued)
        await onOwnThread { entered.wait() }
        // The request being answered counts until its answer is out: three more fit.
        let submissions = (1...6).map { directory.find(room: "k7px", ticket: $0) }
        #expect(submissions == Array(repeating: .queued, count: 3) + [.full, .full, .full])
        proceed.signal()
        #expect(await onOwnThread { log.wait(for: 4, owners) }.map(\.ticket) == [0, 1, 2, 3])
        // And no fifth: the refused ones were never queued.
        let answered = await onOwnThread { log.wait(for: 5, seconds: 0.5, owners) }
        #expect(answered.count == 4)
        #expect(answered.allSatisfy { if case .unavailable = $0.result { true } else { false } })
        // Drained, it takes requests again.
        #expect(directory.claim(room: "k7px", ticket: 7) == .queued)
    }

    @Test func aRoomCodeOrIDThatIsNotOneIsRefusedAtOnce() {
        let log = EventLog()
        let directory = loopbackDirectory("a", port: RedisServerProcess.freePort(), log: log)
        #expect(directory.claim(room: "k7 p", ticket: 1) == .invalid)
        #expect(directory.release(room: "K7P*") == .invalid)
        #expect(directory.refresh(rooms: ["k7px", "k:px"], seats: []) == .invalid)
        #expect(directory.refresh(rooms: [], seats: ["ABCD346O"]) == .invalid)
        #expect(directory.find(room: "", ticket: 2) == .invalid)
        #expect(directory.find(seat: "K7PX", ticket: 3) == .invalid)
        #expect(directory.release(seats: ["ABCD3467", "ABCD34678"]) == .invalid)
        #expect(FleetDirectory(url: RedisURL(host: "127.0.0.1", port: 1), serverID: "a b") { _ in } == nil)
    }
}
