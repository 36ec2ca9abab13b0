import RedisWire

/// The plain key commands a caller needs besides scripts: `GET`, and `DEL`
/// (as a command, to pipeline, and as a call).
extension RedisCommand {
    public static func get(_ key: String) -> RedisCommand { RedisCommand(["GET", key]) }

    public static func delete(_ keys: [String]) -> RedisCommand { RedisCommand(["DEL"] + keys) }
}

extension RedisClient {
    /// The key's value, nil if there is none.
    public func get(_ key: String) throws(RedisError) -> [UInt8]? {
        let reply = try self.send(.get(key))
        guard case .bulk(let value) = reply else { throw .protocol("GET answered \(reply)") }
        return value
    }

    /// How many of the keys existed and are gone now.
    @discardableResult
    public func delete(_ keys: String...) throws(RedisError) -> Int {
        let reply = try self.send(.delete(keys))
        guard case .integer(let number) = reply, number >= 0, let count = Int(exactly: number) else {
            throw .protocol("DEL answered \(reply)")
        }
        return count
    }
}
