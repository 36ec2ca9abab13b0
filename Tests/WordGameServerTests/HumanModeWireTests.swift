import Foundation
import Testing
import WordGameTestSupport
import WordGame
import WordGameProtocol

/// Human mode on real sockets: the greeting as sent, and keys whose bytes reach the server in pieces.
@Suite struct HumanModeWireTests {
    static let greeting = "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\""

    /// The greeting is sent before any command, so a person reads it as it is: 80 columns at most.
    @Test func theGreetingFitsInEightyColumnsInEveryVariant() async throws {
        try await onOwnThread {
            for hostedOnly in [false, true] {
                let server = try TestServer(hostedOnly: hostedOnly)
                let client = try TestClient(port: server.port)
                let greeting = try #require(try client.nextLine())
                #expect(greeting.hasPrefix("WORDGAME 2 \"") && greeting.count <= 80, "\(greeting.count) columns: \(greeting)")
            }
            let server = try TestServer(maxConnections: 1)
            let first = try server.client()
            defer { withExtendedLifetime(first) {} }
            // Turned away before the server reads a line, so before MODE: the same three lines in both modes.
            let refused = try TestClient(port: server.port)
            try refused.expectLine("WORDGAME 2 \"Sorry, the server is full right now. Please try again later.\"")
            #expect(refused.transcript[0].count <= 80)
            try refused.expectLine("ERROR server-full \"The server is full (1 players); try again later.\"")
            try refused.expectLine("BYE \"Server full.\"")
            try refused.waitForClose()
        }
    }

    /// A terminal's key is three bytes; over a slow link they may come in
    /// separate reads. A person at `nc` answers with ← all the same, and ↑
    /// is still told apart from a command, never echoed.
    @Test func keyBytesSplitAcrossReadsAreOneKey() async throws {
        try await onOwnThread {
            let server = try TestServer(rules: Rules(roundMilliseconds: 5_000, pairCount: 2))
            let ana = try TestClient(port: server.port, label: "Ana")
            try ana.expectLine(Self.greeting)
            // Another connection's round trip: once it is back, the server has read what Ana sent before it.
            let neighbour = try server.client("neighbour")
            func roundTrip() throws {
                neighbour.send("PING")
                #expect(try neighbour.next() == .pong)
            }
            ana.send("NAME Ana")
            ana.send("JOIN")
            ana.send("START")
            try ana.expectLine("Hello, Ana! Now type JOIN to play (or JOIN and a room's name).")
            try ana.expectLine("You are in room main.")
            let code = try #require(try ana.nextLine())
            #expect(code.range(of: "^If your connection drops, connect again within 60 s and type RESUME [A-Z0-9]{8}\\.$",
                               options: .regularExpression) != nil, "\(code)")
            for line in ["Room main has 1 player: Ana. Ana is the host.",
                         "Each pair: a word in English and one in Spanish. Is the Spanish word the right translation?",
                         "Rules: 2 pairs, 5 s a pair, out after 3 wrong answers, list default.",
                         "You are the host. Type START when everyone is in. Others join with JOIN main.",
                         "The game: 2 pairs, 5 s each, 1 player; out after 3 wrong answers.",
                         "The host started the game.",
                         "Pair 1 of 2: breakfast = desayuno ?   y (or →) if right, n (or ←) if wrong · 5 s"] {
                try ana.expectLine(line)
            }
            // ←: ESC, then the rest of the key and Enter in a later read (the first pair takes a bare key at once).
            ana.sendRaw([0x1B])
            try roundTrip()
            ana.sendRaw([0x5B, 0x44, 0x0A])
            for line in ["You said pair 1 is wrong.", "✗ Pair 1: you were wrong, breakfast = desayuno.", "Your score: 0 right, 1 wrong.",
                         "Pair 2 of 2: library = azúcar ?   y (or →) if right, n (or ←) if wrong · 5 s"] {
                try ana.expectLine(line)
            }
            // ↑ in three reads.
            ana.sendRaw([0x1B])
            try roundTrip()
            ana.sendRaw([0x5B])
            try roundTrip()
            ana.sendRaw([0x41, 0x0A])
            let line = try #require(try ana.nextLine())
            #expect(line == "Sorry: That was a special key, not a command. "
                    + "Type y or press → if the pair is right, n or ← if it is wrong; HELP lists the commands.")
            #expect(!line.utf8.contains(0x1B))
            // Mid-game, a person's quit asks first (q sits next to w); q again leaves.
            ana.send("quit")
            try ana.expectLine("Leave the game? Your seat and score are given up. Type q again to leave, or anything else to stay.")
            ana.send("q")
            try ana.expectLine("Goodbye! Thanks for playing.")
            try ana.waitForClose()
        }
    }
}
