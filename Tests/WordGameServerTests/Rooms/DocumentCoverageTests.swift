import Testing
import WordGameProtocol
import WordGameTestSupport

/// Which of Protocol.md's code blocks a test compares with what the server
/// sends, and which none does, with why (Tests/README.md, "Protocol.md,
/// checked"). A new transcript (a block with a typed `> ` line) or a new
/// block of example server lines fails here until a test replays it or it is
/// listed as unchecked, with its reason.
@Suite struct DocumentCoverageTests {
    /// A block, by the heading it is under and a line it holds; the test that compares it, or why none does.
    struct Entry {
        let heading: String
        let holding: String
        let checkedBy: String
    }

    static let checked: [Entry] = [
        Entry(heading: "### Human mode and machine mode", holding: "Pair 2 of 4: old = viejo", checkedBy: "DocumentGameTranscriptTests.section1sSentencesOfAPair"),
        Entry(heading: "### Human mode and machine mode", holding: "> NAME Bo", checkedBy: "DocumentGameTranscriptTests.section1sPersonAtNc"),
        Entry(heading: "### NAME", holding: "ERROR bad-name", checkedBy: "ProtocolTruthTests.theBadNameTextsAreTheOnesNAMEShows"),
        Entry(heading: "### STOP", holding: "> STOP", checkedBy: "ProtocolDriftTests.anAutoStartCountdownIsNotStoppedAndItsTextsAreTheDocuments"),
        Entry(heading: "### RULES", holding: "rules out 2", checkedBy: "DocumentRoomTranscriptTests.section4sExampleSettingsAreTaken"),
        Entry(heading: "### RULES", holding: "> RULES PAIRS 500", checkedBy: "DocumentRoomTranscriptTests.section4sRulesInMachineMode"),
        Entry(heading: "### RULES", holding: "Word lists (the host picks one with RULES):", checkedBy: "DocumentRoomTranscriptTests.section4sRulesAtNc"),
        Entry(heading: "### RESUME", holding: "> RESUME ", checkedBy: "DocumentGameTranscriptTests.section4sResume"),
        Entry(heading: "### A fleet of servers", holding: "> JOIN R976", checkedBy: "DocumentRoomTranscriptTests.aFleetsMovedTranscript"),
        Entry(heading: "### A fleet of servers", holding: "> RESUME 8U3D4TWJ", checkedBy: "DocumentRoomTranscriptTests.aFleetsGoneTranscript"),
        Entry(heading: "### RULES: the rules of the room's next game", holding: "RULES 10 8000 0",
              checkedBy: "DocumentRoomTranscriptTests.section4sRulesInMachineMode"),
        Entry(heading: "## 9.", holding: "wordgame-server --bind", checkedBy: "DocumentGameTranscriptTests.section9sTwoPlayerGame (its flags)"),
        Entry(heading: "## 9.", holding: "> NAME Ana", checkedBy: "DocumentGameTranscriptTests.section9sTwoPlayerGame"),
        Entry(heading: "## 9.", holding: "> name Bo", checkedBy: "DocumentGameTranscriptTests.section9sTwoPlayerGame"),
        Entry(heading: "### The handshake", holding: "GET /ws HTTP/1.1", checkedBy: "WebHardeningTests.theDocumentsHandshakeIsUpgraded"),
    ]

    static let unchecked: [Entry] = [
        Entry(heading: "## 6. States", holding: "OUTSIDE --JOIN--> LOBBY", checkedBy: "a diagram of the states, not lines; the states' changes are the room tests'"),
        Entry(heading: "## 7. Timing", holding: "REVEAL spread across 16 players", checkedBy: "a measurement of the release build (wordgame-bench fairness), not a test's"),
    ]

    static let document = ProtocolDocument.repository

    /// A block of example server lines: each line a server keyword and its fields, no `<placeholder>`.
    static func isServerLines(_ block: ProtocolDocument.Block) -> Bool {
        let keywords = Set(ServerKeyword.allCases.map(\.rawValue))
        return block.lines.allSatisfy { line in
            keywords.contains(String(line.prefix { $0 != " " })) && line.contains(" ") && !line.contains("<")
        }
    }

    @Test func everyTranscriptAndBlockOfServerLinesIsCheckedOrListed() {
        let listed = Self.checked + Self.unchecked
        for block in Self.document.blocks where block.isTranscript || Self.isServerLines(block) {
            let entries = listed.filter { entry in block.heading.hasPrefix(entry.heading) && block.lines.contains { $0.contains(entry.holding) } }
            #expect(entries.count == 1, "\(block): \(block.lines.first ?? "") is neither checked by a test nor listed here")
        }
        for entry in listed {
            let blocks = Self.document.blocks.filter { $0.heading.hasPrefix(entry.heading) && $0.lines.contains { $0.contains(entry.holding) } }
            #expect(blocks.count == 1, "\(entry.heading), \(entry.holding): \(blocks.count) blocks")
        }
    }

    /// The syntax lines of §4 and §5 name every command spelling and every message the server knows, and nothing
    /// else: a command or message added without its syntax line in the document fails here.
    @Test func theSyntaxLinesNameEveryCommandAndMessage() {
        // Syntax lines: the blocks that are no example of the inventory above.
        let examples = Self.checked + Self.unchecked
        let blocks = Self.document.blocks.filter { block in
            !examples.contains { entry in block.heading.hasPrefix(entry.heading) && block.lines.contains { $0.contains(entry.holding) } }
        }
        let commandLines = blocks.filter { $0.section.hasPrefix("## 4.") }.flatMap(\.lines)
            .flatMap { $0.components(separatedBy: " | ") }.filter { !$0.isEmpty }
        let spelled = Set(commandLines.map { String($0.prefix { $0 != " " }) })
        let prose = Set(ProtocolDocument.quoted(Self.document.section("## 4.").joined(separator: " ")))
        for spelling in ClientKeyword.allSpellings where !spelled.contains(spelling) {
            // A short form the prose gives (`A` is short for `ANSWER`).
            #expect(prose.contains(spelling), "\(spelling) is in no syntax line of §4, nor named in its text")
        }
        let commands = ClientKeyword.allSpellings + ["→", "←"]
        for line in commandLines {
            #expect(commands.contains(String(line.prefix { $0 != " " })), "§4's syntax line \(line) is no command the server reads")
        }
        let messageLines = blocks.filter { $0.section.hasPrefix("## 5.") }.flatMap(\.lines)
        let keywords = Set(messageLines.map { String($0.prefix { $0 != " " }) })
        #expect(keywords == Set(ServerKeyword.allCases.map(\.rawValue)), "§5's syntax lines name \(keywords.sorted())")
        let confirmed = Set(messageLines.filter { $0.hasPrefix("OK ") }.map { String($0.dropFirst(3).prefix { $0 != " " }) })
        #expect(confirmed == Set(ConfirmedCommand.allCases.map(\.rawValue) + ["MODE"]), "§5 OK: \(confirmed.sorted())")
    }
}
