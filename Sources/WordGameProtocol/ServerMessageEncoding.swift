/// Server lines as bytes. A round's close writes a line for every player of
/// a room of thousands, so lines are written straight into a byte buffer:
/// no `Any`, no string interpolation, no intermediate strings.
extension ServerMessage {
    /// The line, without its LF.
    public var line: String {
        var bytes: [UInt8] = []
        encode(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the line and its LF to `bytes`.
    public func encodeLine(into bytes: inout [UInt8]) {
        encode(into: &bytes)
        bytes.append(0x0A)
    }

    /// Appends the line, without its LF. Strings are quoted (`Quoting.quote`),
    /// numbers and keywords bare, fields separated by one space.
    public func encode(into bytes: inout [UInt8]) {
        var w = LineWriter(bytes: bytes)
        bytes = []  // `w` holds the only reference: appends do not copy
        defer { bytes = w.bytes }
        switch self {
        case .welcome(let version, let hint): w.word("WORDGAME"); w.number(version); w.quoted(hint)
        case .help(let text): w.word("HELP"); w.quoted(text)
        case .end(let keyword): w.word("END"); w.word(keyword)
        case .nameSet(let name): w.word("OK"); w.word("NAME"); w.quoted(name)
        case .joined(let room): w.word("OK"); w.word("JOIN"); w.quoted(room)
        case .left(let room): w.word("OK"); w.word("LEAVE"); w.quoted(room)
        case .hosted(let room, let key): w.word("OK"); w.word("HOST"); w.quoted(room); w.quoted(key)
        case .watchingRoom(let room): w.word("OK"); w.word("WATCH"); w.quoted(room)
        case .lockSet(let locked): w.word("OK"); w.word(locked ? "LOCK" : "UNLOCK")
        case .kicked(let name): w.word("OK"); w.word("KICK"); w.quoted(name)
        case .stopped: w.word("OK"); w.word("STOP")
        case .closed(let room): w.word("OK"); w.word("CLOSE"); w.quoted(room)
        case .answerTaken(let round, let answer): w.word("OK"); w.word("ANSWER"); w.number(round); w.word(answer.rawValue)
        case .error(let error): w.word("ERROR"); w.word(error.code.rawValue); w.quoted(error.text)
        case .room(let r): w.word("ROOM"); w.quoted(r.name); w.word(r.state.rawValue); w.number(r.members); w.quoted(r.host); w.number(r.autoStart)
        case .members(let total, let names): w.word("MEMBERS"); w.number(total); for name in names { w.quoted(name) }
        case .you(let state): w.word("YOU"); w.word(state.rawValue)
        case .starting(let ms): w.word("STARTING"); w.number(ms)
        case .game(let g): w.word("GAME"); w.number(g.pairs); w.number(g.roundMilliseconds); w.number(g.maxIncorrect); w.number(g.players)
        case .round(let r): w.word("ROUND"); w.number(r.number); w.number(r.pairs); w.quoted(r.english); w.quoted(r.spanish); w.number(r.milliseconds)
        case .progress(let round, let answered, let playing): w.word("PROGRESS"); w.number(round); w.number(answered); w.number(playing)
        case .reveal(let r):
            w.word("REVEAL"); w.number(r.number); w.quoted(r.english); w.quoted(r.spanish); w.word(r.truth.rawValue); w.quoted(r.translation)
        case .result(let r):
            w.word("RESULT"); w.number(r.number); w.word(r.verdict.rawValue); w.number(r.correct); w.number(r.wrong); w.number(r.rank); w.number(r.ranked)
        case .top(let t): w.word("TOP"); w.number(t.rank); w.quoted(t.name); w.number(t.correct); w.number(t.wrong); w.number(t.milliseconds)
        case .gameOver(let g): w.word("GAMEOVER"); w.number(g.rank); w.number(g.ranked); w.number(g.correct); w.number(g.wrong); w.number(g.milliseconds)
        case .info(let text): w.word("INFO"); w.quoted(text)
        case .pong: w.word("PONG")
        case .bye(let text): w.word("BYE"); w.quoted(text)
        case .notice(let event, let text): w.word("NOTICE"); w.word(event.rawValue); w.quoted(text)
        case .roster(let name): w.word("ROSTER"); w.quoted(name)
        case .arrived(let name): w.word("ARRIVED"); w.quoted(name)
        case .departed(let name, let why): w.word("DEPARTED"); w.quoted(name); w.word(why.rawValue)
        case .waiting(let count, let names): w.word("WAITING"); w.number(count); for name in names { w.quoted(name) }
        case .tally(let t): w.word("TALLY"); w.number(t.number); w.number(t.right); w.number(t.wrong); w.number(t.timeout)
        case .ranking(let r):
            w.word("RANKING"); w.number(r.rank); w.quoted(r.name); w.number(r.correct); w.number(r.wrong); w.number(r.milliseconds); w.number(r.outAt)
        case .resumed(let name, let room): w.word("OK"); w.word("RESUME"); w.quoted(name); w.quoted(room)
        case .token(let code, let grace): w.word("TOKEN"); w.quoted(code); w.number(grace)
        case .score(let correct, let wrong, let rank, let ranked): w.word("SCORE"); w.number(correct); w.number(wrong); w.number(rank); w.number(ranked)
        }
    }
}

/// Appends fields to a line: a space before every field but the first.
private struct LineWriter {
    var bytes: [UInt8]
    private let start: Int

    init(bytes: [UInt8]) {
        self.bytes = bytes
        start = bytes.count
    }

    private mutating func separate() {
        if bytes.count > start { bytes.append(0x20) }
    }

    mutating func word(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
    }

    mutating func number<N: BinaryInteger>(_ value: N) {
        separate()
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude != 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// `Quoting.quote`, byte by byte: the only bytes it changes are `"`, `\`
    /// and control characters (C0, DEL, and C1, which UTF-8 writes as C2 80–9F).
    mutating func quoted(_ text: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var utf8 = text.utf8.makeIterator()
        var pendingC2 = false
        while let byte = utf8.next() {
            if pendingC2 {
                pendingC2 = false
                if byte >= 0x80 && byte <= 0x9F {
                    escape(UInt32(byte))  // U+0080–U+009F
                    continue
                }
                bytes.append(0xC2)
            }
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case 0x00..<0x20, 0x7F: escape(UInt32(byte))
            case 0xC2: pendingC2 = true
            default: bytes.append(byte)
            }
        }
        if pendingC2 { bytes.append(0xC2) }  // cannot happen in valid UTF-8
        bytes.append(UInt8(ascii: "\""))
    }

    /// `\u{HEX}`, upper-case hexadecimal without leading zeros, as `Quoting.quote` writes it.
    private mutating func escape(_ value: UInt32) {
        bytes.append(contentsOf: "\\u{".utf8)
        bytes.append(contentsOf: String(value, radix: 16, uppercase: true).utf8)
        bytes.append(UInt8(ascii: "}"))
    }
}
