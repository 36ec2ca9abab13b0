import Foundation
import Testing
import WordGameTestSupport

/// The built `wordgame-server` given a directory behind Redis Sentinel, as an operator starts it: a URL with a
/// mistake is a usage error naming it (never quoting a password); sentinels that want a password none was
/// given for, and an ACL user that may not ask ROLE, stop the server with one line each; given the password
/// (from the environment) and a user that may, the server starts.
@Suite(.serialized,
       .enabled(if: RedisServerProcess.binary != nil && RedisSentinelGroup.binary != nil,
                "redis-server or redis-sentinel is not installed: the sentinel directory's start is not tried"))
struct FleetSentinelExecutableTests {
    static let usage = "wordgame-server: --directory redis-sentinel://[USER@]HOST:PORT[,HOST:PORT...]/MASTER[/DB]: "

    @Test func aSentinelURLsMistakeIsNamedAndNeverQuoted() async throws {
        try await onOwnThread {
            for (url, problem) in [("redis-sentinel://127.0.0.1:1,127.0.0.1:1/m", "sentinel 2 is given twice"),
                                   ("redis-sentinel://127.0.0.1:1", "the master's name is missing: /MASTER follows the sentinels"),
                                   ("redis-sentinel://127.0.0.1:1/m/pw-typed-here-1", "the database must be a number from 0 to 65535")] {
                let result = try FleetLoginExecutableTests.run(["--directory", url])
                #expect(result.status == 64)
                #expect(result.stderr.hasPrefix(Self.usage + problem), "\(result.stderr)")
                #expect(!result.stderr.contains("pw-typed-here-1"))
            }
            let password = try FleetLoginExecutableTests.run(["--directory", "redis-sentinel://u:pw-in-url-2@127.0.0.1:1/m"])
            #expect(password.stderr.hasPrefix("wordgame-server: --directory takes no password"), "\(password.stderr)")
            #expect(!password.stderr.contains("pw-in-url-2"))
            let file = try FleetLoginExecutableTests.run(["--directory", "redis://127.0.0.1:1", "--sentinel-password-file", "/x"])
            #expect(file.status == 64)
            #expect(file.stderr.hasPrefix("wordgame-server: --sentinel-password-file is for a fleet whose Redis is behind Sentinel"))
        }
    }

    @Test func sentinelsThatWantAPasswordStopTheServerUntilItIsGiven() async throws {
        try await onOwnThread {
            // An ACL user that may not ask ROLE, beside the default user's password.
            let data = ["--requirepass", "admin-pw-81d0", "--user", "wordgame", "on", ">fleet-pw-5e", "~wordgame:*", "+@all", "-role"]
            let group = try RedisSentinelGroup(adminPassword: "admin-pw-81d0", dataArguments: data, sentinelPassword: "sentinel-pw-2f6a")
            let environment = ["WORDGAME_DIRECTORY_PASSWORD": "admin-pw-81d0"]
            let refused = try FleetLoginExecutableTests.run(["--directory", group.url()], environment: environment)
            #expect(refused.status == 1)
            let line = #"^wordgame-server: the sentinels of the fleet's directory \S+ refused this server \(127\.0\.0\.1:\d+: "#
                + #"NOAUTH Authentication required\.\): put their password \(requirepass\) in a file given with "#
                + #"--sentinel-password-file, or in WORDGAME_SENTINEL_PASSWORD\n$"#
            #expect(refused.stderr.range(of: line, options: .regularExpression) != nil, "\(refused.stderr)")
            #expect(refused.stderr.contains(group.url()))
            // Given the sentinels' password, the master is found; a user without ROLE is one line too.
            let both = environment.merging(["WORDGAME_SENTINEL_PASSWORD": "sentinel-pw-2f6a"]) { $1 }
            let noRole = try FleetLoginExecutableTests.run(["--directory", group.url(user: "wordgame")],
                                                           environment: both.merging(["WORDGAME_DIRECTORY_PASSWORD": "fleet-pw-5e"]) { $1 })
            #expect(noRole.status == 1)
            #expect(noRole.stderr.hasPrefix("wordgame-server: the fleet's directory \(group.url(user: "wordgame")) does not let this "
                                            + "server's user ask ROLE (ROLE: NOPERM"), "\(noRole.stderr)")
            #expect(noRole.stderr.hasSuffix("which a server behind Sentinel asks each master: give the user +role in Redis's ACL\n"))
            // As the default user, it starts; it runs until the run's time limit stops it.
            let started = try ProgramRun.run(ExecutableTests.binary, FleetLoginExecutableTests.common + ["--directory", group.url()],
                                             timeout: 5, environment: both)
            #expect(started.stdout.contains("Fleet: one of the servers whose directory is \(group.url())"), "\(started.stderr)")
            #expect(!(started.stdout + started.stderr + refused.stderr).contains("sentinel-pw-2f6a"))
        }
    }
}
