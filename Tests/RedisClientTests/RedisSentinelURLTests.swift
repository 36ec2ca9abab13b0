import Testing
import RedisClient

/// `redis-sentinel://[USER@]HOST:PORT[,HOST:PORT…]/MASTER[/DB]`: what is taken, and each refusal named without quoting the text.
@Suite struct RedisSentinelURLTests {
    static func address(_ host: String, _ port: UInt16) -> RedisAddress { RedisAddress(host: host, port: port) }

    @Test func takesSentinelsAMasterAUserAndADatabase() {
        let three = [Self.address("10.0.0.5", 26379), Self.address("10.0.0.6", 26379), Self.address("::1", 26380)]
        #expect(RedisURL("redis-sentinel://wordgame@10.0.0.5:26379,10.0.0.6:26379,[::1]:26380/school/2")
                == RedisURL(sentinels: three, masterName: "school", user: "wordgame", database: 2))
        #expect(RedisURL("redis-sentinel://s.lan:1/m") == RedisURL(sentinels: [Self.address("s.lan", 1)], masterName: "m"))
        #expect(RedisURL("redis-sentinel://a:1/my-master.1_x/0")?.database == 0)
        let text = "redis-sentinel://wordgame@10.0.0.5:26379,[::1]:26380/school/2"
        #expect(RedisURL(text)?.description == text)
        #expect(RedisURL("redis-sentinel://a:1/m/0")?.description == "redis-sentinel://a:1/m")
    }

    @Test func takesUpToNineSentinels() {
        let nine = (1...9).map { "h\($0):26379" }.joined(separator: ",")
        guard case .sentinels(let sentinels, _)? = RedisURL("redis-sentinel://\(nine)/m")?.servers else {
            Issue.record("nine sentinels refused")
            return
        }
        #expect(sentinels.count == 9 && RedisURL.maxSentinels == 9)
        #expect(RedisURL.parse("redis-sentinel://\(nine),h10:26379/m") == .failure(.sentinel("at most 9 sentinels may be given")))
    }

    @Test(arguments: [
        ("redis-sentinel://a:1", "the master's name is missing: /MASTER follows the sentinels"),
        ("redis-sentinel://a:1/", "the master's name must be 1 to 64 letters, digits, '-', '_' or '.'"),
        ("redis-sentinel://a:1/sécret", "the master's name must be 1 to 64 letters, digits, '-', '_' or '.'"),
        ("redis-sentinel://a:1/" + String(repeating: "m", count: 65), "the master's name must be 1 to 64 letters, digits, '-', '_' or '.'"),
        ("redis-sentinel://a:1/m/", "the database must be a number from 0 to 65535"),
        ("redis-sentinel://a:1/m/65536", "the database must be a number from 0 to 65535"),
        ("redis-sentinel://a:1/m/-1", "the database must be a number from 0 to 65535"),
        ("redis-sentinel://a:1/m/1/2", "only /MASTER and /DB may follow the sentinels"),
        ("redis-sentinel://a:1/m?db=1", "the master's name must be 1 to 64 letters, digits, '-', '_' or '.'"),
        ("redis-sentinel:///m", "sentinel 1 is not HOST:PORT (PORT 1 to 65535; an IPv6 address in brackets)"),
        ("redis-sentinel://a:1,,b:2/m", "sentinel 2 is not HOST:PORT (PORT 1 to 65535; an IPv6 address in brackets)"),
        ("redis-sentinel://a:1,b:65536/m", "sentinel 2 is not HOST:PORT (PORT 1 to 65535; an IPv6 address in brackets)"),
        ("redis-sentinel://a:1,b:0/m", "sentinel 2 is not HOST:PORT (PORT 1 to 65535; an IPv6 address in brackets)"),
        ("redis-sentinel://a:1,b/m", "sentinel 2 is not HOST:PORT (PORT 1 to 65535; an IPv6 address in brackets)"),
        ("redis-sentinel://a:1,::1:2/m", "sentinel 2 is not HOST:PORT (PORT 1 to 65535; an IPv6 address in brackets)"),
        ("redis-sentinel://a:1,a:1/m", "sentinel 2 is given twice"),
        ("redis-sentinel://a b@a:1/m", "the user before '@' must be 1 to 64 letters, digits, '-', '_' or '.'"),
    ])
    func refusesWithTheProblemNamed(text: String, problem: String) {
        #expect(RedisURL.parse(text) == .failure(.sentinel(problem)), "\(text)")
    }

    @Test func aPasswordIsRefusedAndNeverQuoted() {
        #expect(RedisURL.parse("redis-sentinel://wordgame:secret-9@a:1/m") == .failure(.passwordInURL))
        #expect(RedisURL.parse("redis-sentinel://:secret-9@a:1,b:2/m") == .failure(.passwordInURL))
        // A password typed where the master's name goes is refused without being repeated.
        guard case .failure(.sentinel(let problem)) = RedisURL.parse("redis-sentinel://a:1/m/secret-9") else {
            Issue.record("taken")
            return
        }
        #expect(!problem.contains("secret-9"))
    }

    @Test func theOtherSchemesAreUntouched() {
        #expect(RedisURL("redis-sentinel:/a:1/m") == nil)
        #expect(RedisURL("redis+sentinel://a:1/m") == nil)
        #expect(RedisURL.parse("redis://a:1,b:2") == .failure(.malformed))
        #expect(RedisURL("redis://a:1")?.servers == .direct(Self.address("a", 1)))
    }
}
