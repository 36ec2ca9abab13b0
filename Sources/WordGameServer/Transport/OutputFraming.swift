import WordGameProtocol

/// How lines leave on one transport: the output half of the seam, which a
/// transport's `Framing` brings (`Framing.output`). The write path never asks
/// which transport it is: a send is encoded once as lines, then once per
/// kind of output framing among its readers (`OutputFramingCache`), and a
/// reader's own line is appended with `append`. A new transport is a new
/// conformance; nothing in the write path changes.
///
/// Conformances are stateless and shared by every connection of their
/// transport: one instance each (`shared`), so that its identity names the kind.
protocol OutputFraming: AnyObject, Sendable {
    /// `lines` (each ending in LF) as this transport carries them.
    func wrap(_ lines: [UInt8]) -> [UInt8]

    /// Appends one message's line as this transport carries it. `scratch` is
    /// the caller's, reused, so that a pair's close to thousands of readers
    /// allocates nothing a reader.
    func append(_ message: ServerMessage, into bytes: inout [UInt8], scratch: inout [UInt8])

    /// What to send a reader nothing has come from for a while, so that a
    /// peer gone without a word is found (a WebSocket ping); nil when the
    /// transport has nothing of the kind (over TCP, the idle limit does it).
    var keepAlive: [UInt8]? { get }
}

/// Lines over TCP leave as they are written.
final class PlainLines: OutputFraming {
    static let shared = PlainLines()

    func wrap(_ lines: [UInt8]) -> [UInt8] { lines }

    func append(_ message: ServerMessage, into bytes: inout [UInt8], scratch: inout [UInt8]) {
        message.encodeLine(into: &bytes)
    }

    var keepAlive: [UInt8]? { nil }
}

/// One send's bytes for each kind of output framing among its readers, made
/// on first need: a handful of kinds at most, so a short list beats a dictionary.
struct OutputFramingCache<Value> {
    private var entries: [(kind: ObjectIdentifier, value: Value)] = []

    mutating func value(for framing: any OutputFraming, making make: (any OutputFraming) -> Value) -> Value {
        let kind = ObjectIdentifier(framing)
        for entry in entries where entry.kind == kind { return entry.value }
        let value = make(framing)
        entries.append((kind, value))
        return value
    }
}
