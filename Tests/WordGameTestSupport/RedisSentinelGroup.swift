import Foundation
import RedisClient
import RedisWire

/// Redis behind Sentinel for tests, on 127.0.0.1 only: a master, a replica
/// of it and three sentinels (quorum 2) watching them as `masterName`, each
/// on a free port (bound at port 0 and let go; started again on another if
/// taken meanwhile), their config files in a folder of their own, deleted
/// with it. Short times, so that a killed master is failed over in seconds:
/// `down-after-milliseconds` 1000, `failover-timeout` 3000. Every process is
/// killed when the group goes.
public final class RedisSentinelGroup: @unchecked Sendable {
    /// Debian's /usr/bin/redis-sentinel (else the first on PATH); tests that need it skip and say so without it.
    public static let binary: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = ["/usr/bin"] + path.split(separator: ":").map(String.init)
        return candidates.map { $0 + "/redis-sentinel" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    public static let masterName = "wordgame"
    public let master: RedisServerProcess
    public let replica: RedisServerProcess
    public let sentinels: [RedisServerProcess]
    /// The `default` user's password on the master and the replica (`masterauth`, the sentinels' `auth-pass`).
    public let adminPassword: String
    /// The sentinels' own `requirepass`; nil: none.
    public let sentinelPassword: String?
    private let folder: URL

    /// `dataArguments`: the master's and the replica's login (`--requirepass ADMIN` or `--aclfile PATH` whose
    /// `default` user has `adminPassword`). Waits (up to 60 s) until the replica is in sync and every sentinel
    /// knows it and the two other sentinels: a failover can happen from then on.
    /// `sentinelConfig`: a sentinel's config file for the master's port, in place of this group's own (the
    /// install README's, say); it must watch `masterName` with quorum 2.
    public init(adminPassword: String, dataArguments: [String], sentinelPassword: String? = nil,
                sentinelConfig: ((_ masterPort: UInt16) -> String)? = nil) throws {
        guard let sentinelBinary = Self.binary else {
            throw RedisServerProcess.StartFailure(description: "redis-sentinel is not installed")
        }
        self.adminPassword = adminPassword
        self.sentinelPassword = sentinelPassword
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-sentinel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A replica's full sync writes the master's data to a file: in the group's folder, not the working directory.
        let data = dataArguments + ["--masterauth", adminPassword, "--dir", folder.path]
        let master = try Self.started { try RedisServerProcess(arguments: data) }
        replica = try Self.started { try RedisServerProcess(arguments: data + ["--replicaof", "127.0.0.1", "\(master.port)"]) }
        self.master = master
        var sentinels: [RedisServerProcess] = []
        for index in 0..<3 {
            let file = folder.appendingPathComponent("sentinel-\(index).conf").path
            let config = sentinelConfig?(master.port)
                ?? Self.sentinelConfig(masterPort: master.port, adminPassword: adminPassword, password: sentinelPassword)
            try config.write(toFile: file, atomically: true, encoding: .utf8)
            sentinels.append(try Self.started { try RedisServerProcess(configFile: file, binary: sentinelBinary) })
        }
        self.sentinels = sentinels
        try waitUntilReady()
    }

    deinit {
        for process in sentinels + [replica, master] { process.kill() }
        try? FileManager.default.removeItem(at: folder)
    }

    /// `redis-sentinel://[USER@]127.0.0.1:A,127.0.0.1:B,127.0.0.1:C/wordgame[/DB]`.
    public func url(user: String? = nil, database: Int = 0) -> String {
        "redis-sentinel://" + (user.map { $0 + "@" } ?? "") + sentinels.map { "127.0.0.1:\($0.port)" }.joined(separator: ",")
            + "/\(Self.masterName)" + (database == 0 ? "" : "/\(database)")
    }

    /// The master's port as the first sentinel that answers says now (nil if none does).
    public func masterPort() -> UInt16? {
        for sentinel in sentinels {
            let reply = try? sentinelClient(sentinel).send(RedisCommand(["SENTINEL", "get-master-addr-by-name", Self.masterName]))
            if case .array(let fields?)? = reply, fields.count == 2, let port = fields[1].text.flatMap(UInt16.init) { return port }
        }
        return nil
    }

    /// A client of one data Redis (the master or the replica) as its `default` user.
    public func adminClient(port: UInt16) -> RedisClient {
        RedisClient(url: RedisURL(host: "127.0.0.1", port: port),
                    options: RedisClientOptions(replyTimeoutMilliseconds: 3_000, password: RedisPassword(adminPassword)))
    }

    private func sentinelClient(_ sentinel: RedisServerProcess) -> RedisClient {
        RedisClient(url: RedisURL(host: "127.0.0.1", port: sentinel.port),
                    options: RedisClientOptions(replyTimeoutMilliseconds: 3_000, password: sentinelPassword.flatMap(RedisPassword.init)))
    }

    static func sentinelConfig(masterPort: UInt16, adminPassword: String, password: String?) -> String {
        let name = masterName
        var lines = ["sentinel monitor \(name) 127.0.0.1 \(masterPort) 2", "sentinel down-after-milliseconds \(name) 1000",
                     "sentinel failover-timeout \(name) 3000", "sentinel parallel-syncs \(name) 1",
                     "sentinel auth-pass \(name) \(adminPassword)"]
        if let password { lines += ["requirepass \(password)", "sentinel sentinel-pass \(password)"] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A process started on a free port, again on another if the port was taken between the look and the start.
    static func started(_ start: () throws -> RedisServerProcess) throws -> RedisServerProcess {
        var failure: Error?
        for _ in 0..<5 {
            do { return try start() } catch { failure = error }
        }
        throw failure!
    }

    private func waitUntilReady() throws {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if isReady() { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw RedisServerProcess.StartFailure(description: "the sentinels did not come to know the replica and each other within 60 s")
    }

    private func isReady() -> Bool {
        guard let info = try? adminClient(port: replica.port).send(RedisCommand(["INFO", "replication"])),
              case .bulk(let text?) = info, String(decoding: text, as: UTF8.self).contains("master_link_status:up") else { return false }
        return sentinels.allSatisfy { sentinel in
            let client = sentinelClient(sentinel)
            let replicas = try? client.send(RedisCommand(["SENTINEL", "replicas", Self.masterName]))
            let others = try? client.send(RedisCommand(["SENTINEL", "sentinels", Self.masterName]))
            guard case .array(let known?)? = replicas, known.count == 1, case .array(let peers?)? = others, peers.count == 2 else {
                return false
            }
            return Self.flags(known[0]).map { !$0.contains("disconnected") && !$0.contains("s_down") } ?? false
        }
    }

    /// The `flags` field of one of `SENTINEL replicas`' entries (a flat list of names and values).
    static func flags(_ entry: RedisValue) -> String? {
        guard case .array(let fields?) = entry else { return nil }
        let texts = fields.map { $0.text ?? "" }
        guard let at = texts.firstIndex(of: "flags"), at + 1 < texts.count else { return nil }
        return texts[at + 1]
    }
}
