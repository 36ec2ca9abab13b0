import RedisWire

/// The commands the directory needs, as commands (to pipeline) and as calls.
extension RedisCommand {
    /// `SET key value NX PX ms`: set only if absent (a claim), expiring.
    public static func setIfAbsent(_ key: String, _ value: [UInt8], expiresInMilliseconds ms: Int) -> RedisCommand {
        RedisCommand(bytes: [Array("SET".utf8), Array(key.utf8), value, Array("NX".utf8), Array("PX".utf8), Array(String(ms).utf8)])
    }

    /// `SET key value XX PX ms`: set only if present (a refresh of one's own claim), expiring.
    public static func setIfPresent(_ key: String, _ value: [UInt8], expiresInMilliseconds ms: Int) -> RedisCommand {
        RedisCommand(bytes: [Array("SET".utf8), Array(key.utf8), value, Array("XX".utf8), Array("PX".utf8), Array(String(ms).utf8)])
    }

    public static func get(_ key: String) -> RedisCommand { RedisCommand(["GET", key]) }

    public static func delete(_ keys: [String]) -> RedisCommand { RedisCommand(["DEL"] + keys) }

    public static func expire(_ key: String, inMilliseconds ms: Int) -> RedisCommand { RedisCommand(["PEXPIRE", key, String(ms)]) }
}

extension RedisClient {
    /// Claims `key` for `ms` milliseconds: true if it was free and is now ours, false if someone holds it.
    public func setIfAbsent(_ key: String, _ value: [UInt8], expiresInMilliseconds ms: Int) throws(RedisError) -> Bool {
        try wasSet(self.send(.setIfAbsent(key, value, expiresInMilliseconds: ms)), by: "SET NX")
    }

    /// Refreshes a key that exists (value and expiry): false if it had expired or was deleted meanwhile.
    public func setIfPresent(_ key: String, _ value: [UInt8], expiresInMilliseconds ms: Int) throws(RedisError) -> Bool {
        try wasSet(self.send(.setIfPresent(key, value, expiresInMilliseconds: ms)), by: "SET XX")
    }

    /// The key's value, nil if there is none.
    public func get(_ key: String) throws(RedisError) -> [UInt8]? {
        let reply = try self.send(.get(key))
        guard case .bulk(let value) = reply else { throw .protocol("GET answered \(reply)") }
        return value
    }

    /// How many of the keys existed and are gone now.
    @discardableResult
    public func delete(_ keys: String...) throws(RedisError) -> Int {
        try count(self.send(.delete(keys)), by: "DEL")
    }

    /// Sets a key's time to live: false if the key does not exist.
    public func expire(_ key: String, inMilliseconds ms: Int) throws(RedisError) -> Bool {
        try count(self.send(.expire(key, inMilliseconds: ms)), by: "PEXPIRE") == 1
    }

    private func wasSet(_ reply: RedisValue, by command: String) throws(RedisError) -> Bool {
        switch reply {
        case .simple("OK"): return true
        case .bulk(nil): return false
        default: throw .protocol("\(command) answered \(reply)")
        }
    }

    private func count(_ reply: RedisValue, by command: String) throws(RedisError) -> Int {
        guard case .integer(let number) = reply, number >= 0, let count = Int(exactly: number) else {
            throw .protocol("\(command) answered \(reply)")
        }
        return count
    }
}
