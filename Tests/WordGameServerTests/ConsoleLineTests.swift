import Foundation
import Testing
import WordGame
import WordGameTestSupport
@testable import WordGameServer

/// Every line a server writes to its console has one form, which a fleet's logs merge by:
/// `2026-11-27 10:35:08 school-1 u8eu: Ana joined` (the date to the second, the server's name, the text).
/// Read from real servers: the one in this process (its `events` and `log`, as the console gets them) and the
/// built binary's own stdout.
@Suite struct ConsoleLineTests {
    static func form(naming name: String) -> String {
        #"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d "# + NSRegularExpression.escapedPattern(for: name) + #" \S"#
    }

    static func misfits(_ lines: [String], naming name: String) -> [String] {
        lines.filter { $0.range(of: form(naming: name), options: .regularExpression) == nil || $0.contains("\n") }
    }

    /// A game played through: its lines (made, joined, started, over) and the server's, all in the form, named
    /// by the address and port the server was reached at.
    @Test func aServerOnItsOwnNamesItselfByItsAddressAndPort() async throws {
        try await onOwnThread {
            let server = try TestServer(rules: Rules(roundMilliseconds: 1_000, maxIncorrect: 10, pairCount: 1))
            let host = try server.client("teacher")
            host.send("HOST")
            let room = try host.waitFor { if case .hosted(let room, _) = $0 { room } else { nil } }
            let ana = try server.player("Ana", room: room)
            host.send("START")
            _ = try ana.waitForGameOver()
            let deadline = Date().addingTimeInterval(10)
            while !server.events.contains(where: { $0.contains("game 1 over") }), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            let lines = server.events
            #expect(lines.contains { $0.hasSuffix(" 127.0.0.1:\(server.port) \(room): Ana joined") }, "\(lines)")
            #expect(lines.contains { $0.contains(" \(room): game 1 over") }, "\(lines)")
            #expect(Self.misfits(lines, naming: "127.0.0.1:\(server.port)").isEmpty, "\(lines)")
            withExtendedLifetime(host) {}
        }
    }

    /// A member of a fleet is named by its id in the fleet, in every line, its own and the fleet's.
    @Test(.enabled(if: RedisServerProcess.binary != nil, "redis-server is not installed: a fleet's console is not read"))
    func aFleetMemberNamesItselfByItsServerID() async throws {
        try await onOwnThread {
            let fleet = try TestFleet(servers: 1)
            let server = fleet[0]
            let ana = try server.player("Ana", room: "main")
            let deadline = Date().addingTimeInterval(10)
            while !server.events.contains(where: { $0.contains("Ana joined") }), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            let lines = server.events
            #expect(lines.contains { $0.hasSuffix(" s0 main: Ana joined") }, "\(lines)")
            #expect(Self.misfits(lines, naming: "s0").isEmpty, "\(lines)")
            withExtendedLifetime(ana) {}
        }
    }

    /// The built server's console, as an operator's journal gets it, with `--name`: every line after the banner,
    /// its last one (`stopped`) included.
    @Test func theBuiltServersConsoleCarriesItsName() async throws {
        try await onOwnThread {
            let child = try ServerChild(["--name", "room-7.east"], quiet: false)
            let ana = try TestClient(port: child.port, label: "Ana")
            try ana.machineModeAfterGreeting()
            try ana.join(as: "Ana", room: "main")
            ana.send("QUIT")
            let (console, errors) = child.stopReadingConsole()
            let lines = console.split(separator: "\n").map(String.init)
            #expect(lines.contains { $0.hasSuffix(" room-7.east main: Ana joined") }, "\(console)")
            #expect(lines.last?.hasSuffix(" room-7.east wordgame-server: stopped") == true, "\(console)")
            #expect(Self.misfits(lines, naming: "room-7.east").isEmpty, "\(console)")
            #expect(Self.misfits(errors.split(separator: "\n").map(String.init), naming: "room-7.east").isEmpty, "\(errors)")
        }
    }

    @Test func theFormItself() {
        let line = ConsoleLine(name: "school-1")
        let text = line("u8eu: Ana joined", at: 1_764_300_000.7)
        let form = #"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d school-1 u8eu: Ana joined$"#
        #expect(text.range(of: form, options: .regularExpression) != nil, "\(text)")
        line.rename("school-2")
        #expect(line("x", at: 1_764_300_000.2).hasSuffix(" school-2 x"))
        #expect(line("x", at: 1_764_300_000.2).prefix(19) == text.prefix(19), "the same second, the same date")
        #expect(ConsoleLine.address(host: "192.0.2.2", port: 4000) == "192.0.2.2:4000")
        #expect(ConsoleLine.address(host: "2001:db8::2", port: 4000) == "[2001:db8::2]:4000")
    }
}
