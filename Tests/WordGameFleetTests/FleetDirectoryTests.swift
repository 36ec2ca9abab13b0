import Foundation
import Testing
import RedisClient
import WordGameFleet
import WordGamePOSIX
import WordGameTestSupport

/// Two directories ("two servers") against one real redis-server on 127.0.0.1.
/// One test at a time: each starts its own redis-server, and several wait on the clock.
@Suite(.serialized,
       .enabled(if: RedisServerProcess.binary != nil, "redis-server is not installed: the fleet directory's Redis tests are skipped"))
struct FleetDirectoryTests {
    let addressA = FleetAddress(host: "10.0.0.12", port: 4001, webPort: 8081, load: 37)!
    let addressB = FleetAddress(host: "10.0.0.13", port: 4002, load: 5)!
    /// Short enough for a test's waits; long enough that a loaded machine's pauses do not expire a live key.
    let timings = FleetTimings(ttlMilliseconds: 2_000, refreshMilliseconds: 400, pendingLimit: 4_096)

    /// Servers a and b, registered at `addressA` and `addressB`, once the new directory has settled.
    func settledPair(_ redis: RedisServerProcess, _ logA: EventLog, _ logB: EventLog) async -> (FleetDirectory, FleetDirectory) {
        await onOwnThread {
            (settledDirectory("a", port: redis.port, timings: timings, address: addressA, log: logA),
             settledDirectory("b", port: redis.port, timings: timings, address: addressB, log: logB))
        }
    }

    @Test func twoServersClaimingTheSameRoomsNeverBothWinOne() async throws {
        let redis = try RedisServerProcess()
        let codes = distinctCodes(2_000)
        let logA = EventLog(), logB = EventLog()
        let (a, b) = await settledPair(redis, logA, logB)
        let submitted = await onOwnThread {
            // Both submit from threads of their own, so the two workers race for every code.
            let directories = [a, b]
            let queued = UnsafeMutableBufferPointer<Int>.allocate(capacity: 2)
            defer { queued.deallocate() }
            nonisolated(unsafe) let counts = queued
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                counts[index] = codes.enumerated().filter { directories[index].claim(room: $0.element, ticket: $0.offset) == .queued }.count
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
            case (.claimed?, .takenBy("a", addressA)?), (.takenBy("b", addressB)?, .claimed?): continue
            case (.claimed?, .claimed?): bothWon.append(code)
            default: noneWon.append(code)
            }
        }
        #expect(bothWon.isEmpty, "both won \(bothWon.count) codes: \(bothWon.prefix(5))")
        #expect(noneWon.isEmpty, "no clear winner for \(noneWon.count) codes: \(noneWon.prefix(5))")
    }

    @Test func theOtherServerFindsAClaimedRoomOrHeldSeatWithItsAddress() async throws {
        let redis = try RedisServerProcess()
        let logA = EventLog(), logB = EventLog()
        let (a, b) = await onOwnThread {
            (settledDirectory("a", port: redis.port, timings: timings, address: addressA, log: logA),
             loopbackDirectory("b", port: redis.port, timings: timings, log: logB))
        }
        #expect(a.claim(room: "K7PX", ticket: 1) == .queued)
        #expect(await onOwnThread { logA.wait(for: 1, claims) }.map(\.result) == [.claimed])
        #expect(a.refresh(rooms: ["k7px"], seats: ["ABCD3467"]) == .queued)
        #expect(await onOwnThread { logA.wait(for: 1, refreshes) }.map(\.restored) == [1])  // the seat is new, the room is ours
        #expect(b.find(room: "k7px", ticket: 7) == .queued)
        #expect(b.find(room: "k7py", ticket: 8) == .queued)
        #expect(b.find(seat: "abcd3467", ticket: 9) == .queued)
        #expect(b.find(room: "k7 px", ticket: 10) == .invalid)
        #expect(b.find(seat: "ABCD346O", ticket: 11) == .invalid)
        let found = await onOwnThread { logB.wait(for: 3, owners) }
        #expect(found.map(\.ticket) == [7, 8, 9])
        #expect(found.map(\.result) == [.owner(serverID: "a", address: addressA), .none, .owner(serverID: "a", address: addressA)])
    }

    @Test func seatsEnterAndLeaveTogether() async throws {
        let redis = try RedisServerProcess()
        let logA = EventLog(), logB = EventLog()
        let (a, b) = await settledPair(redis, logA, logB)
        let seats = ["ABCD3467", "ABCD3468", "ABCD3469"]
        #expect(a.register(seats: seats) == .queued)
        let registered = await onOwnThread { logA.wait(for: 1) { if case .registeredSeats(let lost, nil) = $0 { lost } else { nil } } }
        #expect(registered == [[]])
        for (ticket, seat) in seats.enumerated() { _ = b.find(seat: seat, ticket: ticket) }
        let found = await onOwnThread { logB.wait(for: 3, owners) }.map(\.result)
        #expect(found == Array(repeating: .owner(serverID: "a", address: addressA), count: 3))
        // B may not delete A's seats; A deletes its own, in one request.
        _ = b.release(seats: seats)
        #expect(await onOwnThread { logB.wait(for: 1) { if case .releasedSeats(let count, nil) = $0 { count } else { nil } } } == [0])
        _ = a.release(seats: seats + ["ABCD3476"])  // one nobody holds
        let releasedByA = await onOwnThread { logA.wait(for: 1) { if case .releasedSeats = $0 { $0 } else { nil } } }
        #expect(releasedByA == [.releasedSeats(released: 3, error: nil)])
        logB.clear()
        _ = b.find(seat: "ABCD3468", ticket: 9)
        #expect(await onOwnThread { logB.wait(for: 1, owners) }.map(\.result) == [OwnerResult.none])
        #expect(a.register(seats: ["ABCD346O"]) == .invalid)
        #expect(a.release(seats: ["K7PX"]) == .invalid)
    }

    @Test func aNewDirectoryTakesNoClaimUntilItHasSettled() async throws {
        let redis = try RedisServerProcess()
        let log = EventLog()
        let a = loopbackDirectory("a", port: redis.port, timings: timings, log: log)
        // Before any server has registered, Redis has no epoch: nobody may claim yet.
        _ = a.claim(room: "k7px", ticket: 1)
        #expect(await onOwnThread { log.wait(for: 1, claims) }.map(\.result) == [.settling(milliseconds: 2_000)])
        a.register(addressA)
        let first = await onOwnThread { log.wait(for: 2, registrations) }
        #expect(first.map(\.newEpoch) == [true, false], "only the first registration begins the epoch")
        log.clear()
        _ = a.claim(room: "k7px", ticket: 2)
        let settling = await onOwnThread { log.wait(for: 1, claims) }.map(\.result)
        guard case .settling(let wait)? = settling.first, wait > 0, wait <= 2_000 else {
            Issue.record("a claim while settling came to \(settling)")
            return
        }
        await onOwnThread { Poll.sleep(milliseconds: Int32(wait) + 50) }
        log.clear()
        _ = a.claim(room: "k7px", ticket: 3)
        #expect(await onOwnThread { log.wait(for: 1, claims) }.map(\.result) == [.claimed])
    }

    @Test func aRedisRestartedEmptyGetsTheLiveRoomsBackBeforeAnyNewClaim() async throws {
        let redis = try RedisServerProcess()
        let logA = EventLog(), logB = EventLog()
        let (a, b) = await settledPair(redis, logA, logB)
        _ = a.claim(room: "k7px", ticket: 1)
        #expect(await onOwnThread { logA.wait(for: 1, claims) }.map(\.result) == [.claimed])
        redis.kill()
        let restarted = try RedisServerProcess(port: redis.port)
        // B races for A's room as soon as Redis is back: refused while the directory settles.
        let raced = await onOwnThread {
            var results: [ClaimResult] = []
            for ticket in 0..<30 {
                logB.clear()
                _ = b.claim(room: "k7px", ticket: ticket)
                if let result = logB.wait(for: 1, claims).first?.result { results.append(result) }
                if case .settling = results.last { break }
                Poll.sleep(milliseconds: 50)
            }
            return results
        }
        guard case .settling? = raced.last else {
            Issue.record("B's claims of A's room after the restart came to \(raced)")
            return
        }
        #expect(!raced.contains(.claimed))
        // A's refresh, as a live server's every period, puts its room back; once settled (the settling began
        // with the first registration after the restart, which may come a beat after it), B finds the room A's.
        logA.clear()
        let afterwards = await onOwnThread {
            var result: ClaimResult?
            for ticket in 100..<200 {
                _ = a.refresh(rooms: ["k7px"], seats: [])
                _ = logA.wait(for: ticket - 99, refreshes)
                logB.clear()
                _ = b.claim(room: "k7px", ticket: ticket)
                result = logB.wait(for: 1, claims).first?.result
                guard case .settling? = result else { break }
                Poll.sleep(milliseconds: 200)
            }
            return result
        }
        #expect(afterwards == .takenBy(serverID: "a", address: addressA))
        let refreshed = logA.wait(for: 1, refreshes)
        #expect(refreshed.first?.restored == 1, "the first refresh after the restart put the room back: \(refreshed.prefix(2))")
        #expect(refreshed.dropFirst().allSatisfy { $0.restored == 0 && $0.lostRooms.isEmpty })
        restarted.kill()
    }

    @Test func aRoomOfAServerThatStoppedIsGoneForOthersAndItsOwnToTakeBack() async throws {
        let redis = try RedisServerProcess()
        let logA = EventLog(), logB = EventLog()
        let (a, b) = await settledPair(redis, logA, logB)
        _ = a.claim(room: "k7px", ticket: 1)
        #expect(await onOwnThread { logA.wait(for: 1, claims) }.map(\.result) == [.claimed])
        _ = a.register(seats: ["ABCD3467"])
        let registered = await onOwnThread { logA.wait(for: 1) { if case .registeredSeats(let lost, nil) = $0 { lost } else { nil } } }
        #expect(registered == [[]])
        // Refreshed, the claim outlives three TTLs.
        let lost = await onOwnThread {
            logA.clear()
            for _ in 0..<15 {
                _ = a.refresh(rooms: ["k7px"], seats: ["ABCD3467"])
                Poll.sleep(milliseconds: 400)
            }
            return logA.wait(for: 15, refreshes).flatMap { $0.lostRooms + $0.lostSeats }
        }
        #expect(lost.isEmpty)
        _ = b.find(room: "k7px", ticket: 2)
        #expect(await onOwnThread { logB.wait(for: 1, owners) }.map(\.result) == [.owner(serverID: "a", address: addressA)])
        // A stops as a killed server does: no record, no refresh, nothing given up. Once its record has expired,
        // its room and its seat are gone, not free: the order of the answers, whatever the machine's pace.
        a.stopRegistering()
        let seen = await onOwnThread { findUntilChanged(b, room: "k7px", log: logB, from: .owner(serverID: "a", address: addressA)) }
        #expect(seen.last == .gone(serverID: "a"), "\(seen.suffix(3))")
        logB.clear()
        _ = b.find(seat: "abcd3467", ticket: 3)
        #expect(await onOwnThread { logB.wait(for: 1, owners) }.map(\.result) == [.gone(serverID: "a")])
        // Nobody else may draw its code meanwhile, settled or not.
        _ = b.claim(room: "K7PX", ticket: 4)
        #expect(await onOwnThread { logB.wait(for: 1, claims) }.map(\.result) == [.gone(serverID: "a")])
        // The same server (the same id, restarted with its rooms) takes it back, even before its record is back.
        logA.clear()
        _ = a.claim(room: "k7px", ticket: 5)
        #expect(await onOwnThread { logA.wait(for: 1, claims) }.map(\.result) == [.claimed])
        a.register(addressA)
        _ = await onOwnThread { logA.wait(for: 1, registrations) }
        logB.clear()
        _ = b.find(room: "k7px", ticket: 6)
        #expect(await onOwnThread { logB.wait(for: 1, owners) }.map(\.result) == [.owner(serverID: "a", address: addressA)])
        // Given up, the room is free, not gone.
        _ = a.release(room: "k7px")
        #expect(await onOwnThread { logA.wait(for: 1, releases) }.map(\.released) == [true])
        logB.clear()
        _ = b.find(room: "k7px", ticket: 7)
        #expect(await onOwnThread { logB.wait(for: 1, owners) }.map(\.result) == [OwnerResult.none])
        _ = b.claim(room: "k7px", ticket: 8)
        #expect(await onOwnThread { logB.wait(for: 1, claims) }.map(\.result) == [.claimed])
    }

    @Test func aGoneRoomIsFreeOnceTheGoneMemoryEndsAndANameJoinMakesIsAnyonesAtOnce() async throws {
        let redis = try RedisServerProcess()
        // A gone memory far longer than the TTL (a loaded machine's pauses included), far shorter than a day.
        let timings = FleetTimings(ttlMilliseconds: 2_000, refreshMilliseconds: 400, goneMemoryMilliseconds: 12_000)
        let logA = EventLog(), logB = EventLog()
        let (a, b) = await onOwnThread {
            (settledDirectory("a", port: redis.port, timings: timings, address: addressA, log: logA),
             settledDirectory("b", port: redis.port, timings: timings, address: addressB, log: logB))
        }
        _ = a.claim(room: "k7px", ticket: 1)
        _ = a.claim(room: "friends", ticket: 2)
        #expect(await onOwnThread { logA.wait(for: 2, claims) }.map(\.result) == [.claimed, .claimed])
        a.stopRegistering()
        let seen = await onOwnThread { findUntilChanged(b, room: "k7px", log: logB, from: .owner(serverID: "a", address: addressA)) }
        #expect(seen.last == .gone(serverID: "a"), "\(seen.suffix(3))")
        // A name JOIN makes is a meeting place: claimed over the gone room at once.
        logB.clear()
        _ = b.claim(room: "friends", ticket: 3, replacingGone: true)
        #expect(await onOwnThread { logB.wait(for: 1, claims) }.map(\.result) == [.claimed])
        // A code is gone until the memory of it ends, then anyone's: gone, then claimed, never the other way round.
        let claimed = await onOwnThread {
            var results: [ClaimResult] = []
            for ticket in 10..<200 {
                logB.clear()
                _ = b.claim(room: "k7px", ticket: ticket)
                guard let result = logB.wait(for: 1, claims).first?.result else { break }
                results.append(result)
                if result != .gone(serverID: "a") { break }
                Poll.sleep(milliseconds: 250)
            }
            return results
        }
        #expect(claimed.first == .gone(serverID: "a") && claimed.last == .claimed, "\(claimed.prefix(2)) … \(claimed.suffix(2))")
        // A refresh of a room a live server holds now reports it lost, and leaves it theirs.
        logA.clear()
        _ = a.refresh(rooms: ["k7px"], seats: [])
        #expect(await onOwnThread { logA.wait(for: 1, refreshes) }.map(\.lostRooms) == [["k7px"]])
        // And the fleet's list forgets the silent server once the gone memory has passed since its last record:
        // B's looks name it silent, then not at all.
        let looks = await onOwnThread { () -> [(alive: [String], silent: [String])] in
            logB.clear()
            var count = 1
            while true {
                let looks = logB.wait(for: count, members)
                guard looks.count == count, looks[count - 1].silent.contains("a") else { return looks }
                count += 1
            }
        }
        #expect(looks.last.map { $0.alive == ["b"] && $0.silent.isEmpty } == true, "\(looks.suffix(2))")
    }

    @Test func whileTheDirectorySettlesAServerWithoutItsRecordYetIsNotTakenForGone() async throws {
        let redis = try RedisServerProcess()
        // A TTL long enough that a loaded machine still asks within the settling it begins.
        let timings = FleetTimings(ttlMilliseconds: 6_000, refreshMilliseconds: 1_000, pendingLimit: 4_096)
        let logA = EventLog(), logB = EventLog()
        // B's registration begins the epoch; A, alive but with no record written yet (as after a Redis restart,
        // its refresh before its record), puts its room back.
        let b = loopbackDirectory("b", port: redis.port, timings: timings, log: logB)
        b.register(addressB)
        #expect(await onOwnThread { logB.wait(for: 1, registrations) }.map(\.newEpoch) == [true])
        let a = loopbackDirectory("a", port: redis.port, timings: timings, log: logA)
        _ = a.refresh(rooms: ["k7px"], seats: [])
        #expect(await onOwnThread { logA.wait(for: 1, refreshes) }.map(\.restored) == [1])
        logB.clear()
        _ = b.find(room: "k7px", ticket: 1)
        _ = b.claim(room: "k7px", ticket: 2)
        let found = await onOwnThread { logB.wait(for: 1, owners) }.map(\.result)
        let claimed = await onOwnThread { logB.wait(for: 1, claims) }.map(\.result)
        guard case .settling? = found.first, case .settling? = claimed.first else {
            Issue.record("while settling, a lookup came to \(found) and a claim to \(claimed)")
            return
        }
        // Settled, and A still silent: gone.
        let settled = await onOwnThread { () -> [OwnerResult] in
            var seen: [OwnerResult] = []
            for ticket in 10..<100 {
                logB.clear()
                _ = b.find(room: "k7px", ticket: ticket)
                guard let result = logB.wait(for: 1, owners).first?.result else { break }
                seen.append(result)
                guard case .settling = result else { break }
                Poll.sleep(milliseconds: 250)
            }
            return seen
        }
        #expect(settled.last == .gone(serverID: "a"), "\(settled.suffix(2))")
    }

    @Test func eachRecordWriteLooksAtTheFleetAndAServerThatStopsAnsweringIsNewsOnce() async throws {
        let redis = try RedisServerProcess()
        let logA = EventLog(), logB = EventLog()
        let (a, b) = await settledPair(redis, logA, logB)
        // A's looks, in order, until `done` says one is the one awaited; each also goes through A's watch.
        var watch = FleetWatch(serverID: "a")
        var news: [FleetWatch.News] = []
        func lookUntil(_ done: @escaping @Sendable (_ alive: [String], _ silent: [String]) -> Bool) async -> Bool {
            let looks = await onOwnThread { () -> [(alive: [String], silent: [String])] in
                logA.clear()
                var count = 1
                while true {
                    let looks = logA.wait(for: count, members)
                    guard looks.count == count else { return looks }
                    if done(looks[count - 1].alive, looks[count - 1].silent) { return looks }
                    count += 1
                }
            }
            for look in looks { news += watch.look(alive: look.alive, silent: look.silent) }
            guard let last = looks.last else { return false }
            return done(last.alive, last.silent)
        }
        #expect(await lookUntil { alive, _ in Set(alive) == ["a", "b"] })
        b.stopRegistering()
        #expect(await lookUntil { alive, silent in alive == ["a"] && silent == ["b"] })
        #expect(await lookUntil { _, _ in true })  // one more look: no news twice
        #expect(news == [.stoppedAnswering(serverID: "b")])
        b.register(addressB)
        #expect(await lookUntil { alive, _ in Set(alive) == ["a", "b"] })
        #expect(news == [.stoppedAnswering(serverID: "b"), .cameBack(serverID: "b")])
        // A server that stops cleanly takes itself off the list: no news.
        await onOwnThread { b.leave(rooms: [], seats: [], waitingUpTo: 5_000) }
        #expect(await lookUntil { alive, silent in alive == ["a"] && silent.isEmpty })
        #expect(await lookUntil { _, _ in true })
        #expect(news.count == 2, "\(news)")
        withExtendedLifetime(a) {}  // its timer writes its record and looks only while it lives
    }

    @Test func releaseFreesOnlyOurOwnClaims() async throws {
        let redis = try RedisServerProcess()
        let logA = EventLog(), logB = EventLog()
        let (a, b) = await settledPair(redis, logA, logB)
        _ = a.claim(room: "k7px", ticket: 1)
        #expect(await onOwnThread { logA.wait(for: 1, claims) }.map(\.result) == [.claimed])
        _ = b.release(room: "k7px")
        #expect(await onOwnThread { logB.wait(for: 1, releases) }.map(\.released) == [false])
        _ = b.claim(room: "k7px", ticket: 2)
        #expect(await onOwnThread { logB.wait(for: 1, claims) }.map(\.result) == [.takenBy(serverID: "a", address: addressA)])
        _ = a.release(room: "K7PX")
        #expect(await onOwnThread { logA.wait(for: 1, releases) }.map(\.released) == [true])
        logB.clear()
        _ = b.claim(room: "k7px", ticket: 3)
        #expect(await onOwnThread { logB.wait(for: 1, claims) }.map(\.result) == [.claimed])
        // Leaving deletes the record and the claims: nobody is sent to a server that stopped.
        logA.clear()
        _ = a.claim(room: "abcd", ticket: 4)
        #expect(await onOwnThread { logA.wait(for: 1, claims) }.map(\.result) == [.claimed])
        await onOwnThread { a.leave(rooms: ["abcd"], seats: [], waitingUpTo: 5_000) }
        logB.clear()
        _ = b.find(room: "abcd", ticket: 5)
        #expect(await onOwnThread { logB.wait(for: 1, owners) }.map(\.result) == [OwnerResult.none])
    }

    @Test func aClaimHeldByAServerWithNoRecordIsGoneButANameJoinMakesIsTakenOver() async throws {
        let redis = try RedisServerProcess()
        let logA = EventLog(), logB = EventLog()
        // A claims without a record of its own (as a server whose record expired when it died).
        let b = await onOwnThread { settledDirectory("b", port: redis.port, timings: timings, address: addressB, log: logB) }
        let a = loopbackDirectory("a", port: redis.port, timings: timings, log: logA)
        _ = a.claim(room: "k7px", ticket: 1)
        #expect(await onOwnThread { logA.wait(for: 1, claims) }.map(\.result) == [.claimed])
        _ = b.find(room: "k7px", ticket: 2)
        #expect(await onOwnThread { logB.wait(for: 1, owners) }.map(\.result) == [.gone(serverID: "a")])
        _ = b.claim(room: "k7px", ticket: 3)
        _ = b.claim(room: "k7px", ticket: 4, replacingGone: true)
        #expect(await onOwnThread { logB.wait(for: 2, claims) }.map(\.result) == [.gone(serverID: "a"), .claimed])
        // Taken over, it is B's: A's claim again finds a live holder.
        logA.clear()
        _ = a.claim(room: "k7px", ticket: 5)
        #expect(await onOwnThread { logA.wait(for: 1, claims) }.map(\.result) == [.takenBy(serverID: "b", address: addressB)])
    }

    @Test func aDeadRedisIsUnavailableQuickly() async throws {
        let redis = try RedisServerProcess()
        let log = EventLog()
        let a = await onOwnThread { settledDirectory("a", port: redis.port, timings: timings, address: addressA, log: log) }
        redis.kill()
        log.clear()
        let start = MonotonicClock.seconds()
        _ = a.claim(room: "k7py", ticket: 1)
        _ = a.find(room: "k7py", ticket: 2)
        let failedClaim = await onOwnThread { log.wait(for: 1, claims) }
        let failedFind = await onOwnThread { log.wait(for: 1, owners) }
        #expect(MonotonicClock.seconds() - start < 2)
        guard case .unavailable? = failedClaim.first?.result, case .unavailable? = failedFind.first?.result else {
            Issue.record("with Redis down, a claim came to \(failedClaim) and a lookup to \(failedFind)")
            return
        }
    }
}

/// Asks B where `room` is until the answer is no longer `from` (up to 20 s, each answer waited for, a pause
/// between): the answers seen, in order.
private func findUntilChanged(_ b: FleetDirectory, room: String, log: EventLog, from: OwnerResult) -> [OwnerResult] {
    var seen: [OwnerResult] = []
    for ticket in 1_000..<1_100 {
        log.clear()
        _ = b.find(room: room, ticket: ticket)
        guard let result = log.wait(for: 1, owners).first?.result else { break }
        seen.append(result)
        if result != from { break }
        Poll.sleep(milliseconds: 200)
    }
    return seen
}
