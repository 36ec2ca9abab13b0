import RedisClient
import RedisWire

/// The requests' work, on the worker queue only: each a script or a pipeline of them.
extension FleetDirectory {
    private var ttl: Int { timings.ttlMilliseconds }

    func writeRecord() {
        guard let address = lockedAddress(), let key = FleetKeys.server(serverID) else { return }
        do throws(RedisError) {
            let reply = try client.send(DirectoryScripts.register(serverKey: key, record: address.record, milliseconds: ttl))
            deliver(.registered(newEpoch: reply == .integer(1), error: nil))
        } catch {
            deliver(.registered(newEpoch: false, error: error))
        }
    }

    func claimNow(_ key: String) -> ClaimResult {
        do throws(RedisError) {
            let reply = try client.send(DirectoryScripts.claim(key, for: serverID, milliseconds: ttl))
            guard case .array(let fields?) = reply, let verdict = fields.first?.text else { throw .protocol("a claim answered \(reply)") }
            switch (verdict, fields.count) {
            case ("claimed", 1):
                return .claimed
            case ("settling", 2):
                guard case .integer(let wait) = fields[1], wait > 0, wait <= Int64(ttl) else { throw .protocol("a claim answered \(reply)") }
                return .settling(milliseconds: Int(wait))
            case ("taken", 3):
                guard let holder = fields[1].text, FleetKeys.isServerID(holder),
                      case .bulk(let record?) = fields[2], let address = FleetAddress(record: record)
                else { throw .protocol("a claim answered \(reply)") }
                return .takenBy(serverID: holder, address: address)
            default:
                throw .protocol("a claim answered \(reply)")
            }
        } catch {
            return .unavailable(error)
        }
    }

    /// The holder and its record: no holder, or no record (the server is gone), is nobody.
    func findNow(_ key: String) -> OwnerResult {
        do throws(RedisError) {
            let reply = try client.send(DirectoryScripts.find(key))
            guard case .array(let fields?) = reply, fields.count <= 2 else { throw .protocol("a lookup answered \(reply)") }
            guard fields.count == 2 else { return .none }
            guard let holder = fields[0].text, FleetKeys.isServerID(holder),
                  case .bulk(let record?) = fields[1], let address = FleetAddress(record: record)
            else { throw .protocol("a lookup answered \(reply)") }
            return .owner(serverID: holder, address: address)
        } catch {
            return .unavailable(error)
        }
    }

    func refreshNow(rooms: Zip2Sequence<[String], [String]>, seats: Zip2Sequence<[String], [String]>) -> DirectoryEvent {
        let named = rooms.map { (name: $0.0, key: $0.1, isSeat: false) } + seats.map { (name: $0.0, key: $0.1, isSeat: true) }
        guard !named.isEmpty else { return .refreshed(lostRooms: [], lostSeats: [], restored: 0, error: nil) }
        do throws(RedisError) {
            let replies = try client.pipeline(named.map { DirectoryScripts.refresh($0.key, for: serverID, milliseconds: ttl) })
            var lostRooms: [String] = [], lostSeats: [String] = [], restored = 0
            var failure: RedisError?
            for (entry, reply) in zip(named, replies) {
                switch reply {
                case .integer(1): continue
                case .integer(2): restored += 1
                case .integer(0): if entry.isSeat { lostSeats.append(entry.name) } else { lostRooms.append(entry.name) }
                case .error(let message): failure = .server(message)
                default: failure = .protocol("a refresh answered \(reply)")
                }
            }
            return .refreshed(lostRooms: lostRooms, lostSeats: lostSeats, restored: restored, error: failure)
        } catch {
            return .refreshed(lostRooms: [], lostSeats: [], restored: 0, error: error)
        }
    }

    func releaseNow(name: String, key: String) -> DirectoryEvent {
        do throws(RedisError) {
            let reply = try client.send(DirectoryScripts.release(key, ifOwnedBy: serverID))
            guard case .integer(let count) = reply else { throw .protocol("a release answered \(reply)") }
            return .release(name: name, released: count == 1, error: nil)
        } catch {
            return .release(name: name, released: false, error: error)
        }
    }

    /// Our record and our claims in `keys`, deleted in one pipeline; a failure is only logged by the caller's silence.
    func leaveNow(_ keys: [String]) {
        guard let record = FleetKeys.server(serverID) else { return }
        _ = try? client.pipeline([.delete([record])] + keys.map { DirectoryScripts.release($0, ifOwnedBy: serverID) })
    }
}
