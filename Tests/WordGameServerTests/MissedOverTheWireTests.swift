import Foundation
import Testing
import WordGameTestSupport
import WordGame
import WordGameProtocol

/// `HARDEST`, `START MISSED` and `PRACTICE` against the real server on 127.0.0.1, each read as Protocol.md
/// shows it: its examples are these runs (`--pairs 3 --round-ms 2000 --seed 7 --start-delay 0 --no-results`).
@Suite struct MissedOverTheWireTests {
    static let rules = Rules(roundMilliseconds: 2_000, pairCount: 3)

    /// The indented example lines of Protocol.md that follow the first line holding `marker`.
    static func documented(after marker: String) throws -> [String] {
        let text = try String(contentsOf: TestServer.repositoryRoot.appendingPathComponent("Protocol.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.contains(marker) }, "Protocol.md has no \"\(marker)\"")
        let block = lines[(start + 1)...].drop { !$0.hasPrefix("    ") }.prefix { $0.hasPrefix("    ") }
        return block.map { String($0.dropFirst(4)) }
    }

    /// Lines read up to and including the first that `last` accepts.
    static func lines(of client: TestClient, through last: (String) -> Bool) throws -> [String] {
        var read: [String] = []
        while let line = try client.nextLine() {
            read.append(line)
            if last(line) { return read }
        }
        throw TestFailure(description: "\(client.label): the stream ended; read \(read)")
    }

    /// Room main's first game: Ana (its host) and Bo play it, a projector watches it in machine mode and a
    /// person at nc in human mode. Ana is right on every pair; Bo wrong on the first, too slow on the second.
    static func firstGame(_ server: TestServer) throws -> (ana: TestClient, bo: TestClient, viewer: TestClient, person: TestClient) {
        let ana = try server.player("Ana"), bo = try server.player("Bo")
        let viewer = try server.client("viewer")
        viewer.send("WATCH")
        try viewer.waitFor { $0 == .end(.roster) }
        let person = try TestClient(port: server.port, label: "person")
        _ = try person.nextLine()  // the greeting
        person.send("WATCH")
        _ = try lines(of: person, through: { $0.hasPrefix("Players in the room") })
        ana.send("START")
        for (number, bosAnswer) in [(1, false), (2, nil), (3, true)] as [(Int, Bool?)] {
            let round = try ana.waitForRound()
            _ = try bo.waitForRound()
            #expect(round.number == number)
            ana.send(BotAnswer.line(for: round, rightly: true))
            if let bosAnswer { bo.send(BotAnswer.line(for: round, rightly: bosAnswer)) }
            _ = try ana.waitForReveal(timeout: 10)
        }
        _ = try ana.waitForGameOver(timeout: 10)
        _ = try bo.waitForGameOver(timeout: 10)
        return (ana, bo, viewer, person)
    }

    @Test func aViewerReadsTheHardestPairsAfterTheRankingAsProtocolMdShows() async throws {
        try await onOwnThread {
            let server = try TestServer(rules: Self.rules, seed: 7)
            let (ana, bo, viewer, person) = try Self.firstGame(server)
            defer { withExtendedLifetime((ana, bo)) {} }
            _ = try viewer.waitFor { $0 == .end(.ranking) }
            let table = try Self.lines(of: viewer, through: { $0 == "END HARDEST" })
            print("HARDEST over the wire:\n" + table.joined(separator: "\n"))
            #expect(table == (try Self.documented(after: "A real run's table")))
            let info = try viewer.next()
            #expect(info == .info("Game over. The next game starts when the host says so."))
            let read = try Self.lines(of: person, through: { $0.hasPrefix("  3. ") })
            let human = Array(read.drop { !$0.hasPrefix("The pairs of the last game") })
            print("HARDEST in human mode:\n" + human.joined(separator: "\n"))
            #expect(human == (try Self.documented(after: "a person watching at `nc` reads")))
        }
    }

    @Test func startMissedDealsTheMissedWordsFirstAsProtocolMdShows() async throws {
        try await onOwnThread {
            let server = try TestServer(rules: Self.rules, seed: 7)
            let nobody = try server.player("Dee", room: "lab")
            nobody.send("START MISSED")
            let refused = try nobody.nextLine() ?? ""
            let (ana, bo, viewer, person) = try Self.firstGame(server)
            // Room updates go out at most every 250 ms (Protocol.md §5, ROOM): once the game's end is told, the
            // next game's goes out at once, before its first pair.
            _ = try ana.lines(for: 0.5)
            ana.send("START MISSED")
            let started = try Self.lines(of: ana, through: { $0.hasPrefix("ROUND ") })
            guard case .round(let first)? = try? ServerMessage(line: started.last ?? "") else { throw TestFailure(description: "no pair") }
            ana.send(BotAnswer.line(for: first, rightly: true))
            #expect(try ana.waitForRound().english == "sorry")
            withExtendedLifetime((bo, viewer, person)) {}
            print("START MISSED over the wire:\n" + ([refused] + started).joined(separator: "\n"))
            #expect(["> START MISSED", refused, "> START MISSED"] + started == (try Self.documented(after: "From the same run")))

        }
    }

    static func token(in lines: [String]) -> String? {
        lines.lazy.compactMap { line -> String? in
            if case .token(let code, _)? = try? ServerMessage(line: line) { code } else { nil }
        }.first
    }

    @Test func practiceStartsAGameAtOnceAsProtocolMdShows() async throws {
        try await onOwnThread {
            let server = try TestServer(rules: Self.rules, seed: 7)
            let client = try server.client("practice")
            client.send("PRACTICE default cat \"ice cream\" dragon")
            let read = try Self.lines(of: client, through: { $0.hasPrefix("ROUND ") })
            print("PRACTICE over the wire:\n" + read.joined(separator: "\n"))
            // The resume code is drawn at random: the document's stands for it.
            let documented = try Self.documented(after: "A real run of `PRACTICE`")
            let code = try #require(Self.token(in: read)), shown = try #require(Self.token(in: documented))
            #expect(["> PRACTICE default cat \"ice cream\" dragon"] + read.map { $0.replacingOccurrences(of: code, with: shown) }
                    == documented)
            // The words given come first; one the list does not have is skipped.
            guard case .round(let first)? = try? ServerMessage(line: read.last ?? "") else { throw TestFailure(description: "no pair") }
            client.send(BotAnswer.line(for: first, rightly: true))
            #expect(try client.waitForRound().english == "ice cream")
            // About 80 quoted words of three letters fit in a line; unknown ones are skipped.
            client.send("LEAVE")
            let words = (0..<80).map { "\"w\(String(format: "%02d", $0))\"" }.joined(separator: " ")
            #expect("PRACTICE default \(words)".utf8.count <= 512)
            client.send("PRACTICE default \(words)")
            #expect(try client.waitFor { if case .practising = $0 { true } else { false } } == .practising(list: "default"))
        }
    }
}
