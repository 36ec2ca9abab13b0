import Foundation
import RedisClient
import WordGameFleet
import WordGameProtocol

/// The events a directory delivered, for a test to wait on.
final class EventLog: @unchecked Sendable {
    private let condition = NSCondition()
    private var events: [DirectoryEvent] = []

    func append(_ event: DirectoryEvent) {
        condition.lock()
        events.append(event)
        condition.broadcast()
        condition.unlock()
    }

    /// The events so far that `pick` maps to a value, once there are `count` of them or `seconds` have passed.
    func wait<T>(for count: Int, seconds: Double = 20, _ pick: (DirectoryEvent) -> T?) -> [T] {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while true {
            let picked = events.compactMap(pick)
            if picked.count >= count || !condition.wait(until: deadline) { return picked }
        }
    }

    /// Forgets what came so far.
    func clear() {
        condition.lock()
        events.removeAll()
        condition.unlock()
    }
}

/// A directory of 127.0.0.1:`port` that logs its events.
func loopbackDirectory(_ id: String, port: UInt16, timings: FleetTimings = FleetTimings(), log: EventLog,
                       onEvent: (@Sendable (DirectoryEvent) -> Void)? = nil) -> FleetDirectory {
    // Limits a loaded machine meets with room to spare (the whole suite runs beside these tests); a
    // killed Redis is still seen at once, as a refused connection, not a timeout.
    let options = RedisClientOptions(connectTimeoutMilliseconds: 2_000, replyTimeoutMilliseconds: 5_000,
                                     backoff: ReconnectBackoff(initialMilliseconds: 50, maxMilliseconds: 200))
    return FleetDirectory(url: RedisURL(host: "127.0.0.1", port: port), serverID: id, options: options, timings: timings) { event in
        log.append(event)
        onEvent?(event)
    }!
}

func claims(_ event: DirectoryEvent) -> (room: String, result: ClaimResult)? {
    if case .claim(_, let room, let result) = event { return (room, result) }
    return nil
}

func owners(_ event: DirectoryEvent) -> (ticket: Int, result: OwnerResult)? {
    if case .owner(let ticket, let result) = event { return (ticket, result) }
    return nil
}

func releases(_ event: DirectoryEvent) -> (name: String, released: Bool, error: RedisError?)? {
    if case .release(let name, let released, let error) = event { return (name, released, error) }
    return nil
}

func refreshes(_ event: DirectoryEvent) -> (lostRooms: [String], lostSeats: [String], restored: Int, error: RedisError?)? {
    if case .refreshed(let lostRooms, let lostSeats, let restored, let error) = event { return (lostRooms, lostSeats, restored, error) }
    return nil
}

func registrations(_ event: DirectoryEvent) -> (newEpoch: Bool, error: RedisError?)? {
    if case .registered(let newEpoch, let error) = event { return (newEpoch, error) }
    return nil
}

func members(_ event: DirectoryEvent) -> (alive: [String], silent: [String])? {
    if case .members(let alive, let silent) = event { return (alive, silent) }
    return nil
}

/// `count` distinct room codes in lower case, as rooms are named: the numbers 0..<count written in the alphabet, four characters each.
func distinctCodes(_ count: Int) -> [String] {
    let alphabet = RoomCode.alphabet
    return (0..<count).map { number in
        var rest = number
        var code = ""
        for _ in 0..<4 {
            code.append(alphabet[rest % alphabet.count])
            rest /= alphabet.count
        }
        return code.lowercased()
    }
}

/// A directory that has registered (so Redis has an epoch) and waited out the
/// settling that a new epoch begins: it takes claims from now on.
func settledDirectory(_ id: String, port: UInt16, timings: FleetTimings, address: FleetAddress, log: EventLog) -> FleetDirectory {
    let directory = loopbackDirectory(id, port: port, timings: timings, log: log)
    directory.register(address)
    _ = log.wait(for: 1, registrations)
    Thread.sleep(forTimeInterval: Double(timings.ttlMilliseconds) / 1_000 + 0.1)
    return directory
}
