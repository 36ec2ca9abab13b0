import Foundation
import Glibc
import Testing
import WordGameProtocol
import WordGameTestSupport

/// Resources/install/README.md's "A rolling upgrade", done: two servers of a fleet on a real redis-server, two
/// classes playing on the first. It is drained (SIGHUP) and started again as its unit would on the exit status 75;
/// the new teacher meanwhile is sent to the other server and makes her room there, the two games play to their ends with exact
/// scores, and after the restart every teacher and student is back in their room, and plays on.
@Suite(.serialized,
       .enabled(if: RedisServerProcess.binary != nil, "redis-server is not installed: the rolling upgrade is not tried"))
struct FleetRollingUpgradeTests {
    /// A class on the server: its host's room and key, and two students, the first answering rightly, the second not.
    struct Class {
        let room: String, key: String
        let host: TestClient
        let students: [TestClient]
    }

    static func openClass(port: UInt16, teacher: String, names: [String]) throws -> Class {
        let host = try FleetRestartTests.connect(port, teacher)
        host.send("HOST")
        // A fleet's new directory settles for a TTL before it takes a new room (FleetRestartTests): generous.
        let (room, key) = try host.waitFor(timeout: 30) { if case .hosted(let room, let key) = $0 { (room, key) } else { nil } }
        let students = try names.map { name in
            let student = try FleetRestartTests.connect(port, name)
            try student.join(as: name, room: room)
            return student
        }
        host.send("START")
        return Class(room: room, key: key, host: host, students: students)
    }

    /// Plays a class's game from its open pair to GAMEOVER: the first student always right, the second always wrong.
    static func playToTheEnd(_ lesson: Class) throws -> [GameOver] {
        while true {
            var over: [GameOver] = []
            for (index, student) in lesson.students.enumerated() {
                let next = try student.waitFor(timeout: 30) { message -> ServerMessage? in
                    switch message {
                    case .round, .gameOver: message
                    default: nil
                    }
                }
                switch next {
                case .round(let pair):
                    student.send(BotAnswer.line(for: pair, rightly: index == 0, words: TestServer.defaultWords))
                case .gameOver(let result):
                    over.append(result)
                default: break
                }
            }
            if over.count == lesson.students.count { return over }
        }
    }

    /// `/healthz` once its answer matches, or the last one after a deadline generous for a loaded machine.
    static func health(_ web: UInt16, once matches: (String) -> Bool) throws -> (status: String, body: [String]) {
        var health = try DrainOverTheWireTests.get(web, "/healthz")
        let deadline = Date().addingTimeInterval(20)
        while !matches(health.body.first ?? ""), Date() < deadline {
            usleep(50_000)
            health = try DrainOverTheWireTests.get(web, "/healthz")
        }
        return health
    }

    @Test func aServerDrainedAndStartedAgainMidLessonLosesNobodysSeat() async throws {
        try await onOwnThread {
            let redis = try RedisServerProcess()
            let place = try RestartOverTheWireTests.Place()
            let fleet = FleetRestartTests.arguments(redisPort: redis.port)
            let port = RedisServerProcess.freePort()
            let a = try ServerChild(fleet + ["--server-id", "a"], port: port, state: place.state, results: place.results, quiet: false)
            let b = try ServerChild(fleet + ["--server-id", "b"])

            let classes = [try Self.openClass(port: port, teacher: "Ms Lee", names: ["Ana", "Bo"]),
                           try Self.openClass(port: port, teacher: "Mr Ito", names: ["Cy", "Di"])]
            let codes = try classes.map { lesson in try lesson.students.map { try #require($0.token) } }

            // Step 2 of the README: the reload. /healthz and /metrics say it drains (generous: a loaded machine).
            kill(a.pid, SIGHUP)
            let web = try #require(a.webPort)
            #expect(try Self.health(web, once: { $0.contains("draining") }).status.hasPrefix("HTTP/1.1 503"))
            #expect(try DrainOverTheWireTests.get(web, "/metrics").body.contains("wordgame_draining 1"))

            // A third teacher arriving now is sent to the other server (MOVED), and makes her room there.
            let late = try FleetRestartTests.connect(port, "Ms Ray on a")
            late.send("HOST")
            let sent = try late.moved(orUntil: { _ in false }, timeout: 20)
            #expect(sent?.port == Int(b.port) && sent?.host == "127.0.0.1")
            let elsewhere = try FleetRestartTests.connect(b.port, "Ms Ray on b")
            elsewhere.send("HOST")
            _ = try elsewhere.waitFor(timeout: 30) { if case .hosted = $0 { true } else { false } }
            // A latecomer of a class on the draining server is still sent to it from the other.
            let latecomer = try FleetRestartTests.connect(b.port, "Eve")
            latecomer.send("NAME Eve")
            latecomer.send("JOIN \(classes[0].room)")
            #expect(try latecomer.moved(orUntil: { _ in false }, timeout: 20)?.port == Int(port))

            // Both games play to their ends, every answer counted; then the server stops with 75, the lesson kept.
            for lesson in classes {
                #expect(try Self.playToTheEnd(lesson).map { [$0.correct, $0.wrong] } == [[3, 0], [0, 3]])
            }
            for client in classes.flatMap({ [$0.host] + $0.students }) {
                _ = try client.waitFor(timeout: 20) { if case .restarting = $0 { true } else { false } }
            }
            a.process.waitUntilExit()
            #expect(a.process.terminationStatus == 75)
            #expect(a.stopReadingConsole().console.contains("wordgame-server: drained: the games on it are over"))

            // Step 3: systemd starts it again (the new version), the lesson taken up; everyone is back in their room.
            let again = try ServerChild(fleet + ["--server-id", "a"], port: port, state: place.state, results: place.results)
            #expect(again.banner.contains("restored 2 rooms"), "\(again.banner)")
            // The README's step 3 waits for /healthz to say ready: the directory has answered the new start.
            #expect(try Self.health(try #require(again.webPort), once: { $0 == "ready" }).status.hasPrefix("HTTP/1.1 200"))
            for (lesson, seats) in zip(classes, codes) {
                let host = try FleetRestartTests.connect(port, "host back")
                host.send("HOST \(lesson.room) \(lesson.key)")
                _ = try host.waitFor(timeout: 20) { $0 == .you(.hosting) }
                let students = try seats.enumerated().map { index, code in
                    let student = try FleetRestartTests.connect(port, "student \(index) back")
                    student.send("RESUME \(code)")
                    let back = try student.waitFor(timeout: 20) { if case .resumed(let name, let room) = $0 { (name, room) } else { nil } }
                    #expect(back.1 == lesson.room)
                    return student
                }
                // The next game of the class plays on the upgraded server, both students in it.
                host.send("START")
                for student in students { #expect(try student.waitForRound(timeout: 30).number == 1) }
            }
            let games = try place.history()
            #expect(games.count == 2 && games.allSatisfy { !$0.stoppedEarly }, "two whole games, each written once")
            _ = again.stop()
            _ = b.stop()
        }
    }
}
