import RedisWire

/// The two checks that must be atomic in Redis, as tiny Lua scripts: a code is
/// refreshed or deleted only while its value is still our id. A plain
/// `SET XX PX` refresh would take over a code that had expired and been
/// claimed by another server meanwhile; a GET then DEL could delete the new
/// owner's claim between the two.
enum DirectoryScripts {
    static let refreshIfOurs = "if redis.call('GET', KEYS[1]) == ARGV[1] then "
        + "return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end"
    static let deleteIfOurs = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end"

    static func refresh(_ key: String, ifOwnedBy id: String, milliseconds: Int) -> RedisCommand {
        RedisCommand(["EVAL", refreshIfOurs, "1", key, id, String(milliseconds)])
    }

    static func delete(_ key: String, ifOwnedBy id: String) -> RedisCommand {
        RedisCommand(["EVAL", deleteIfOurs, "1", key, id])
    }
}
