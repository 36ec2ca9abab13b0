import Testing
import RedisClient

@Suite struct RedisURLTests {
    @Test func acceptsHostAndPortOnly() {
        #expect(RedisURL("redis://127.0.0.1:6379") == RedisURL(host: "127.0.0.1", port: 6379))
        #expect(RedisURL("redis://redis.school.lan:1") == RedisURL(host: "redis.school.lan", port: 1))
        #expect(RedisURL("redis://[::1]:65535") == RedisURL(host: "::1", port: 65_535))
        #expect(RedisURL("redis://[::1]:6379")?.description == "redis://[::1]:6379")
    }

    @Test func refusesAnythingElse() {
        let refused = [
            "", "redis://", "127.0.0.1:6379", "http://127.0.0.1:6379", "rediss://127.0.0.1:6379", "REDIS://a:1",
            "redis://127.0.0.1", "redis://127.0.0.1:", "redis://:6379", "redis://127.0.0.1:0", "redis://127.0.0.1:65536",
            "redis://127.0.0.1:+80", "redis://127.0.0.1:099999", "redis://user:secret@127.0.0.1:6379", "redis://127.0.0.1:6379/",
            "redis://127.0.0.1:6379?db=1", "redis://127.0.0.1:6379/65536", "redis://127.0.0.1:6379/-1", "redis://127.0.0.1:6379/1/2",
            "redis://@127.0.0.1:6379", "redis://a b@127.0.0.1:6379", "redis://u@v@127.0.0.1:6379",
            "redis://a b:1", "redis://::1:6379", "redis://[::1]", "redis://[]:1", "redis://-a:1",
            "redis://é.lan:1", "redis://[::1]x:1",
        ]
        for text in refused {
            #expect(RedisURL(text) == nil, "\(text)")
        }
    }

    @Test func takesAUserAndADatabaseNumber() {
        #expect(RedisURL("redis://wordgame@10.0.0.5:6379/2") == RedisURL(host: "10.0.0.5", port: 6379, user: "wordgame", database: 2))
        #expect(RedisURL("redis://10.0.0.5:6379/0") == RedisURL(host: "10.0.0.5", port: 6379))
        #expect(RedisURL("redis://[::1]:6379/65535")?.database == 65_535)
        #expect(RedisURL("redis://wordgame@[::1]:6379/3")?.description == "redis://wordgame@[::1]:6379/3")
        #expect(RedisURL("redis://10.0.0.5:6379/0")?.description == "redis://10.0.0.5:6379")
    }

    @Test func aPasswordInTheURLIsItsOwnRefusal() {
        #expect(RedisURL.parse("redis://wordgame:secret@10.0.0.5:6379") == .failure(.passwordInURL))
        #expect(RedisURL.parse("redis://:secret@10.0.0.5:6379") == .failure(.passwordInURL))
        #expect(RedisURL.parse("redis://10.0.0.5") == .failure(.malformed))
    }
}
