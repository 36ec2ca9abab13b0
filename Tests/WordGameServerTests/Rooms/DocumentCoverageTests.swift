import Foundation
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

        init(_ heading: String, _ holding: String, _ checkedBy: String) {
            self.heading = heading
            self.holding = holding
            self.checkedBy = checkedBy
        }

        /// Whether `block` is the one this entry names.
        func names(_ block: ProtocolDocument.Block) -> Bool {
            block.heading.hasPrefix(heading) && block.lines.contains { $0.contains(holding) }
        }
    }

    static let checked: [Entry] = [
        Entry("### Human mode and machine mode", "Pair 2 of 4: old = viejo", "DocumentGameTranscriptTests.section1sSentencesOfAPair"),
        Entry("### Human mode and machine mode", "> NAME Bo", "DocumentGameTranscriptTests.section1sPersonAtNc"),
        Entry("### NAME", "ERROR bad-name", "ProtocolTruthTests.theBadNameTextsAreTheOnesNAMEShows"),
        Entry("### START", "> START MISSED", "MissedOverTheWireTests.startMissedDealsTheMissedWordsFirstAsProtocolMdShows"),
        Entry("### STOP", "> STOP", "ProtocolDriftTests.anAutoStartCountdownIsNotStoppedAndItsTextsAreTheDocuments"),
        Entry("### RULES", "rules out 2", "DocumentRoomTranscriptTests.section4sExampleSettingsAreTaken"),
        Entry("### RULES", "> RULES PAIRS 500", "DocumentRoomTranscriptTests.section4sRulesInMachineMode"),
        Entry("### RULES", "Word lists (the host picks one with RULES):", "DocumentRoomTranscriptTests.section4sRulesAtNc"),
        Entry("### PRACTICE", "> PRACTICE default", "MissedOverTheWireTests.practiceStartsAGameAtOnceAsProtocolMdShows"),
        Entry("### Word lists", "> UPLOAD animals \"\" \"\"", "ListsProtocolExampleTests.theMachineExampleIsWhatTheServerSends"),
        Entry("### Word lists", "> UPLOAD fruit English German", "ListsProtocolExampleTests.theHumanExampleIsWhatAPersonAtNcReads"),
        Entry("### RESUME", "> RESUME ", "DocumentGameTranscriptTests.section4sResume"),
        Entry("### A fleet of servers", "> JOIN R976", "DocumentRoomTranscriptTests.aFleetsMovedTranscript"),
        Entry("### A fleet of servers", "> RESUME 8U3D4TWJ", "DocumentRoomTranscriptTests.aFleetsGoneTranscript"),
        Entry("### LANGUAGES", "LANGUAGES \"Deutsch\"", "DocumentRoomTranscriptTests.section5sLanguagesLines"),
        Entry("### RULES: the rules of the room's next game", "RULES 10 8000 0", "DocumentRoomTranscriptTests.section4sRulesInMachineMode"),
        Entry("### LIST: a list and its languages", "LIST \"default\" 365",
              "ListsProtocolExampleTests.theMachineExampleIsWhatTheServerSends (its lines are the run's)"),
        Entry("### SKIPPED", "SKIPPED 4 columns",
              "ListsProtocolExampleTests.theMachineExampleIsWhatTheServerSends (its lines are the run's)"),
        Entry("### HARDEST", "HARDEST 1 2 \"old\"", "MissedOverTheWireTests.aViewerReadsTheHardestPairsAfterTheRankingAsProtocolMdShows"),
        Entry("### HARDEST", "The pairs of the last game, hardest first:",
              "MissedOverTheWireTests.aViewerReadsTheHardestPairsAfterTheRankingAsProtocolMdShows (its person at nc)"),
        Entry("## 9.", "wordgame-server --bind", "DocumentGameTranscriptTests.section9sTwoPlayerGame (its flags)"),
        Entry("## 9.", "> NAME Ana", "DocumentGameTranscriptTests.section9sTwoPlayerGame"),
        Entry("## 9.", "> name Bo", "DocumentGameTranscriptTests.section9sTwoPlayerGame"),
        Entry("### The handshake", "GET /ws HTTP/1.1", "WebHardeningTests.theDocumentsHandshakeIsUpgraded"),
    ]

    static let unchecked: [Entry] = [
        Entry("## 6. States", "OUTSIDE --JOIN--> LOBBY", "a diagram of the states, not lines; the states' changes are the room tests'"),
        Entry("## 7. Timing", "REVEAL spread across 16 players",
              "a measurement of the release build (wordgame-bench fairness), not a test's"),
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
            let entries = listed.filter { $0.names(block) }
            #expect(entries.count == 1, "\(block): \(block.lines.first ?? "") is neither checked by a test nor listed here")
        }
        for entry in listed {
            let blocks = Self.document.blocks.filter(entry.names)
            #expect(blocks.count == 1, "\(entry.heading), \(entry.holding): \(blocks.count) blocks")
        }
    }

    /// Each checking test is named as `Suite.test`: that suite's file, under Tests/, declares that test (a test renamed or
    /// gone leaves an entry naming nothing, which fails here).
    @Test func everyCheckingTestNamedIsThere() throws {
        let tests = TestServer.repositoryRoot.appendingPathComponent("Tests")
        var sources: [String: String] = [:]
        for case let file as URL in FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)!
        where file.pathExtension == "swift" {
            sources[file.deletingPathExtension().lastPathComponent] = try String(contentsOf: file, encoding: .utf8)
        }
        for entry in Self.checked {
            let name = entry.checkedBy.prefix { $0 != " " }
            let parts = name.split(separator: ".")
            #expect(parts.count == 2, "\(entry.checkedBy): not Suite.test")
            guard parts.count == 2 else { continue }
            let source = sources[String(parts[0])] ?? ""
            #expect(source.contains("func \(parts[1])("), "\(entry.checkedBy): no such test in \(parts[0]).swift")
        }
    }

    /// The syntax lines of §4 and §5 name every command spelling and every message the server knows, and nothing
    /// else: a command or message added without its syntax line in the document fails here.
    @Test func theSyntaxLinesNameEveryCommandAndMessage() {
        // Syntax lines: the blocks that are no example of the inventory above.
        let examples = Self.checked + Self.unchecked
        let blocks = Self.document.blocks.filter { block in !examples.contains { $0.names(block) } }
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
