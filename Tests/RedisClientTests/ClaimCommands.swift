import RedisClient
import RedisWire

/// `SET … NX|XX PX` and `PEXPIRE` as calls: real commands with known answers,
/// for testing the client against a real Redis (the directory itself claims and
/// refreshes with scripts, `DirectoryScripts`).
extension RedisClient {
    /// Claims `key` for `ms` milliseconds: true if it was free and is now ours, false if someone holds it.
    func setIfAbsent(_ key: String, _ value: [UInt8], expiresInMilliseconds ms: Int) throws(RedisError) -> Bool {
        try wasSet(send(RedisCommand(bytes: [Array("SET".utf8), Array(key.utf8), value, Array("NX".utf8), Array("PX".utf8),
                                             Array(String(ms).utf8)])), by: "SET NX")
    }

    /// Refreshes a key that exists (value and expiry): false if it had expired or was deleted meanwhile.
    func setIfPresent(_ key: String, _ value: [UInt8], expiresInMilliseconds ms: Int) throws(RedisError) -> Bool {
        try wasSet(send(RedisCommand(bytes: [Array("SET".utf8), Array(key.utf8), value, Array("XX".utf8), Array("PX".utf8),
                                             Array(String(ms).utf8)])), by: "SET XX")
    }

    /// Sets a key's time to live: false if the key does not exist.
    func expire(_ key: String, inMilliseconds ms: Int) throws(RedisError) -> Bool {
        let reply = try send(RedisCommand(["PEXPIRE", key, String(ms)]))
        guard case .integer(let number) = reply else { throw .protocol("PEXPIRE answered \(reply)") }
        return number == 1
    }

    private func wasSet(_ reply: RedisValue, by command: String) throws(RedisError) -> Bool {
        switch reply {
        case .simple("OK"): return true
        case .bulk(nil): return false
        default: throw .protocol("\(command) answered \(reply)")
        }
    }
}
