import Dispatch
import Foundation
import RedisClient
import RedisWire

/// The fleet's room directory as one server sees it: its own record, and the
/// codes it claims, refreshes, releases and looks up (keys in `FleetKeys`).
///
/// It owns one `RedisClient` and a serial queue of its own, and touches the
/// client only there, so no Redis delay reaches the caller's event loop: each
/// call checks its arguments, queues the work and returns at once. The answer
/// comes later as a `DirectoryEvent` through `onEvent`, called on the worker
/// queue, one at a time, in the order of the requests (the server forwards it
/// to its loop). See `FleetTimings` for the TTL and the pending limit.
public final class FleetDirectory: @unchecked Sendable {
    public let serverID: String
    public let timings: FleetTimings
    private let queue: DispatchQueue
    /// Touched only on `queue`.
    let client: RedisClient
    private let onEvent: @Sendable (DirectoryEvent) -> Void
    private let lock = NSLock()
    /// Under `lock`: requests queued and not yet answered, the record to write, its timer.
    private var pending = 0
    private var address: FleetAddress?
    private var timer: DispatchSourceTimer?

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

    /// Stops writing the record: the server drops out of the fleet one TTL
    /// after the last write, as if it had died. Requests already queued still run.
    public func stopRegistering() {
        lock.withLock {
            timer?.cancel()
            timer = nil
        }
    }

    /// Claims a room code for this server (`SET NX PX`): `.claim(code, …)`.
    public func claim(_ code: String) -> Submission {
        guard let key = FleetKeys.room(code) else { return .invalid }
        let code = code.uppercased()
        return submit { directory in .claim(code: code, directory.claimNow(key)) }
    }

    /// Extends our claims on `codes` by one TTL, in one pipeline, each only if
    /// it is still ours: `.refreshed(lost:…)`. `.invalid` if any is not a code.
    public func refresh(_ codes: [String]) -> Submission {
        let keys = codes.compactMap(FleetKeys.room)
        guard keys.count == codes.count else { return .invalid }
        let codes = codes.map { $0.uppercased() }
        return submit { directory in directory.refreshNow(codes: codes, keys: keys) }
    }

    /// Deletes our claim on `code`, only if it is still ours: `.release(code, …)`.
    public func release(_ code: String) -> Submission {
        guard let key = FleetKeys.room(code) else { return .invalid }
        let code = code.uppercased()
        return submit { directory in directory.releaseNow(code: code, key: key) }
    }

    /// Who owns `code`, and where it is: `.owner(code, …)`.
    public func owner(of code: String) -> Submission {
        guard let key = FleetKeys.room(code) else { return .invalid }
        let code = code.uppercased()
        return submit { directory in .owner(code: code, directory.ownerNow(key)) }
    }

    func lockedAddress() -> FleetAddress? { lock.withLock { address } }

    func deliver(_ event: DirectoryEvent) { onEvent(event) }

    /// Queues `work` unless `pendingLimit` requests wait already.
    private func submit(_ work: @escaping @Sendable (FleetDirectory) -> DirectoryEvent) -> Submission {
        let taken = lock.withLock {
            guard pending < timings.pendingLimit else { return false }
            pending += 1
            return true
        }
        guard taken else { return .full }
        queue.async {
            let event = work(self)
            self.lock.withLock { self.pending -= 1 }
            self.onEvent(event)
        }
        return .queued
    }
}
