import WordGameProtocol

/// Lines over TCP, as `nc` and the terminal client send them (Protocol.md §1):
/// bytes are cut at each line end and handed to the `LineFramer` a line at a
/// time, and lines leave as they are written.
final class LineFraming: Framing {
    private var input = InputBuffer()
    private var framer: LineFramer

    init(maxLineBytes: Int) {
        framer = LineFramer(maxLineBytes: maxLineBytes)
    }

    func append(_ bytes: UnsafeRawBufferPointer) { input.append(bytes) }

    var hasInput: Bool { !input.isEmpty }

    func next() -> Inbound {
        .frames(framer.feed(input.takeLine()))
    }

    var discardedByteCount: Int { framer.discardedByteCount }

    func discardInput() { input.clear() }

    var output: any OutputFraming { PlainLines.shared }

    var startsAsSession: Bool { true }

    func goodbye() -> [UInt8]? { nil }
}
