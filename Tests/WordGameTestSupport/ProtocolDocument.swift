import Foundation

/// Protocol.md, read as tests read it: its example transcripts (indented code
/// blocks), its §3 error table and its ordered lists. Tests compare these, the
/// document's own text, with what the server sends, so that the document a
/// client is written from cannot drift from the server unnoticed.
public struct ProtocolDocument: Sendable {
    /// The document's lines, as written.
    public let lines: [String]

    public init(text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Protocol.md at the repository's root.
    public static let repository: ProtocolDocument = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return ProtocolDocument(text: try! String(contentsOf: root.appendingPathComponent("Protocol.md"), encoding: .utf8))
    }()

    // MARK: Code blocks and transcripts

    /// An indented code block: lines indented by 4 spaces after a blank line, their indent taken off (an inner
    /// indent kept), blank lines inside it kept.
    public struct Block: Sendable, CustomStringConvertible {
        /// The line number (from 1) of its first line, the heading it sits under, and its section's (`## 4. …`).
        public let line: Int
        public let heading: String
        public let section: String
        public let lines: [String]

        /// A transcript's lines: `> ` before what a client typed; every other line is one the server sent.
        public var entries: [Entry] {
            lines.enumerated().compactMap { offset, text in
                if text.isEmpty { return nil }
                if text.hasPrefix("> ") { return Entry(line: line + offset, typed: true, text: String(text.dropFirst(2))) }
                return Entry(line: line + offset, typed: false, text: text)
            }
        }

        /// Whether a client's typing is in it: an example session, not a syntax line.
        public var isTranscript: Bool { lines.contains { $0.hasPrefix("> ") } }

        public var description: String { "Protocol.md line \(line) (\(heading))" }
    }

    /// One line of a transcript.
    public struct Entry: Sendable, Equatable, CustomStringConvertible {
        public let line: Int
        public let typed: Bool
        public let text: String
        public var description: String { "line \(line): \(typed ? "> " : "")\(text)" }
    }

    /// Every indented code block, in order.
    public var blocks: [Block] {
        var blocks: [Block] = []
        var heading = ""
        var section = ""
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("#") { heading = line }
            if line.hasPrefix("## ") { section = line }
            let afterBlank = index > 0 && lines[index - 1].trimmingCharacters(in: .whitespaces).isEmpty
            guard afterBlank, line.hasPrefix("    "), !line.trimmingCharacters(in: .whitespaces).isEmpty else {
                index += 1
                continue
            }
            var body: [String] = []
            var end = index
            while end < lines.count {
                let next = lines[end]
                if next.hasPrefix("    ") {
                    body.append(String(next.dropFirst(4)))
                } else if next.trimmingCharacters(in: .whitespaces).isEmpty, end + 1 < lines.count, lines[end + 1].hasPrefix("    ") {
                    body.append("")
                } else {
                    break
                }
                end += 1
            }
            blocks.append(Block(line: index + 1, heading: heading, section: section, lines: body))
            index = end
        }
        return blocks
    }

    /// Every block with a client's typing in it.
    public var transcripts: [Block] { blocks.filter(\.isTranscript) }

    /// The one block under a heading that starts with `heading` and holds a line `containing` this text.
    public func block(under heading: String, containing text: String) -> Block? {
        let found = blocks.filter { $0.heading.hasPrefix(heading) && $0.lines.contains { $0.contains(text) } }
        return found.count == 1 ? found[0] : nil
    }

    /// The prose paragraph just before `block` (up to the blank line above it), joined into one line.
    public func paragraph(before block: Block) -> String {
        var index = block.line - 2  // the blank line before the block, 0-based
        while index >= 0, lines[index].trimmingCharacters(in: .whitespaces).isEmpty { index -= 1 }
        var paragraph: [String] = []
        while index >= 0, !lines[index].trimmingCharacters(in: .whitespaces).isEmpty {
            paragraph.insert(lines[index].trimmingCharacters(in: .whitespaces), at: 0)
            index -= 1
        }
        return paragraph.joined(separator: " ")
    }

    // MARK: Prose

    /// The lines of a section (from its heading, which starts with `heading`, to the next heading of its level or
    /// above), joined as prose: each paragraph or list item on one line.
    public func section(_ heading: String) -> [String] {
        guard let start = lines.firstIndex(where: { $0.hasPrefix(heading) }) else { return [] }
        let level = heading.prefix { $0 == "#" }.count
        var end = start + 1
        while end < lines.count {
            let hashes = lines[end].prefix { $0 == "#" }.count
            if hashes > 0, hashes <= level { break }
            end += 1
        }
        return Array(lines[(start + 1)..<end])
    }

    /// The words in backticks in `text`, in order.
    public static func quoted(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .compactMap { $0.offset % 2 == 1 ? String($0.element) : nil }
    }

    /// Whether a backticked word is an error code (lower-case words joined by `-`).
    public static func isErrorCode(_ word: String) -> Bool {
        word.first?.isLowercase == true && word.allSatisfy { ($0.isASCII && $0.isLowercase) || $0 == "-" }
    }

    // MARK: §3

    /// A row of §3's table: the code, and when it is sent.
    public struct ErrorRow: Sendable, CustomStringConvertible {
        public let line: Int
        public let code: String
        public let when: String
        public var description: String { "Protocol.md line \(line): \(code)" }
    }

    /// The rows of §3's table of error codes, in order.
    public var errorRows: [ErrorRow] {
        guard let start = lines.firstIndex(where: { $0.hasPrefix("## 3. Errors") }) else { return [] }
        var rows: [ErrorRow] = []
        var index = start + 1
        while index < lines.count, !lines[index].hasPrefix("## ") {
            let line = lines[index]
            if line.hasPrefix("| `") {
                let cells = line.split(separator: "|", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
                if cells.count >= 2, let code = Self.quoted(cells[0]).first {
                    rows.append(ErrorRow(line: index + 1, code: code, when: cells[1...].joined(separator: "|")))
                }
            }
            index += 1
        }
        return rows
    }

    /// An item of §3's "in the order each command checks it" list: what it is for (`NAME`, `HOST <room> <key>`,
    /// `RULES` with settings…) and its error codes in the document's order. A code in parentheses, or said to
    /// come "in its place", comes in the place of the one before it (on a server of a fleet, past an allowance).
    /// "those of `CHECK`" stands for the codes of the command named, listed before it, at that place.
    public struct CheckOrder: Sendable, CustomStringConvertible {
        public let line: Int
        public let label: String
        public let codes: [(code: String, inPlaceOfPrevious: Bool)]
        public var order: [String] { codes.map(\.code) }
        public var description: String { "Protocol.md line \(line): \(label)" }
    }

    /// §3's list of what each command checks, in order: one item per command (`RULES`'s two forms apart).
    public var checkOrders: [CheckOrder] {
        let section = section("## 3. Errors")
        guard let start = section.firstIndex(where: { $0.hasPrefix("4. Your state, in the order each command checks it") }),
              let base = lines.firstIndex(where: { $0.hasPrefix("## 3. Errors") }) else { return [] }
        // Items start with "   - "; their lines continue, more indented, up to the next item or a blank line.
        var items: [(line: Int, text: String)] = []
        for (offset, line) in section[(start + 1)...].enumerated() {
            if line.trimmingCharacters(in: .whitespaces).isEmpty { break }
            if line.hasPrefix("   - ") {
                items.append((base + 1 + start + 1 + offset + 1, String(line.dropFirst(5))))
            } else if !items.isEmpty {
                items[items.count - 1].text += " " + line.trimmingCharacters(in: .whitespaces)
            }
        }
        var orders: [CheckOrder] = []
        for item in items {
            // "`RULES` alone: `not-in-room`. `RULES` with settings: …" holds two.
            let parts = item.text.components(separatedBy: ". `").enumerated().map { $0.offset == 0 ? $0.element : "`" + $0.element }
            for part in parts {
                guard let colon = part.range(of: ": ") else { continue }
                let label = String(part[..<colon.lowerBound])
                var codes: [(String, Bool)] = []
                var depth = 0
                var before: Substring = ""
                for (offset, piece) in part[colon.upperBound...].split(separator: "`", omittingEmptySubsequences: false).enumerated() {
                    defer { before = piece }
                    if offset % 2 == 0 {
                        depth += piece.filter { $0 == "(" }.count - piece.filter { $0 == ")" }.count
                    } else if Self.isErrorCode(String(piece)) {
                        codes.append((String(piece), depth > 0))
                    } else if before.hasSuffix("those of ") {
                        // "`SAVE`: those of `CHECK`, then …": the codes of an item above, in their places (an item
                        // not found stays a code of its own, which no case can answer, so that a test says so).
                        let earlier = orders.first { $0.label == "`\(piece)`" }
                        codes += earlier?.codes.map { ($0.code, $0.inPlaceOfPrevious) } ?? [("those of `\(piece)`", false)]
                    }
                    // "`slow-down` in its place": an alternative too, outside parentheses.
                    if offset % 2 == 0, piece.hasPrefix(" in its place"), !codes.isEmpty { codes[codes.count - 1].1 = true }
                }
                orders.append(CheckOrder(line: item.line, label: label, codes: codes))
            }
        }
        return orders
    }

    /// The bullets of the list that follows the first line of `heading`'s section holding `lead` (for
    /// "On success, in this order:"), each joined into one line.
    public func bullets(in heading: String, after lead: String) -> [String] {
        let section = section(heading)
        guard let start = section.firstIndex(where: { $0.contains(lead) }) else { return [] }
        var bullets: [String] = []
        for line in section[(start + 1)...] {
            if line.trimmingCharacters(in: .whitespaces).isEmpty { if bullets.isEmpty { continue } else { break } }
            if line.hasPrefix("- ") {
                bullets.append(String(line.dropFirst(2)))
            } else if !bullets.isEmpty {
                bullets[bullets.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
            }
        }
        return bullets
    }

    /// The words a list names, in its order: the first word of each backticked span written in capitals
    /// (`OK JOIN <room>:string` is `OK`, `TOP` is `TOP`), and, where `glossary` has a phrase of the text (the
    /// leaderboard), the word it stands for, at its place.
    public static func keywords(_ text: String, glossary: [String: String] = [:]) -> [String] {
        var found: [(at: String.Index, word: String)] = []
        var inside = false
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "`" {
                inside.toggle()
                if inside {
                    let start = text.index(after: index)
                    let end = text[start...].firstIndex(of: "`") ?? text.endIndex
                    let word = text[start..<end].prefix { $0 != " " }
                    if !word.isEmpty, word.allSatisfy({ $0.isUppercase }) { found.append((index, String(word))) }
                }
            }
            index = text.index(after: index)
        }
        for (phrase, word) in glossary {
            var rest = text.startIndex..<text.endIndex
            while let range = text.range(of: phrase, range: rest) {
                found.append((range.lowerBound, word))
                rest = range.upperBound..<text.endIndex
            }
        }
        return found.sorted { $0.at < $1.at }.map(\.word)
    }
}
