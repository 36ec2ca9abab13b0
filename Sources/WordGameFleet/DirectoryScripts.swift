import RedisWire

/// What must be atomic in Redis, as small Lua scripts (one round trip each,
/// and no other client's command between their steps).
///
/// Why each exists:
/// - **register** writes the server's record and its time in the fleet's
///   list of servers and, if Redis has no epoch (it is new, or restarted
///   empty, or flushed), starts one, with `settling` set for one TTL.
/// - **claim** takes a room for a new room. A claim held by a live server is
///   reported with that server's record at once (the room is there, settling
///   or not). So is a room remembered as another live server's (`was`)
///   whose claim has lapsed: a killed server's claims and record expire a
///   moment apart, and its code must not be drawn in between. Otherwise it
///   refuses while the directory settles: a Redis that came back empty has
///   forgotten every live room, and each live server puts its own back at
///   its next refresh (within one refresh period, three times over within
///   the TTL) before anyone may take a new one. So a code is never given to
///   a second room because Redis lost the first one's claim. Settled, a room
///   remembered as a server's that is not alive is gone: refused, so that
///   its code means that room until the gone memory ends, and those who
///   type it are told its server stopped. The same server may take it back
///   (a server restarted with its rooms, keeping its id), and a name `JOIN`
///   makes may be taken over (a meeting place, not a teacher's room:
///   `replacingGone`).
/// - **refresh** extends our claim; puts it back if it is missing (Redis lost
///   it) or held by a dead server; and leaves it if a live server holds it,
///   or is remembered as its (lost: it expired while we could not reach
///   Redis, and someone took it). A plain `SET XX PX` would take over a live
///   server's claim. Kept or put back, the room is remembered as ours for
///   the gone memory from now: a server that dies is remembered for that
///   long after it last answered.
/// - **release** deletes a claim, and the memory of it, only while ours: a
///   room given up is free, not gone.
/// - **find** gives a claim's holder and the holder's record in one round
///   trip; with no live claim, the remembered server if it is alive (as
///   claim does), or that the room is gone. While the directory settles, a
///   server that has put its room back may not have written its record yet,
///   so gone waits for the directory to settle (`settling`: the hub asks
///   again), in claim as in find.
/// - **look** reads which of the fleet's servers are alive (their record is
///   there) and which are silent, the most recently seen `lookLimit` of
///   them, and forgets ids silent for longer than the gone memory.
/// - **pick** finds where a teacher's new room goes when this server drains:
///   of the servers alive (the most recently seen `lookLimit`), not this one
///   and not draining, the one whose record gives the least load, with its
///   record, in one round trip; or none.
///
/// Times come from Redis's own clock (`TIME`), so every server of the fleet
/// reads the same one. Scripts touch a holder's record by a key built from
/// its id, not given in KEYS: fine on one Redis (what the directory runs
/// on), not on Redis Cluster.
enum DirectoryScripts {
    /// The most servers one look reports: a school's fleet is a few, and a reply stays far below the
    /// client's 1,024 elements. Past it, the most recently seen are watched.
    static let lookLimit = 256

    /// `now`: Redis's time in whole milliseconds, written as digits (`%d`: no exponent).
    private static let now = """
        local time = redis.call('TIME')
        local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
        """

    static let register = now + """

        redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
        redis.call('ZADD', KEYS[4], string.format('%d', now), ARGV[3])
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
        local was = redis.call('GET', KEYS[4])
        local other = was and was ~= ARGV[1] and holder ~= ARGV[1]
        if other then
          local record = redis.call('GET', ARGV[3] .. was)
          if record then return {'taken', was, record} end
        end
        if redis.call('EXISTS', KEYS[2]) == 0 then return {'settling', tonumber(ARGV[2])} end
        local wait = redis.call('PTTL', KEYS[3])
        if wait > 0 then return {'settling', wait} end
        if other and ARGV[5] ~= '1' then return {'gone', was} end
        redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
        redis.call('SET', KEYS[4], ARGV[1], 'PX', ARGV[4])
        return {'claimed'}
        """

    static let refresh = """
        local holder = redis.call('GET', KEYS[1])
        if holder == ARGV[1] then
          redis.call('PEXPIRE', KEYS[1], ARGV[2])
          redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[4])
          return 1
        end
        local other = holder or redis.call('GET', KEYS[2])
        if other and other ~= ARGV[1] and redis.call('EXISTS', ARGV[3] .. other) == 1 then return 0 end
        redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
        redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[4])
        return 2
        """

    static let release = """
        local released = 0
        if redis.call('GET', KEYS[1]) == ARGV[1] then released = redis.call('DEL', KEYS[1]) end
        if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
        return released
        """

    static let find = """
        local holder = redis.call('GET', KEYS[1])
        if holder then
          local record = redis.call('GET', ARGV[1] .. holder)
          if record then return {'owner', holder, record} end
        end
        local was = redis.call('GET', KEYS[2])
        if not was then return {'none'} end
        local record = redis.call('GET', ARGV[1] .. was)
        if record then return {'owner', was, record} end
        local wait = redis.call('PTTL', KEYS[3])
        if wait > 0 then return {'settling', wait} end
        return {'gone', was}
        """

    static let look = now + """

        redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. string.format('%d', now - tonumber(ARGV[2])))
        local alive, silent = {}, {}
        for _, id in ipairs(redis.call('ZREVRANGE', KEYS[1], 0, tonumber(ARGV[3]) - 1)) do
          if redis.call('EXISTS', ARGV[1] .. id) == 1 then alive[#alive + 1] = id else silent[#silent + 1] = id end
        end
        return {alive, silent}
        """

    static let pick = """
        local best, bestRecord, bestLoad
        for _, id in ipairs(redis.call('ZREVRANGE', KEYS[1], 0, tonumber(ARGV[3]) - 1)) do
          if id ~= ARGV[2] and redis.call('EXISTS', ARGV[4] .. id) == 0 then
            local record = redis.call('GET', ARGV[1] .. id)
            local load = record and tonumber(string.match(record, ' (%d+)$'))
            if load and (not bestLoad or load < bestLoad) then best, bestRecord, bestLoad = id, record, load end
          end
        end
        if best then return {'owner', best, bestRecord} end
        return {'none'}
        """

    static func register(_ id: String, serverKey: String, record: [UInt8], milliseconds: Int) -> RedisCommand {
        eval(register, keys: [serverKey, FleetKeys.epoch, FleetKeys.settling, FleetKeys.servers],
             arguments: [record, bytes(milliseconds), Array(id.utf8)])
    }

    static func claim(_ key: String, for id: String, milliseconds: Int, goneMilliseconds: Int, replacingGone: Bool) -> RedisCommand {
        eval(claim, keys: [key, FleetKeys.epoch, FleetKeys.settling, FleetKeys.was(key)],
             arguments: [Array(id.utf8), bytes(milliseconds), Array(FleetKeys.serverPrefix.utf8), bytes(goneMilliseconds),
                         bytes(replacingGone ? 1 : 0)])
    }

    static func refresh(_ key: String, for id: String, milliseconds: Int, goneMilliseconds: Int) -> RedisCommand {
        eval(refresh, keys: [key, FleetKeys.was(key)],
             arguments: [Array(id.utf8), bytes(milliseconds), Array(FleetKeys.serverPrefix.utf8), bytes(goneMilliseconds)])
    }

    static func release(_ key: String, ifOwnedBy id: String) -> RedisCommand {
        eval(release, keys: [key, FleetKeys.was(key)], arguments: [Array(id.utf8)])
    }

    static func find(_ key: String) -> RedisCommand {
        eval(find, keys: [key, FleetKeys.was(key), FleetKeys.settling], arguments: [Array(FleetKeys.serverPrefix.utf8)])
    }

    static func look(goneMilliseconds: Int) -> RedisCommand {
        eval(look, keys: [FleetKeys.servers],
             arguments: [Array(FleetKeys.serverPrefix.utf8), bytes(goneMilliseconds), bytes(lookLimit)])
    }

    static func pick(excluding id: String) -> RedisCommand {
        eval(pick, keys: [FleetKeys.servers],
             arguments: [Array(FleetKeys.serverPrefix.utf8), Array(id.utf8), bytes(lookLimit), Array(FleetKeys.drainingPrefix.utf8)])
    }

    /// Takes `id` off the fleet's list: a server that stops cleanly is not one that vanished.
    static func leave(_ id: String) -> RedisCommand {
        RedisCommand(bytes: [Array("ZREM".utf8), Array(FleetKeys.servers.utf8), Array(id.utf8)])
    }

    private static func eval(_ script: String, keys: [String], arguments: [[UInt8]]) -> RedisCommand {
        RedisCommand(bytes: [Array("EVAL".utf8), Array(script.utf8), bytes(keys.count)] + keys.map { Array($0.utf8) } + arguments)
    }

    private static func bytes(_ number: Int) -> [UInt8] { Array(String(number).utf8) }
}
