import Foundation
import Testing
import WordGameTestSupport

/// One side of a conversation with the server, as a transcript of Protocol.md shows it: what one client typed
/// and read.
protocol TranscriptPeer {
    func send(_ line: String)
    /// The next line the server sent this client; nil when it sent nothing more.
    func nextLine() throws -> String?
    /// Lines the server sent that nobody has compared yet (checked when a transcript ends).
    func unreadLines() throws -> [String]
}

/// A client of `HubWorld`: what it reads is what the hub sent it so far.
struct HubPeer: TranscriptPeer {
    let world: HubWorld
    let client: HubWorld.Client

    func send(_ line: String) { world.type(line, from: client) }
    func nextLine() -> String? { client.unread.isEmpty ? nil : client.unread.removeFirst() }
    func unreadLines() -> [String] { client.unread }
}

/// A client over a real socket: it waits for each line (generously, for a loaded machine).
struct SocketPeer: TranscriptPeer {
    let client: TestClient

    func send(_ line: String) { client.send(line) }
    func nextLine() throws -> String? { try client.nextLine(timeout: 10) }
    /// Everything the server sent before its answer to a `PING` sent now: what it had to say is out before that
    /// (one connection's lines keep their order), however late a loaded machine sends it. A connection the
    /// transcript closed answers nothing: then what came before the close.
    func unreadLines() throws -> [String] {
        client.send("PING")
        var lines: [String] = []
        while let line = try client.nextLine(timeout: 10), line != "PONG", line != "Pong: the server is there." { lines.append(line) }
        return lines
    }
}

/// Replays one of Protocol.md's transcripts against the server: each line after `> ` is sent when its turn
/// comes, and each other line is compared, whole, with the next line the server sent. What differs from run
/// to run (a resume code, a key, a port) is declared as a variable: the document's value and a pattern for
/// the server's. The first time it is matched, the server's value is bound to the document's, and from then
/// on the line must hold that very value, where the server sends it and where the transcript types it.
/// No line is skipped: a test moves the other people of the transcript between its steps (`run(through:)`).
final class TranscriptReplay {
    /// Patterns of what a run picks.
    enum Pattern {
        static let codeAlphabet = "[ABCDEFGHJKMNPQRTUVWXY346789]"
        /// A resume code: 8 characters of the room-code alphabet.
        static let resumeCode = codeAlphabet + "{8}"
        /// A room code: 4 or 5 characters.
        static let roomCode = codeAlphabet + "{4,5}"
        /// A host's key: 12 characters.
        static let key = codeAlphabet + "{12}"
        static let number = "[0-9]+"
    }

    let block: ProtocolDocument.Block
    private let entries: [ProtocolDocument.Entry]
    private let peer: TranscriptPeer
    private var cursor = 0
    private var variables: [(document: String, pattern: String)] = []
    /// The server's value for each variable, by the document's value in capitals.
    private var bindings: [String: String] = [:]
    /// What a typed entry sends, where it is not what it shows (an arrow key).
    private var keys: [String: String] = [:]
    private var failed = false
    /// Lines compared and lines typed.
    private(set) var compared = 0
    private(set) var typed = 0

    init(_ block: ProtocolDocument.Block, _ peer: TranscriptPeer) {
        self.block = block
        entries = block.entries
        self.peer = peer
    }

    /// `document`, wherever it appears in the transcript, is a value the server picks, of `pattern`.
    func variable(_ document: String, _ pattern: String) {
        variables.append((document, pattern))
    }

    /// `document` stands for `actual`, known before the transcript shows it.
    func bind(_ document: String, to actual: String) {
        if !variables.contains(where: { $0.document == document }) {
            variables.append((document, NSRegularExpression.escapedPattern(for: actual)))
        }
        bindings[document.uppercased()] = actual.uppercased()
    }

    /// A typed entry showing `shown` sends `sent` (`→` sends the key's escape sequence).
    func key(_ shown: String, sends sent: String) { keys[shown] = sent }

    /// Runs the transcript up to and including the first entry from here on that starts with `text` (a typed one
    /// written with its `> `).
    func run(through text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard !failed else { return }
        guard let target = entries[cursor...].firstIndex(where: { ($0.typed ? "> " + $0.text : $0.text).hasPrefix(text) }) else {
            fail("no entry from \(entries.indices.contains(cursor) ? entries[cursor].description : "the end") on starts with: \(text)",
                 sourceLocation)
            return
        }
        while cursor <= target, !failed { step(sourceLocation) }
    }

    /// Runs the rest of the transcript; the server must have sent nothing more.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        while cursor < entries.count, !failed { step(sourceLocation) }
        guard !failed else { return }
        do {
            let left = try peer.unreadLines()
            if !left.isEmpty {
                fail("after the transcript's last line, the server sent:\n  " + left.joined(separator: "\n  "), sourceLocation)
            }
        } catch {
            fail("\(error)", sourceLocation)
        }
    }

    private func step(_ sourceLocation: SourceLocation) {
        let entry = entries[cursor]
        cursor += 1
        if entry.typed {
            guard let line = substituted(entry.text, sourceLocation) else { return }
            peer.send(keys[line] ?? line)
            typed += 1
            return
        }
        do {
            guard let line = try peer.nextLine() else {
                fail("the server sent nothing where Protocol.md \(entry) is shown", sourceLocation)
                return
            }
            guard matches(entry.text, line) else {
                fail("Protocol.md \(entry)\n  the server sent: \(line)", sourceLocation)
                return
            }
            compared += 1
        } catch {
            fail("at Protocol.md \(entry): \(error)", sourceLocation)
        }
    }

    /// The pieces of a document's line: literal text, and variables (with the case they are written in).
    private func pieces(_ text: String) -> [(text: String, variable: String?)] {
        var pieces: [(String, String?)] = [(text, nil)]
        for (document, _) in variables {
            pieces = pieces.flatMap { piece -> [(String, String?)] in
                guard piece.1 == nil else { return [piece] }
                var out: [(String, String?)] = []
                var rest = Substring(piece.0)
                while let range = rest.range(of: document, options: .caseInsensitive) {
                    out.append((String(rest[..<range.lowerBound]), nil))
                    out.append((String(rest[range]), document))
                    rest = rest[range.upperBound...]
                }
                out.append((String(rest), nil))
                return out
            }
        }
        return pieces
    }

    /// Whether the server's `line` is the document's `text`, its variables bound (binding those met first).
    private func matches(_ text: String, _ line: String) -> Bool {
        let pieces = pieces(text)
        var pattern = "^"
        var captured: [String] = []
        for (text, variable) in pieces {
            guard let variable else {
                pattern += NSRegularExpression.escapedPattern(for: text)
                continue
            }
            if let bound = bindings[variable.uppercased()] {
                pattern += NSRegularExpression.escapedPattern(for: Self.inCase(of: text, bound))
            } else {
                let shape = variables.first { $0.document == variable }!.pattern
                pattern += "(" + (Self.isLower(text) ? shape.lowercased() : shape) + ")"
                captured.append(variable)
            }
        }
        guard let expression = try? NSRegularExpression(pattern: pattern + "$"),
              let match = expression.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else { return false }
        for (index, variable) in captured.enumerated() {
            let value = String(line[Range(match.range(at: index + 1), in: line)!]).uppercased()
            if let bound = bindings[variable.uppercased()], bound != value { return false }  // one variable, twice in the line
            bindings[variable.uppercased()] = value
        }
        return true
    }

    /// A typed line with each variable replaced by the server's value; nil (and a failure) if one is not known yet.
    private func substituted(_ text: String, _ sourceLocation: SourceLocation) -> String? {
        var line = ""
        for (text, variable) in pieces(text) {
            guard let variable else { line += text; continue }
            guard let bound = bindings[variable.uppercased()] else {
                fail("\(text) is typed before the server gave its value (bind it first)", sourceLocation)
                return nil
            }
            line += Self.inCase(of: text, bound)
        }
        return line
    }

    private static func isLower(_ text: String) -> Bool { text == text.lowercased() && text != text.uppercased() }
    private static func inCase(of text: String, _ value: String) -> String { isLower(text) ? value.lowercased() : value }

    private func fail(_ what: String, _ sourceLocation: SourceLocation) {
        failed = true
        Issue.record("\(block): \(what)", sourceLocation: sourceLocation)
    }
}
