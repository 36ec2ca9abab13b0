import Foundation
import Testing
import RedisClient
import WordGameFleet
import WordGameTestSupport

/// Where a draining server sends a teacher's new room (`FleetDirectory.findServerForNewRoom`), against a real
/// redis-server on 127.0.0.1: the least loaded other server alive, passing by those that drain, and none when every
/// other one drains; a server's draining mark goes with it when it stops.
@Suite(.serialized,
       .enabled(if: RedisServerProcess.binary != nil, "redis-server is not installed: the draining fleet's Redis tests are skipped"))
struct FleetDrainDirectoryTests {
    let timings = FleetTimings(ttlMilliseconds: 2_000, refreshMilliseconds: 400, pendingLimit: 4_096)

    /// The server `from` would send a new room to now, or nil for none.
    func pick(_ from: FleetDirectory, _ log: EventLog, ticket: Int) -> OwnerResult? {
        #expect(from.findServerForNewRoom(ticket: ticket) == .queued)
        return log.wait(for: 1) { event in owners(event).flatMap { $0.ticket == ticket ? $0.result : nil } }.first
    }

    /// Waits for `count` more writes of the record of the server that logs to `log` (its draining mark goes with them).
    func waitForRecords(_ log: EventLog, _ count: Int) {
        log.clear()
        _ = log.wait(for: count, registrations)
    }

    @Test func aNewRoomGoesToTheLeastLoadedServerThatDoesNotDrain() async throws {
        let redis = try RedisServerProcess()
        let logs = [EventLog(), EventLog(), EventLog()]
        let busy = FleetAddress(host: "10.0.0.12", port: 4001, webPort: 8081, load: 300)!
        let quiet = FleetAddress(host: "10.0.0.13", port: 4002, webPort: 8082, load: 40)!
        let idle = FleetAddress(host: "10.0.0.14", port: 4003, load: 2)!
        await onOwnThread {
            let a = settledDirectory("a", port: redis.port, timings: timings, address: busy, log: logs[0])
            let b = loopbackDirectory("b", port: redis.port, timings: timings, log: logs[1])
            let c = loopbackDirectory("c", port: redis.port, timings: timings, log: logs[2])
            b.register(quiet)
            c.register(idle)
            waitForRecords(logs[1], 1)
            waitForRecords(logs[2], 1)
            // From a, which drains: c, the least loaded; from c, b (a's load is higher, and a server never picks itself).
            #expect(pick(a, logs[0], ticket: 1) == .owner(serverID: "c", address: idle))
            #expect(pick(c, logs[2], ticket: 2) == .owner(serverID: "b", address: quiet))

            // Two writes: the first may have read the mark before it was set.
            c.markDraining()
            waitForRecords(logs[2], 2)
            #expect(pick(a, logs[0], ticket: 3) == .owner(serverID: "b", address: quiet), "c drains: passed by")
            b.markDraining()
            waitForRecords(logs[1], 2)
            #expect(pick(a, logs[0], ticket: 4) == OwnerResult.none, "every other server drains")

            // A server that stops takes its mark with it: started again under its id, it is picked at once.
            c.leave(rooms: [], seats: [], waitingUpTo: 5_000)
            let raw = RedisClient(url: RedisURL(host: "127.0.0.1", port: redis.port))
            #expect((try? raw.get(FleetKeys.draining("c")!)) == .some(nil))
            #expect((try? raw.get(FleetKeys.draining("b")!)) == .some(Array("1".utf8)))
            let again = loopbackDirectory("c", port: redis.port, timings: timings, log: logs[2])
            again.register(idle)
            waitForRecords(logs[2], 1)
            #expect(pick(a, logs[0], ticket: 5) == .owner(serverID: "c", address: idle))
        }
    }
}
