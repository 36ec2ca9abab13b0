import RedisClient
import RedisWire

/// The requests' work, on the worker queue only: each a few blocking calls of the client.
extension FleetDirectory {
    private var ourID: [UInt8] { Array(serverID.utf8) }

    func writeRecord() {
        guard let address = lockedAddress(), let key = FleetKeys.server(serverID) else { return }
        let set = RedisCommand(bytes: [Array("SET".utf8), Array(key.utf8), address.record,
                                       Array("PX".utf8), Array(String(timings.ttlMilliseconds).utf8)])
        do throws(RedisError) {
            _ = try client.send(set)
            deliver(.registered(nil))
        } catch {
            deliver(.registered(error))
        }
    }

    /// `SET NX`, then who holds it if that failed. A holder whose claim
    /// expires between the two is tried again, a few times.
    func claimNow(_ key: String) -> ClaimResult {
        do throws(RedisError) {
            for _ in 0..<3 {
                if try client.setIfAbsent(key, ourID, expiresInMilliseconds: timings.ttlMilliseconds) { return .claimed }
                if let holder = try client.get(key) { return .takenBy(serverID: String(decoding: holder, as: UTF8.self)) }
            }
            return .unavailable(.protocol("the claim of \(key) kept changing hands"))
        } catch {
            return .unavailable(error)
        }
    }

    func refreshNow(codes: [String], keys: [String]) -> DirectoryEvent {
        let commands = keys.map { DirectoryScripts.refresh($0, ifOwnedBy: serverID, milliseconds: timings.ttlMilliseconds) }
        do throws(RedisError) {
            let replies = try client.pipeline(commands)
            var lost: [String] = []
            var failure: RedisError?
            for (code, reply) in zip(codes, replies) {
                switch reply {
                case .integer(1): continue
                case .integer: lost.append(code)
                case .error(let message): failure = .server(message)
                default: failure = .protocol("a refresh answered \(reply)")
                }
            }
            return .refreshed(lost: lost, error: failure)
        } catch {
            return .refreshed(lost: [], error: error)
        }
    }

    func releaseNow(code: String, key: String) -> DirectoryEvent {
        do throws(RedisError) {
            let reply = try client.send(DirectoryScripts.delete(key, ifOwnedBy: serverID))
            guard case .integer(let count) = reply else { throw .protocol("a release answered \(reply)") }
            return .release(code: code, released: count == 1, error: nil)
        } catch {
            return .release(code: code, released: false, error: error)
        }
    }

    /// The code's holder, then the holder's record: no record means the server is gone.
    func ownerNow(_ key: String) -> OwnerResult {
        do throws(RedisError) {
            guard let holder = try client.get(key) else { return .none }
            let id = String(decoding: holder, as: UTF8.self)
            guard let serverKey = FleetKeys.server(id) else { throw .protocol("\(key) holds \(id), not a server id") }
            guard let record = try client.get(serverKey) else { return .none }
            guard let address = FleetAddress(record: record) else { throw .protocol("\(serverKey) holds no address") }
            return .owner(serverID: id, address: address)
        } catch {
            return .unavailable(error)
        }
    }
}
