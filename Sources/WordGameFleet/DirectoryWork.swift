import RedisClient
import RedisWire

/// One request's part of a round trip: its commands, and how their replies
/// (or the round trip's failure) become its event. The worker sends every
/// request waiting at once as one pipeline (`FleetDirectory.drain`), so a
/// burst of joins costs a few round trips to Redis, not one each.
struct DirectoryWork: Sendable {
    let commands: [RedisCommand]
    let answer: @Sendable ([RedisValue]) -> DirectoryEvent
    let failed: @Sendable (RedisError) -> DirectoryEvent
}

/// What Redis's replies mean: pure, each a function of the replies it is given.
enum DirectoryReplies {
    static func claim(_ reply: RedisValue, ttl: Int) -> ClaimResult {
        guard case .array(let fields?) = reply, let verdict = fields.first?.text else { return .unavailable(failure(reply, "a claim")) }
        switch (verdict, fields.count) {
        case ("claimed", 1):
            return .claimed
        case ("settling", 2):
            guard case .integer(let wait) = fields[1], wait > 0, wait <= Int64(ttl) else { break }
            return .settling(milliseconds: Int(wait))
        case ("taken", 3):
            guard let holder = fields[1].text, FleetKeys.isServerID(holder),
                  case .bulk(let record?) = fields[2], let address = FleetAddress(record: record) else { break }
            return .takenBy(serverID: holder, address: address)
        case ("gone", 2):
            guard let holder = fields[1].text, FleetKeys.isServerID(holder) else { break }
            return .gone(serverID: holder)
        default:
            break
        }
        return .unavailable(.protocol("a claim answered \(reply)"))
    }

    /// The holder and its record, gone (with the id that held it), settling, or nobody.
    static func owner(_ reply: RedisValue, ttl: Int) -> OwnerResult {
        guard case .array(let fields?) = reply, let verdict = fields.first?.text else { return .unavailable(failure(reply, "a lookup")) }
        switch (verdict, fields.count) {
        case ("none", 1):
            return .none
        case ("settling", 2):
            guard case .integer(let wait) = fields[1], wait > 0, wait <= Int64(ttl) else { break }
            return .settling(milliseconds: Int(wait))
        case ("gone", 2):
            guard let holder = fields[1].text, FleetKeys.isServerID(holder) else { break }
            return .gone(serverID: holder)
        case ("owner", 3):
            guard let holder = fields[1].text, FleetKeys.isServerID(holder),
                  case .bulk(let record?) = fields[2], let address = FleetAddress(record: record) else { break }
            return .owner(serverID: holder, address: address)
        default:
            break
        }
        return .unavailable(.protocol("a lookup answered \(reply)"))
    }

    /// The look's two lists of server ids; nil for anything else (the look is skipped, not an error to report:
    /// the record's write says whether Redis answered).
    static func members(_ reply: RedisValue) -> DirectoryEvent? {
        guard case .array(let lists?) = reply, lists.count == 2,
              let alive = serverIDs(lists[0]), let silent = serverIDs(lists[1]) else { return nil }
        return .members(alive: alive, silent: silent)
    }

    private static func serverIDs(_ reply: RedisValue) -> [String]? {
        guard case .array(let items?) = reply else { return nil }
        let ids = items.compactMap { $0.text }.filter(FleetKeys.isServerID)
        return ids.count == items.count ? ids : nil
    }

    /// What refresh scripts did: kept (1), put back (2), or left to a live server that holds it (0, lost).
    struct Refresh {
        var lostRooms: [String] = [], lostSeats: [String] = [], restored = 0
        var error: RedisError?
    }

    static func refresh(_ named: [(name: String, isSeat: Bool)], _ replies: [RedisValue]) -> Refresh {
        var outcome = Refresh()
        for (entry, reply) in zip(named, replies) {
            switch reply {
            case .integer(1): continue
            case .integer(2): outcome.restored += 1
            case .integer(0): if entry.isSeat { outcome.lostSeats.append(entry.name) } else { outcome.lostRooms.append(entry.name) }
            default: outcome.error = failure(reply, "a refresh")
            }
        }
        return outcome
    }

    static func refreshed(_ named: [(name: String, isSeat: Bool)], _ replies: [RedisValue]) -> DirectoryEvent {
        let outcome = refresh(named, replies)
        return .refreshed(lostRooms: outcome.lostRooms, lostSeats: outcome.lostSeats, restored: outcome.restored, error: outcome.error)
    }

    static func registered(_ named: [(name: String, isSeat: Bool)], _ replies: [RedisValue]) -> DirectoryEvent {
        let outcome = refresh(named, replies)
        return .registeredSeats(lost: outcome.lostSeats, error: outcome.error)
    }

    static func releasedSeats(_ replies: [RedisValue]) -> DirectoryEvent {
        var released = 0
        var error: RedisError?
        for reply in replies {
            guard case .integer(let count) = reply else {
                error = failure(reply, "a release")
                continue
            }
            if count == 1 { released += 1 }
        }
        return .releasedSeats(released: released, error: error)
    }

    static func released(_ name: String, _ reply: RedisValue) -> DirectoryEvent {
        guard case .integer(let count) = reply else { return .release(name: name, released: false, error: failure(reply, "a release")) }
        return .release(name: name, released: count == 1, error: nil)
    }

    /// An error reply is Redis refusing the command; anything else broke the protocol.
    private static func failure(_ reply: RedisValue, _ what: String) -> RedisError {
        if case .error(let message) = reply { return .server(message) }
        return .protocol("\(what) answered \(reply)")
    }
}
