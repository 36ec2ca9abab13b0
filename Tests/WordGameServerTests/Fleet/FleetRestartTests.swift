import Foundation
import Glibc
import Testing
import WordGame
import WordGameProtocol
import WordGameTestSupport

/// A server of a fleet killed mid-game and started again with its lesson (`--state`), beside another server,
/// sharing a real redis-server on 127.0.0.1: it takes its own id back, and with it its room, in the fleet's
/// directory too, and the class comes back to it, some through the other server.
@Suite(.serialized,
       .enabled(if: RedisServerProcess.binary != nil, "redis-server is not installed: the fleet's restart is not tried"))
struct FleetRestartTests {
    static func connect(_ port: UInt16, _ label: String) throws -> TestClient {
        let client = try TestClient(port: port, label: label)
        try client.machineModeAfterGreeting()
        return client
    }

    /// A built server's options as a member of the fleet on that Redis, with `RestartOverTheWireTests.game`'s rules. A TTL
    /// a loaded machine keeps: a restart comes back within it, as a server restarted by systemd does.
    static func arguments(redisPort: UInt16) -> [String] {
        ["--directory", "redis://127.0.0.1:\(redisPort)", "--directory-ttl-ms", "6000", "--advertise", "127.0.0.1"]
            + RestartOverTheWireTests.game
    }

    /// The id the banner's fleet line gives: `…, as <id>; players of the others …`.
    static func serverID(in banner: String) -> String? {
        guard let range = banner.range(of: #", as [^;]+;"#, options: .regularExpression) else { return nil }
        return String(banner[range].dropFirst(5).dropLast())
    }

    @Test func aKilledServerStartedAgainHasItsRoomBackInTheFleetAndTheGameGoesOn() async throws {
        try await onOwnThread {
            let redis = try RedisServerProcess()
            let place = try RestartOverTheWireTests.Place()
            let fleet = Self.arguments(redisPort: redis.port)
            let port = RedisServerProcess.freePort()
            // No --server-id: the id is made up at start, and the lesson brings it back.
            let a = try ServerChild(fleet, port: port, state: place.state)
            let b = try ServerChild(fleet + ["--server-id", "b"])
            let id = try #require(Self.serverID(in: a.banner))

            let lesson = try RestartOverTheWireTests.lessonAtPairTwo(port: port)
            let (room, key, ana, bo) = (lesson.room, lesson.key, lesson.ana, lesson.bo)
            try RestartOverTheWireTests.waitForSave(place.lessonFile(port: port), holding: "\"roundsPlayed\":1")
            let codes = [try #require(ana.token), try #require(bo.token)]
            a.kill()

            let again = try ServerChild(fleet, port: port, state: place.state)
            #expect(Self.serverID(in: again.banner) == id, "the same id as before: its claims are its own")
            // Through the other server, the room and the seats are found on the restarted one.
            let newcomer = try Self.connect(b.port, "newcomer")
            newcomer.send("WATCH \(room)")
            #expect(try newcomer.moved(orUntil: { _ in false }, timeout: 20)?.port == Int(port))
            let boBack = try Self.connect(b.port, "Bo through b")
            boBack.send("RESUME \(codes[1])")
            #expect(try boBack.moved(orUntil: { _ in false }, timeout: 20)?.port == Int(port))

            let over = try RestartOverTheWireTests.comeBackAndFinish(port: port, room: room, key: key, codes: codes)
            #expect(over.map { [$0.correct, $0.wrong] } == [[3, 0], [2, 1]])
            _ = again.stop()
            let console = b.stop()
            #expect(!console.contains("fleet: server \(id) stopped answering"), "back within the TTL: never taken for gone")
        }
    }
}
