import Foundation
import RedisClient
import RedisWire
import WordGame
import WordGameFleet
import WordGameProtocol
import WordGameServer
import WordGameTestSupport

/// A fleet on this machine: a real redis-server on 127.0.0.1 and a free port,
/// and servers in this process sharing it as their directory, each on a
/// free port. The directory's TTL is short, so that waits on it are short.
final class TestFleet {
    static let timings = FleetTimings(ttlMilliseconds: 1_500, refreshMilliseconds: 500)
    let redis: RedisServerProcess
    private(set) var servers: [TestServer] = []

    /// `timings`: a longer TTL for a test whose servers are busy enough, on a loaded machine, to miss a short one's
    /// refresh (then the other server rightly takes a silent one for dead, and its codes with it).
    init(servers count: Int, rules: Rules = Rules(roundMilliseconds: 2_000), hostedOnly: Bool = false,
         timings: FleetTimings = TestFleet.timings) throws {
        redis = try RedisServerProcess()
        for index in 0..<count {
            let fleet = Self.configuration(id: "s\(index)", redisPort: redis.port, timings: timings)
            servers.append(try TestServer(rules: rules, hostedOnly: hostedOnly, fleet: fleet))
        }
    }

    static func configuration(id: String, redisPort: UInt16, timings: FleetTimings = TestFleet.timings) -> FleetConfiguration {
        // Limits a loaded machine meets with room to spare; a killed Redis is still seen at once, as a refused connection.
        FleetConfiguration(directory: RedisURL(host: "127.0.0.1", port: redisPort), serverID: id, advertisedHost: "127.0.0.1",
                           timings: timings,
                           client: RedisClientOptions(connectTimeoutMilliseconds: 2_000, replyTimeoutMilliseconds: 3_000,
                                                      backoff: ReconnectBackoff(initialMilliseconds: 50, maxMilliseconds: 200)))
    }

    subscript(index: Int) -> TestServer { servers[index] }

    /// Who holds `key` in the directory now (a raw GET), nil if nobody.
    func holder(of key: String) throws -> String? {
        try Self.holder(of: key, in: "redis://127.0.0.1:\(redis.port)")
    }

    static func holder(of key: String, in url: String) throws -> String? {
        let client = RedisClient(url: RedisURL(url)!)
        return try client.get(key).map { String(decoding: $0, as: UTF8.self) }
    }
}

extension TestClient {
    /// Reads the greeting, then switches to machine mode: a client that connected by itself, as one following MOVED does.
    func machineModeAfterGreeting() throws {
        guard case .welcome = try next() else { throw TestFailure(description: "\(label): no greeting") }
        try machineMode()
    }

    /// Reads until `MOVED` (returning where to, and reading its `ERROR moved`) or `until` matches (nil).
    func moved(orUntil done: (ServerMessage) -> Bool, timeout: Double = 10) throws -> Elsewhere? {
        let message = try waitFor(timeout: timeout) { message in
            if case .moved = message { return true }
            return done(message)
        }
        guard case .moved(let place) = message else { return nil }
        let error = try waitForError()
        guard error.code == .moved else { throw TestFailure(description: "MOVED followed by \(error), not ERROR moved") }
        return place
    }
}
