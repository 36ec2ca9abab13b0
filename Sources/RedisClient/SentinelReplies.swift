import RedisWire

/// What a sentinel's and a master's replies mean to a client behind Sentinel
/// (Redis's "Sentinel client spec"): pure, each a function of one reply.
enum SentinelReplies {
    /// `SENTINEL get-master-addr-by-name`: the master's address, nil when the
    /// sentinel knows no master of that name (a null reply), or a protocol error.
    static func master(_ reply: RedisValue) -> Result<RedisAddress?, RedisError> {
        switch reply {
        case .array(nil), .bulk(nil):
            return .success(nil)
        case .array(let fields?) where fields.count == 2:
            guard let host = fields[0].text, let port = fields[1].text else { break }
            let text = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
            guard let address = RedisAddress(Substring(text)) else { break }
            return .success(address)
        default:
            break
        }
        return .failure(.protocol("SENTINEL get-master-addr-by-name answered \(reply)"))
    }

    /// `ROLE`: whether the Redis that answered is a master (its first field `master`; a replica says `slave`).
    static func isMaster(_ reply: RedisValue) -> Bool {
        guard case .array(let fields?) = reply, let role = fields.first?.text else { return false }
        return role == "master"
    }

    /// The role `ROLE` gave, for an error: `slave`, `sentinel`, or the reply.
    static func role(_ reply: RedisValue) -> String {
        if case .array(let fields?) = reply, let role = fields.first?.text { return role }
        return "\(reply)"
    }

    /// An error reply meaning that this Redis is no master to write to any more (a failover demoted it, or
    /// it is a replica cut off from its master): ask the sentinels again. A script's write refused on a
    /// replica comes back as `READONLY` too.
    static func isFailoverSign(_ message: String) -> Bool {
        message.hasPrefix("READONLY") || message.hasPrefix("MASTERDOWN")
    }

    /// A sentinel's refusal of the client itself (a password missing or wrong), not of the question.
    static func isRefusal(_ message: String) -> Bool {
        message.hasPrefix("NOAUTH") || message.hasPrefix("WRONGPASS") || message.hasPrefix("NOPERM")
            || message.hasPrefix("ERR invalid password")
    }
}
