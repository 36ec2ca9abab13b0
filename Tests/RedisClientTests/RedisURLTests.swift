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
            "redis://127.0.0.1:+80", "redis://127.0.0.1:099999", "redis://user:secret@127.0.0.1:6379", "redis://127.0.0.1:6379/0",
            "redis://127.0.0.1:6379?db=1", "redis://a b:1", "redis://::1:6379", "redis://[::1]", "redis://[]:1", "redis://-a:1",
            "redis://é.lan:1", "redis://[::1]x:1",
        ]
        for text in refused {
            #expect(RedisURL(text) == nil, "\(text)")
        }
    }
}
