import Dispatch
import Foundation
import RedisClient
import RedisWire

/// The fleet's room directory as one server sees it: its own record, and the
/// rooms and seats it claims, refreshes, releases and looks up (keys in
/// `FleetKeys`, the atomic steps in `DirectoryScripts`).
///
/// It owns one `RedisClient` and a serial queue of its own, and touches the
/// client only there, so no Redis delay reaches the caller's event loop: each
/// call checks its arguments, queues the work and returns at once. The worker
/// sends every request waiting when it comes round as one pipeline (up to
/// `maxBatch`): a class joining at once costs a few round trips, not one a
/// student. The answer comes later as a `DirectoryEvent` through `onEvent`,
/// called on the worker queue, one at a time, in the order of the requests
/// (the server forwards it to its loop). See `FleetTimings` for the TTL and
/// the pending limit.
public final class FleetDirectory: @unchecked Sendable {
    public let serverID: String
    public let timings: FleetTimings
    private let queue: DispatchQueue
    /// Touched only on `queue`.
    let client: RedisClient
    private let onEvent: @Sendable (DirectoryEvent) -> Void
    private let lock = NSLock()
    /// Under `lock`: requests waiting for the worker, whether it has been sent
    /// for, the requests it is running, the record to write, its timer.
    private var waiting: [DirectoryWork] = []
    private var draining = false
    private var running = 0
    private var address: FleetAddress?
    /// Under `lock`: whether each record is written with this server's draining mark (`FleetKeys.draining`).
    private var drainingMark = false
    private var timer: DispatchSourceTimer?
    /// The most requests sent in one pipeline: bounds one round trip's bytes and the time to its first answer.
    static let maxBatch = 256

    /// Nil if `serverID` is not a server id (see `FleetKeys.isServerID`).
    public init?(url: RedisURL, serverID: String, options: RedisClientOptions = RedisClientOptions(),
                 timings: FleetTimings = FleetTimings(), onEvent: @escaping @Sendable (DirectoryEvent) -> Void) {
        guard FleetKeys.isServerID(serverID) else { return nil }
        self.serverID = serverID
        self.timings = timings
        self.onEvent = onEvent
        client = RedisClient(url: url, options: options)
        queue = DispatchQueue(label: "wordgame.fleet.\(serverID)")
    }

    deinit { timer?.cancel() }

    /// Writes this server's record now and every refresh period from now on,
    /// each write answered by `.registered`. Called again (a new load), it
    /// changes what the next write says. Not counted in the pending limit: one
    /// timer, whose ticks do not pile up.
    public func register(_ address: FleetAddress) {
        lock.withLock {
            self.address = address
            guard timer == nil else { return }
            let timer = DispatchSource.makeTimerSource(queue: queue)
            let period = DispatchTimeInterval.milliseconds(timings.refreshMilliseconds)
            timer.schedule(deadline: .now(), repeating: period, leeway: .milliseconds(timings.refreshMilliseconds / 10))
            timer.setEventHandler { [weak self] in self?.writeRecord() }
            self.timer = timer
            timer.resume()
        }
    }

    /// From now on, each write of the record marks this server as draining for one TTL: servers sending a new
    /// room on (`findServerForNewRoom`) pass it by. The mark goes with the server (`leave`) or lapses.
    public func markDraining() {
        lock.withLock { drainingMark = true }
    }

    /// Stops writing the record: the server drops out of the fleet one TTL
    /// after the last write, as if it had died. Requests already queued still run.
    public func stopRegistering() {
        lock.withLock {
            timer?.cancel()
            timer = nil
        }
    }

    /// Claims `room` (a room name, any case) for a new room of this server, or takes it back:
    /// `.claim(ticket, room, …)`. A room gone with another server is refused (`.gone`) unless
    /// `replacingGone` (a name JOIN makes, which anyone may make again); one this server held
    /// (this `serverID`, before a restart, say) is taken back, unless a live server has it now.
    public func claim(room: String, ticket: Int, replacingGone: Bool = false) -> Submission {
        guard let key = FleetKeys.room(room) else { return .invalid }
        let room = room.lowercased(), ttl = timings.ttlMilliseconds
        let command = DirectoryScripts.claim(key, for: serverID, milliseconds: ttl, goneMilliseconds: timings.goneMemoryMilliseconds,
                                             replacingGone: replacingGone)
        return submit(DirectoryWork(commands: [command],
                                    answer: { .claim(ticket: ticket, room: room, DirectoryReplies.claim($0[0], ttl: ttl)) },
                                    failed: { .claim(ticket: ticket, room: room, .unavailable($0)) }))
    }

    /// Who holds `room`, and where it is, or whether it is gone: `.owner(ticket, …)`.
    public func find(room: String, ticket: Int) -> Submission {
        guard let key = FleetKeys.room(room) else { return .invalid }
        return find(key, ticket: ticket)
    }

    /// Who holds the seat of resume code `seat`, and where, or whether it is gone: `.owner(ticket, …)`.
    public func find(seat: String, ticket: Int) -> Submission {
        guard let key = FleetKeys.seat(seat) else { return .invalid }
        return find(key, ticket: ticket)
    }

    /// Where a teacher's new room goes while this server drains: another live server of the fleet, not draining,
    /// the least loaded: `.owner(ticket, .owner(id, address))`, or `.owner(ticket, .none)` when there is none.
    public func findServerForNewRoom(ticket: Int) -> Submission {
        let ttl = timings.ttlMilliseconds
        return submit(DirectoryWork(commands: [DirectoryScripts.pick(excluding: serverID)],
                                    answer: { .owner(ticket: ticket, DirectoryReplies.owner($0[0], ttl: ttl)) },
                                    failed: { .owner(ticket: ticket, .unavailable($0)) }))
    }

    /// Keeps our rooms and seats ours for one more TTL, in one pipeline,
    /// putting back any Redis lost: `.refreshed(…)`. `.invalid` if any is not a room or a code.
    public func refresh(rooms: [String], seats: [String]) -> Submission {
        let roomKeys = rooms.compactMap(FleetKeys.room), seatKeys = seats.compactMap(FleetKeys.seat)
        guard roomKeys.count == rooms.count, seatKeys.count == seats.count else { return .invalid }
        let named = rooms.map { (name: $0.lowercased(), isSeat: false) } + seats.map { (name: $0.uppercased(), isSeat: true) }
        return submit(DirectoryWork(commands: refreshes(roomKeys + seatKeys), answer: { DirectoryReplies.refreshed(named, $0) },
                                    failed: { .refreshed(lostRooms: [], lostSeats: [], restored: 0, error: $0) }))
    }

    /// Enters new seats, in one request, with the refresh's script (a seat is new to Redis as a lost one is):
    /// `.registeredSeats(…)`.
    public func register(seats: [String]) -> Submission {
        let keys = seats.compactMap(FleetKeys.seat)
        guard keys.count == seats.count else { return .invalid }
        let named = seats.map { (name: $0.uppercased(), isSeat: true) }
        return submit(DirectoryWork(commands: refreshes(keys), answer: { DirectoryReplies.registered(named, $0) },
                                    failed: { .registeredSeats(lost: [], error: $0) }))
    }

    /// Deletes our claim on `room`, and the memory of it, only if still ours (the room is free, not gone):
    /// `.release(room, …)`.
    public func release(room: String) -> Submission {
        guard let key = FleetKeys.room(room) else { return .invalid }
        let room = room.lowercased()
        return submit(DirectoryWork(commands: [DirectoryScripts.release(key, ifOwnedBy: serverID)],
                                    answer: { DirectoryReplies.released(room, $0[0]) },
                                    failed: { .release(name: room, released: false, error: $0) }))
    }

    /// Deletes our entries for `seats`, each only if still ours, in one request: `.releasedSeats(…)`.
    public func release(seats: [String]) -> Submission {
        let keys = seats.compactMap(FleetKeys.seat)
        guard keys.count == seats.count else { return .invalid }
        return submit(DirectoryWork(commands: keys.map { DirectoryScripts.release($0, ifOwnedBy: serverID) },
                                    answer: DirectoryReplies.releasedSeats,
                                    failed: { .releasedSeats(released: 0, error: $0) }))
    }

    private func refreshes(_ keys: [String]) -> [RedisCommand] {
        let ttl = timings.ttlMilliseconds, gone = timings.goneMemoryMilliseconds
        return keys.map { DirectoryScripts.refresh($0, for: serverID, milliseconds: ttl, goneMilliseconds: gone) }
    }

    private func find(_ key: String, ticket: Int) -> Submission {
        let ttl = timings.ttlMilliseconds
        return submit(DirectoryWork(commands: [DirectoryScripts.find(key)],
                                    answer: { .owner(ticket: ticket, DirectoryReplies.owner($0[0], ttl: ttl)) },
                                    failed: { .owner(ticket: ticket, .unavailable($0)) }))
    }

    /// The server is stopping: its record stops being written, and it, its
    /// place in the fleet's list, every claim in `rooms` and every seat in
    /// `seats` are deleted now (each only if ours, with the memory of it), so
    /// nobody is sent here and nobody is told they are gone. Rooms and seats
    /// left out are gone for the others, until this server (this id) takes
    /// them back with `claim`. Blocks until done or `milliseconds` pass.
    public func leave(rooms: [String], seats: [String], waitingUpTo milliseconds: Int) {
        stopRegistering()
        let keys = rooms.compactMap(FleetKeys.room) + seats.compactMap(FleetKeys.seat)
        let done = DispatchSemaphore(value: 0)
        queue.async {
            self.leaveNow(keys)
            done.signal()
        }
        _ = done.wait(timeout: .now() + .milliseconds(milliseconds))
    }

    func lockedAddress() -> FleetAddress? { lock.withLock { address } }

    func lockedDrainingMark() -> Bool { lock.withLock { drainingMark } }

    func deliver(_ event: DirectoryEvent) { onEvent(event) }

    /// Queues `work` unless `pendingLimit` requests wait already (or are being sent), and sends for the worker if it is idle.
    private func submit(_ work: DirectoryWork) -> Submission {
        let (taken, wake) = lock.withLock { () -> (Bool, Bool) in
            guard waiting.count + running < timings.pendingLimit else { return (false, false) }
            waiting.append(work)
            defer { draining = true }
            return (true, !draining)
        }
        guard taken else { return .full }
        if wake { queue.async { self.drain() } }
        return .queued
    }

    /// On the worker: sends what waits, a batch at a time, until nothing does.
    private func drain() {
        while true {
            let batch = lock.withLock { () -> [DirectoryWork] in
                let batch = Array(waiting.prefix(Self.maxBatch))
                waiting.removeFirst(batch.count)
                running = batch.count
                if batch.isEmpty { draining = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            run(batch)
        }
    }
}
