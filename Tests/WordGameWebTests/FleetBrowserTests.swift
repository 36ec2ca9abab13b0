import Foundation
import RedisClient
import Testing
import WordGame
import WordGameFleet
import WordGameServer
import WordGameTestSupport

/// Servers of one fleet in this process, sharing a real redis-server, all on
/// 127.0.0.1 and free ports: what the pages meet when a school runs several.
/// A TTL of 1.5 s, so that a fresh directory settles within the test (a first
/// HOST waits that long by itself).
final class FleetOfServers {
    let redis: RedisServerProcess
    let servers: [WebServer]

    /// One server per id; those in `webless` have no web port (MOVED then says `""` for it).
    init(_ ids: [String], webless: Set<String> = [], rules: Rules = Rules(roundMilliseconds: 3_000, pairCount: 5)) throws {
        let redis = try RedisServerProcess()
        self.redis = redis
        servers = try ids.map { id in
            let fleet = FleetConfiguration(directory: RedisURL(host: "127.0.0.1", port: redis.port), serverID: id,
                                           advertisedHost: "127.0.0.1",
                                           timings: FleetTimings(ttlMilliseconds: 1_500, refreshMilliseconds: 500))
            return try WebServer(rules: rules, web: !webless.contains(id), fleet: fleet)
        }
    }

    /// The scripts' arguments: each server's web address ("-" without a web port) and game port, in order.
    var arguments: [String] {
        servers.flatMap { [$0.server.webPort == nil ? "-" : $0.baseURL, String($0.port)] }
    }

    /// Opens a room with HOST over TCP, as a teacher at a terminal does; its code, upper case, and the host's lines.
    func host(on index: Int) throws -> (code: String, socket: RawSocket) {
        let socket = try RawSocket(port: servers[index].port)
        socket.send(Array("MODE MACHINE\nHOST\n".utf8))
        var lines = TCPLines(socket: socket)
        // A fresh directory takes no claim for its TTL: the first HOST waits that long by itself.
        let ok = try lines.waitFor("OK HOST ", timeout: 10)
        let code = ok.split(separator: " ")[2].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).uppercased()
        return (code, socket)
    }
}

/// The pages on a fleet of servers (Protocol.md §4 "A fleet of servers", §11
/// Pages): a page whose room or seat is on another server goes to that
/// server's page and joins, hosts, watches or takes the seat back there by
/// itself; a directory out of reach is said, and the page stays usable.
extension BrowserTests {
    static let redisMissingForFleet = "redis-server is not installed: the pages on a fleet of servers are not tested (skipped)"

    /// Runs a case's script with `arguments`, in browser/, and checks its PASS line.
    func runFleetCase(_ name: String, _ arguments: [String], timeout: Double, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> ProgramRun {
        let run = try BrowserTools.runScript("\(name).py", arguments, timeout: timeout)
        BrowserTools.expectPassed(run, name, sourceLocation: sourceLocation)
        return run
    }

    /// A student who opens server B's page with the code of a room on A ends on A's page, in the room, and plays
    /// a pair A judges; a seat taken back through B (a school address in front of both) goes back to A; after
    /// three servers in a row, or to a server without a web port, the page shows the server's words instead.
    @Test(.enabled(if: RedisServerProcess.binary != nil, "\(redisMissingForFleet)"),
          .enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func aStudentSentOnByMOVEDJoinsTheRoomOnItsServer() async throws {
        try await onBrowserTurn(seconds: 14) {
            let fleet = try FleetOfServers(["a", "b", "c"], webless: ["c"], rules: Rules(roundMilliseconds: 10_000, pairCount: 3))
            let run = try runFleetCase("fleet_student", fleet.arguments, timeout: 240)
            #expect(run.stdout.contains("ok: the host on A hears ARRIVED \"Ana\""))
            #expect(run.stdout.contains("ok: A judged the page's answer to pair 1"))
            #expect(run.stdout.contains("ok: the seat came back on A: the host hears Lea is back, not a newcomer"))
            #expect(run.stdout.contains("ok: after 3 servers in a row the page stops and shows the server's words"))
            #expect(run.stdout.contains("ok: no web port there: the page shows where to go"))
        }
    }

    /// A teacher's page whose room is on A, refreshed through B (one address in front of both), takes the room back
    /// on A's page, the key kept in A's storage; a /watch of it on B goes to A's /watch.
    @Test(.enabled(if: RedisServerProcess.binary != nil, "\(redisMissingForFleet)"),
          .enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func aTeachersPageAndAWatchPageGoToTheServerOfTheirRoom() async throws {
        try await onBrowserTurn(seconds: 4) {
            let fleet = try FleetOfServers(["a", "b"])
            let run = try runFleetCase("fleet_host", fleet.arguments, timeout: 180)
            #expect(run.stdout.contains("ok: the page hosts the room on A again: the student hears the host is back"))
            #expect(run.stdout.contains("ok: A's storage keeps the room's key"))
            #expect(run.stdout.contains("ok: the watch page went to A's /watch"))
        }
    }

    /// A teacher at a server that drains (a game still on there) is sent on: her page goes to the other server's
    /// /host and opens the room there by itself, under the name she typed.
    @Test(.enabled(if: RedisServerProcess.binary != nil, "\(redisMissingForFleet)"),
          .enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func aTeacherAtADrainingServerGetsHerRoomOnAnother() async throws {
        try await onBrowserTurn(seconds: 4) {
            // Pairs of 30 s: the game on A keeps its drain going for the case's length.
            let fleet = try FleetOfServers(["a", "b"], rules: Rules(roundMilliseconds: 30_000, pairCount: 3))
            let onA = try fleet.host(on: 0)
            let student = try RawSocket(port: fleet.servers[0].port)
            student.send(Array("MODE MACHINE\nNAME Ana\nJOIN \(onA.code)\n".utf8))
            var lines = TCPLines(socket: student)
            _ = try lines.waitFor("OK JOIN ", timeout: 10)
            onA.socket.send(Array("START\n".utf8))
            _ = try lines.waitFor("ROUND ", timeout: 20)
            fleet.servers[0].server.drain()
            let run = try runFleetCase("fleet_drain", fleet.arguments, timeout: 120)
            #expect(run.stdout.contains("ok: the room is B's: a student at B joins it there"))
            #expect(run.stdout.contains("ok: the room is opened under the name the teacher typed on A"))
            withExtendedLifetime((onA, student)) {}
        }
    }

    /// Redis killed: a JOIN on B of a room on A says the directory cannot be reached, and the page stays usable
    /// (a room on B still joins); a teacher's new room is asked for again by itself, and opens once Redis is back.
    @Test(.enabled(if: RedisServerProcess.binary != nil, "\(redisMissingForFleet)"),
          .enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func directoryDownIsSaidAndThePagesStayUsable() async throws {
        try await onBrowserTurn(seconds: 19) {
            let fleet = try FleetOfServers(["a", "b"])
            let onA = try fleet.host(on: 0)
            let onB = try fleet.host(on: 1)
            fleet.redis.kill()
            let roomsAndRedis = [onA.code, onB.code, String(fleet.redis.port)]
            let run = try runFleetCase("fleet_directory_down", fleet.arguments + roomsAndRedis, timeout: 180)
            #expect(run.stdout.contains("ok: the join form says the directory cannot be reached"))
            #expect(run.stdout.contains("ok: the page stays usable: it joins a room on its own server"))
            #expect(run.stdout.contains("ok: the teacher's page tries again by itself"))
            #expect(run.stdout.contains("ok: once Redis is back, the room opens by itself"))
            withExtendedLifetime((onA, onB)) {}
        }
    }
}
