import Foundation
import Testing
import RedisClient
import WordGameFleet
import WordGamePOSIX
import WordGameTestSupport

/// Two directories ("two servers") against one real redis-server on 127.0.0.1.
/// One test at a time: each starts its own redis-server, and the TTL test waits on the clock.
@Suite(.serialized,
       .enabled(if: RedisServerProcess.binary != nil, "redis-server is not installed: the fleet directory's Redis tests are skipped"))
struct FleetDirectoryTests {
    let address = FleetAddress(host: "10.0.0.12", port: 4001, load: 37)!

    @Test func twoServersClaimingTheSameCodesNeverBothWinOne() async throws {
        let redis = try RedisServerProcess()
        let codes = distinctCodes(2_000)
        let timings = FleetTimings(pendingLimit: 4_096)
        let logA = EventLog(), logB = EventLog()
        let a = loopbackDirectory("a", port: redis.port, timings: timings, log: logA)
        let b = loopbackDirectory("b", port: redis.port, timings: timings, log: logB)
        let submitted = await onOwnThread {
            // Both submit from threads of their own, so the two workers race for every code.
            let directories = [a, b]
            let queued = UnsafeMutableBufferPointer<Int>.allocate(capacity: 2)
            defer { queued.deallocate() }
            nonisolated(unsafe) let counts = queued
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                counts[index] = codes.filter { directories[index].claim($0) == .queued }.count
            }
            return counts[0] + counts[1]
        }
        #expect(submitted == 4_000)
        let wonA = await onOwnThread { Dictionary(uniqueKeysWithValues: logA.wait(for: codes.count, claims)) }
        let wonB = await onOwnThread { Dictionary(uniqueKeysWithValues: logB.wait(for: codes.count, claims)) }
        #expect(wonA.count == codes.count && wonB.count == codes.count)
        var bothWon: [String] = [], noneWon: [String] = []
        for code in codes {
            switch (wonA[code], wonB[code]) {
            case (.claimed?, .takenBy("a")?), (.takenBy("b")?, .claimed?): continue
            case (.claimed?, .claimed?): bothWon.append(code)
            default: noneWon.append(code)
            }
        }
        #expect(bothWon.isEmpty, "both won \(bothWon.count) codes: \(bothWon.prefix(5))")
        #expect(noneWon.isEmpty, "no clear winner for \(noneWon.count) codes: \(noneWon.prefix(5))")
    }

    @Test func theOtherServerFindsAClaimedCodesOwnerAndAddress() async throws {
        let redis = try RedisServerProcess()
        let logA = EventLog(), logB = EventLog()
        let a = loopbackDirectory("a", port: redis.port, log: logA)
        let b = loopbackDirectory("b", port: redis.port, log: logB)
        a.register(address)
        let registered = await onOwnThread {
            logA.wait(for: 1) { if case .registered(let error) = $0 { error.map(String.init) ?? "ok" } else { nil } }
        }
        #expect(registered.first == "ok", "\(registered)")
        #expect(a.claim("k7px") == .queued)
        #expect(await onOwnThread { logA.wait(for: 1, claims) }.map(\.result) == [.claimed])
        #expect(b.owner(of: "K7PX") == .queued)
        #expect(b.owner(of: "K7PY") == .queued)
        #expect(b.owner(of: "K0PX") == .invalid)
        let found = await onOwnThread { logB.wait(for: 2, owners) }
        #expect(found.map(\.code) == ["K7PX", "K7PY"])
        #expect(found.map(\.result) == [.owner(serverID: "a", address: address), .none])
    }

    @Test func aServerThatStopsRefreshingDropsOutAfterItsTTL() async throws {
        let redis = try RedisServerProcess()
        // Long enough that a loaded machine's pauses do not make a live claim expire.
        let timings = FleetTimings(ttlMilliseconds: 2_000, refreshMilliseconds: 400)
        let logA = EventLog(), logB = EventLog()
        let a = loopbackDirectory("a", port: redis.port, timings: timings, log: logA)
        let b = loopbackDirectory("b", port: redis.port, timings: timings, log: logB)
        a.register(address)
        #expect(a.claim("K7PX") == .queued)
        #expect(await onOwnThread { logA.wait(for: 1, claims) }.map(\.result) == [.claimed])
        // Refreshed, the claim outlives three TTLs.
        let lost = await onOwnThread {
            var lost: [String] = []
            for _ in 0..<15 {
                _ = a.refresh(["K7PX"])
                Poll.sleep(milliseconds: 400)
            }
            logA.wait(for: 15) { if case .refreshed(let lost, nil) = $0 { lost } else { nil } }.forEach { lost += $0 }
            return lost
        }
        #expect(lost.isEmpty)
        _ = b.owner(of: "K7PX")
        #expect(await onOwnThread { logB.wait(for: 1, owners) }.map(\.result) == [.owner(serverID: "a", address: address)])
        // Its record no longer refreshed, the server is gone after one TTL (waited three times over),
        // though its code is still refreshed: nobody is sent to a dead server.
        a.stopRegistering()
        await onOwnThread {
            for _ in 0..<15 {
                _ = a.refresh(["K7PX"])
                Poll.sleep(milliseconds: 400)
            }
        }
        logB.clear()
        _ = b.owner(of: "K7PX")
        #expect(await onOwnThread { logB.wait(for: 1, owners) }.map(\.result) == [OwnerResult.none])
        // Its code no longer refreshed either, the code is free after one TTL (waited three times over).
        await onOwnThread { Poll.sleep(milliseconds: 6_000) }
        _ = b.claim("K7PX")
        #expect(await onOwnThread { logB.wait(for: 1, claims) }.map(\.result) == [.claimed])
        // A refresh of a code that is someone else's now reports it lost, and leaves it theirs.
        _ = a.refresh(["K7PX"])
        #expect(await onOwnThread { logA.wait(for: 1) { if case .refreshed(let lost, _) = $0, !lost.isEmpty { lost } else { nil } } }
                == [["K7PX"]])
    }

    @Test func releaseFreesOnlyOurOwnCode() async throws {
        let redis = try RedisServerProcess()
        let logA = EventLog(), logB = EventLog()
        let a = loopbackDirectory("a", port: redis.port, log: logA)
        let b = loopbackDirectory("b", port: redis.port, log: logB)
        _ = a.claim("K7PX")
        #expect(await onOwnThread { logA.wait(for: 1, claims) }.map(\.result) == [.claimed])
        _ = b.release("K7PX")
        #expect(await onOwnThread { logB.wait(for: 1, releases) }.map(\.released) == [false])
        _ = b.claim("K7PX")
        #expect(await onOwnThread { logB.wait(for: 1, claims) }.map(\.result) == [.takenBy(serverID: "a")])
        _ = a.release("k7px")
        #expect(await onOwnThread { logA.wait(for: 1, releases) }.map(\.released) == [true])
        logB.clear()
        _ = b.claim("K7PX")
        #expect(await onOwnThread { logB.wait(for: 1, claims) }.map(\.result) == [.claimed])
    }

    @Test func aDeadRedisIsUnavailableQuicklyAndARestartedOneWorksAgain() async throws {
        let redis = try RedisServerProcess()
        let log = EventLog()
        let a = loopbackDirectory("a", port: redis.port, log: log)
        _ = a.claim("K7PX")
        #expect(await onOwnThread { log.wait(for: 1, claims) }.map(\.result) == [.claimed])
        redis.kill()
        log.clear()
        let start = MonotonicClock.seconds()
        _ = a.claim("K7PY")
        let failed = await onOwnThread { log.wait(for: 1, claims) }
        #expect(MonotonicClock.seconds() - start < 2)
        guard case .unavailable? = failed.first?.result else {
            Issue.record("a claim with Redis down came to \(failed)")
            return
        }
        let restarted = try RedisServerProcess(port: redis.port)
        // The client's backoff (200 ms at most here) may refuse the first tries.
        let result = await onOwnThread {
            var result: ClaimResult?
            for _ in 0..<20 where result != .claimed {
                log.clear()
                _ = a.claim("K7PY")
                result = log.wait(for: 1, claims).first?.result
                if result != .claimed { Poll.sleep(milliseconds: 100) }
            }
            return result
        }
        #expect(result == .claimed)
        restarted.kill()
    }
}
