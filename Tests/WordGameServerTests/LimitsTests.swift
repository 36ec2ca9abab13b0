import Foundation
import Glibc
import Testing
import WordGameTestSupport
import WordGame
import WordGameProtocol
import WordGameServer

/// The limits of Protocol.md §8, each tried against the real server on 127.0.0.1.
@Suite struct LimitsTests {
    @Test func silentSocketsAreCappedPerAddressAndClosedWhenTheyNeverJoin() async throws {
        try await onOwnThread {
            var limits = ConnectionLimits()
            limits.maxPerAddress = 20
            limits.registrationMilliseconds = 1_000
            let server = try TestServer(limits: limits)
            // 20 sockets that never send a byte: the address's whole share.
            let silent = try (0..<20).map { _ in try TestClient(port: server.port, label: "silent") }
            let refused = try TestClient(port: server.port)
            guard case .welcome = try refused.next() else { Issue.record("no greeting"); return }
            let why = try refused.waitForError()
            #expect(why.code == .serverFull && why.text.contains("from your address"))
            try refused.waitForClose()
            // A second after connecting, each silent socket is told why and closed: in
            // human mode (it never sent MODE MACHINE), where BYE's line is its text.
            let started = Date()
            for socket in silent {
                guard case .welcome = try socket.next() else { Issue.record("no greeting"); return }
                let bye = try socket.nextLine(timeout: 5)
                #expect(bye?.hasPrefix("You did not join a room within 1 s") == true, "\(bye ?? "closed")")
                try socket.waitForClose()
            }
            #expect(Date().timeIntervalSince(started) < 4)
            // And a real player gets in.
            let player = try server.player("Ana")
            player.send("PING")
            #expect(try player.next() == .pong)
        }
    }

    @Test func aSilentMemberIsDroppedAtTheIdleLimitAndKeepsTheSeat() async throws {
        try await onOwnThread {
            var limits = ConnectionLimits()
            limits.idleMilliseconds = 1_000
            let server = try TestServer(limits: limits)
            let ana = try server.player("Ana")
            let bo = try server.player("Bo")
            let code = try #require(bo.token)
            // Ana keeps talking; Bo says nothing.
            var bye: String?
            for _ in 0..<25 where bye == nil {
                ana.send("PING")
                if let line = try bo.staysQuiet(for: 0.2), line.hasPrefix("BYE") { bye = line }
            }
            #expect(bye?.contains("Nothing came from you") == true, "\(bo.transcript)")
            let dropped = try ana.waitFor { if case .notice(.dropped, let text) = $0 { text } else { nil } }
            #expect(dropped.hasPrefix("Bo dropped"))
            let back = try server.client()
            back.send("RESUME \(code)")
            #expect(try back.next() == .resumed(name: "Bo", room: "main"))
        }
    }

    @Test func linesBeyondTheBurstArePacedNotDropped() async throws {
        try await onOwnThread {
            var limits = ConnectionLimits()
            limits.burstLines = 5
            limits.lineIntervalMilliseconds = 50
            let server = try TestServer(limits: limits)
            let client = try server.client()
            let started = Date()
            client.sendRaw(Array(String(repeating: "PING\n", count: 45).utf8))
            for _ in 0..<45 { #expect(try client.next() == .pong) }
            // 5 at once, then 40 at 20 a second: about 2 s, every one answered.
            let took = Date().timeIntervalSince(started)
            #expect(took > 1.7 && took < 4, "45 PINGs took \(took) s")
            print("45 pipelined PINGs, burst 5 then 20/s: \(String(format: "%.2f", took)) s")
        }
    }

    @Test func aClientThatReadsEverythingIsNeverDroppedForPipelining() async throws {
        try await onOwnThread {
            var limits = ConnectionLimits()
            limits.burstLines = 10_000
            limits.lineIntervalMilliseconds = 1
            limits.pauseInputAboveQueuedBytes = 8 * 1024
            let server = try TestServer(maxQueuedBytes: 32 * 1024, limits: limits)
            let client = try server.client()
            // 600 HELPs ask for about 1 MB of replies, 30 times the output cap: the server
            // executes them only as fast as the client reads.
            client.sendRaw(Array(String(repeating: "HELP\n", count: 600).utf8))
            var ends = 0
            while ends < 600, let line = try client.nextLine(timeout: 10) {
                if line == "END HELP" { ends += 1 }
            }
            #expect(ends == 600)
            client.send("PING")
            #expect(try client.waitFor { $0 == .pong } == .pong)
        }
    }

    @Test func aLineThatNeverEndsClosesTheConnection() async throws {
        try await onOwnThread {
            let server = try TestServer()
            let other = try server.player("Ana")
            let client = try server.client()
            client.sendRaw([UInt8](repeating: 0x41, count: 70 * 1024))
            #expect(try client.waitForError().code == .lineTooLong)  // at 512 bytes
            let last = try client.waitForError()
            #expect(last.code == .lineTooLong && last.text.contains("closing"))
            guard case .bye = try client.next() else { Issue.record("no BYE"); return }
            try client.waitForClose()
            other.send("PING")
            #expect(try other.next() == .pong)
        }
    }

    /// A client that resets its connection while its lines wait their turn:
    /// the hang-up is reported on every wait, so the server must close the
    /// connection then, not spin until the paced lines are through.
    @Test func aResetWhileLinesWaitIsClosedWithoutSpinning() async throws {
        try await onOwnThread {
            let server = try ServerChild([])
            let client = try TestClient(port: server.port)
            _ = try client.next()
            // Blank lines: paced like any line, and answered by nothing, so no failed write gives the reset away.
            client.sendRaw(Array(String(repeating: " \n", count: 3_000).utf8))  // 150 s of pacing
            Thread.sleep(forTimeInterval: 0.3)
            client.abort()  // a real RST, which a FIN (`reset()`) would not be
            let before = try server.cpuSeconds()
            Thread.sleep(forTimeInterval: 2)
            let used = try server.cpuSeconds() - before
            #expect(used < 0.3, "the server used \(used) s of CPU in 2 s after the reset")
            let other = try TestClient(port: server.port)
            _ = try other.next()
            try other.machineMode()
            other.send("PING")
            #expect(try other.next() == .pong)
        }
    }

    /// 64 KB of HELP lines in one write used to cost 0.8 s of the loop while
    /// everyone else waited. Now a connection gets at most 16 lines a turn,
    /// and its lines are paced. Order and outcome, with a bound a loaded
    /// machine keeps but the old stall (4 × 0.8 s) would break: Ana's PINGs
    /// come back within 1.5 s each, and her answer is taken while the flood waits.
    @Test func sixtyFourKilobytesOfCommandsDoNotStallAnotherPlayer() async throws {
        try await onOwnThread {
            let server = try TestServer(rules: Rules(roundMilliseconds: 20_000, pairCount: 3))
            let ana = try server.player("Ana")
            let attackers = try (0..<4).map { _ in try server.client("attacker") }
            ana.send("START")
            let round = try ana.waitForRound()
            let flood = Array(String(repeating: "HELP\n", count: 64 * 1024 / 5).utf8)
            for attacker in attackers { attacker.sendRaw(flood) }
            var worst = 0.0
            for _ in 0..<10 {
                let sent = Date()
                ana.send("PING")
                _ = try ana.waitFor { $0 == .pong }
                worst = max(worst, Date().timeIntervalSince(sent))
            }
            ana.send("ANSWER \(round.number) y")
            #expect(try ana.waitFor { if case .answerTaken = $0 { true } else if case .error = $0 { true } else { false } }
                    == .answerTaken(round: round.number, .correct))
            #expect(worst < 1.5, "PING took \(worst) s behind 4 × 64 KB of HELP")
            print("PING worst behind 4 × 64 KB of HELP: \(String(format: "%.1f", worst * 1_000)) ms")
        }
    }
}
