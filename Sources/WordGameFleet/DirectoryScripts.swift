import RedisWire

/// What must be atomic in Redis, as small Lua scripts (one round trip each,
/// and no other client's command between their steps).
///
/// Why each exists:
/// - **register** writes the server's record and, if Redis has no epoch (it
///   is new, or restarted empty, or flushed), starts one, with `settling` set
///   for one TTL.
/// - **claim** takes a room for a new room. A claim held by a live server is
///   reported with that server's record at once (the room is there, settling
///   or not); one held by a server whose record is gone (it died) is taken
///   over. Otherwise it refuses while the directory settles: a Redis that
///   came back empty has forgotten every live room, and each live server puts
///   its own back at its next refresh (within one refresh period, three times
///   over within the TTL) before anyone may take a new one. So a code is never
///   given to a second room because Redis lost the first one's claim.
/// - **refresh** extends our claim; puts it back if it is missing (Redis lost
///   it) or held by a dead server; and leaves it if a live server holds it
///   (lost: it expired while we could not reach Redis, and someone took it).
///   A plain `SET XX PX` would take over a live server's claim.
/// - **release** deletes a claim only while it is still ours.
/// - **find** gives a claim's holder and the holder's record in one round trip.
///
/// Scripts touch a holder's record by a key built from its id, not given in
/// KEYS: fine on one Redis (what the directory runs on), not on Redis Cluster.
enum DirectoryScripts {
    static let register = """
        redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
        if redis.call('SET', KEYS[2], '1', 'NX') then
          redis.call('SET', KEYS[3], '1', 'PX', ARGV[2])
          return 1
        end
        return 0
        """

    static let claim = """
        local holder = redis.call('GET', KEYS[1])
        if holder and holder ~= ARGV[1] then
          local record = redis.call('GET', ARGV[3] .. holder)
          if record then return {'taken', holder, record} end
        end
        if redis.call('EXISTS', KEYS[2]) == 0 then return {'settling', tonumber(ARGV[2])} end
        local wait = redis.call('PTTL', KEYS[3])
        if wait > 0 then return {'settling', wait} end
        redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
        return {'claimed'}
        """

    static let refresh = """
        local holder = redis.call('GET', KEYS[1])
        if holder == ARGV[1] then
          redis.call('PEXPIRE', KEYS[1], ARGV[2])
          return 1
        end
        if holder and redis.call('EXISTS', ARGV[3] .. holder) == 1 then return 0 end
        redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
        return 2
        """

    static let release = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end"

    static let find = """
        local holder = redis.call('GET', KEYS[1])
        if not holder then return {} end
        local record = redis.call('GET', ARGV[1] .. holder)
        if not record then return {holder} end
        return {holder, record}
        """

    static func register(serverKey: String, record: [UInt8], milliseconds: Int) -> RedisCommand {
        eval(register, keys: [serverKey, FleetKeys.epoch, FleetKeys.settling], arguments: [record, bytes(milliseconds)])
    }

    static func claim(_ key: String, for id: String, milliseconds: Int) -> RedisCommand {
        eval(claim, keys: [key, FleetKeys.epoch, FleetKeys.settling],
             arguments: [Array(id.utf8), bytes(milliseconds), Array(FleetKeys.serverPrefix.utf8)])
    }

    static func refresh(_ key: String, for id: String, milliseconds: Int) -> RedisCommand {
        eval(refresh, keys: [key], arguments: [Array(id.utf8), bytes(milliseconds), Array(FleetKeys.serverPrefix.utf8)])
    }

    static func release(_ key: String, ifOwnedBy id: String) -> RedisCommand {
        eval(release, keys: [key], arguments: [Array(id.utf8)])
    }

    static func find(_ key: String) -> RedisCommand {
        eval(find, keys: [key], arguments: [Array(FleetKeys.serverPrefix.utf8)])
    }

    private static func eval(_ script: String, keys: [String], arguments: [[UInt8]]) -> RedisCommand {
        RedisCommand(bytes: [Array("EVAL".utf8), Array(script.utf8), bytes(keys.count)] + keys.map { Array($0.utf8) } + arguments)
    }

    private static func bytes(_ number: Int) -> [UInt8] { Array(String(number).utf8) }
}
