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
        case .welcome(let version, let hint): w.keyword(.welcome); w.number(version); w.quoted(hint)
        case .help(let text): w.keyword(.help); w.quoted(text)
        case .end(let block): w.keyword(.end); w.word(block.rawValue)
        case .nameSet(let name): w.keyword(.ok); w.confirmed(.name); w.quoted(name)
        case .joined(let room): w.keyword(.ok); w.confirmed(.join); w.quoted(room)
        case .left(let room): w.keyword(.ok); w.confirmed(.leave); w.quoted(room)
        case .hosted(let room, let key): w.keyword(.ok); w.confirmed(.host); w.quoted(room); w.quoted(key)
        case .watchingRoom(let room): w.keyword(.ok); w.confirmed(.watch); w.quoted(room)
        case .lockSet(let locked): w.keyword(.ok); w.confirmed(locked ? .lock : .unlock)
        case .kicked(let name): w.keyword(.ok); w.confirmed(.kick); w.quoted(name)
        case .stopped: w.keyword(.ok); w.confirmed(.stop)
        case .closed(let room): w.keyword(.ok); w.confirmed(.close); w.quoted(room)
        case .answerTaken(let round, let answer): w.keyword(.ok); w.confirmed(.answer); w.number(round); w.word(answer.rawValue)
        case .error(let error): w.keyword(.error); w.word(error.code.rawValue); w.quoted(error.text)
        case .room(let r):
            w.keyword(.room); w.quoted(r.name); w.word(r.state.rawValue); w.number(r.members); w.quoted(r.host); w.number(r.autoStart)
        case .members(let total, let names): w.keyword(.members); w.number(total); for name in names { w.quoted(name) }
        case .you(let state): w.keyword(.you); w.word(state.rawValue)
        case .starting(let ms): w.keyword(.starting); w.number(ms)
        case .game(let g): w.keyword(.game); w.number(g.pairs); w.number(g.roundMilliseconds); w.number(g.maxIncorrect); w.number(g.players)
        case .round(let r):
            w.keyword(.round); w.number(r.number); w.number(r.pairs); w.quoted(r.english); w.quoted(r.spanish); w.number(r.milliseconds)
        case .progress(let round, let answered, let playing): w.keyword(.progress); w.number(round); w.number(answered); w.number(playing)
        case .reveal(let r):
            w.keyword(.reveal); w.number(r.number); w.quoted(r.english); w.quoted(r.spanish)
            w.word(r.truth.rawValue); w.quoted(r.translation)
        case .result(let r):
            w.keyword(.result); w.number(r.number); w.word(r.verdict.rawValue)
            w.number(r.correct); w.number(r.wrong); w.number(r.rank); w.number(r.ranked)
        case .top(let t):
            w.keyword(.top); w.number(t.rank); w.quoted(t.name); w.number(t.correct); w.number(t.wrong); w.number(t.milliseconds)
        case .gameOver(let g):
            w.keyword(.gameOver); w.number(g.rank); w.number(g.ranked); w.number(g.correct); w.number(g.wrong); w.number(g.milliseconds)
        case .info(let text): w.keyword(.info); w.quoted(text)
        case .pong: w.keyword(.pong)
        case .bye(let text): w.keyword(.bye); w.quoted(text)
        case .notice(let event, let text): w.keyword(.notice); w.word(event.rawValue); w.quoted(text)
        case .roster(let name): w.keyword(.roster); w.quoted(name)
        case .arrived(let name): w.keyword(.arrived); w.quoted(name)
        case .departed(let name, let why): w.keyword(.departed); w.quoted(name); w.word(why.rawValue)
        case .waiting(let count, let names): w.keyword(.waiting); w.number(count); for name in names { w.quoted(name) }
        case .tally(let t): w.keyword(.tally); w.number(t.number); w.number(t.right); w.number(t.wrong); w.number(t.timeout)
        case .ranking(let r):
            w.keyword(.ranking); w.number(r.rank); w.quoted(r.name)
            w.number(r.correct); w.number(r.wrong); w.number(r.milliseconds); w.number(r.outAt)
        case .resumed(let name, let room): w.keyword(.ok); w.confirmed(.resume); w.quoted(name); w.quoted(room)
        case .token(let code, let grace): w.keyword(.token); w.quoted(code); w.number(grace)
        case .restarting(let grace): w.keyword(.restarting); w.number(grace)
        case .score(let correct, let wrong, let rank, let ranked):
            w.keyword(.score); w.number(correct); w.number(wrong); w.number(rank); w.number(ranked)
        case .played(let p):
            w.keyword(.played); w.number(p.reveal.number); w.quoted(p.reveal.english); w.quoted(p.reveal.spanish)
            w.word(p.reveal.truth.rawValue); w.quoted(p.reveal.translation); w.word(p.outcome.rawValue)
        case .web(let url): w.keyword(.web); w.quoted(url)
        case .saved(let game): w.keyword(.saved); w.number(game)
        case .games(let games): w.keyword(.games); w.number(games)
        case .rules(let r):
            w.keyword(.rules); w.number(r.pairs); w.number(r.roundMilliseconds); w.number(r.maxIncorrect); w.quoted(r.list)
        case .wordList(let name, let words): w.keyword(.wordList); w.quoted(name); w.number(words)
        case .rulesSet: w.keyword(.ok); w.confirmed(.rules)
        case .moved(let place): w.keyword(.moved); w.quoted(place.host); w.number(place.port); w.quoted(place.web)
        case .hardest(let h):
            w.keyword(.hardest); w.number(h.rank); w.number(h.reveal.number); w.quoted(h.reveal.english); w.quoted(h.reveal.spanish)
            w.word(h.reveal.truth.rawValue); w.quoted(h.reveal.translation); w.number(h.right); w.number(h.wrong); w.number(h.timeout)
        case .practising(let list): w.keyword(.ok); w.confirmed(.practice); w.quoted(list)
        case .languages(let from, let to): w.keyword(.languages); w.quoted(from); w.quoted(to)
        case .list(let l): w.keyword(.list); w.quoted(l.name); w.number(l.pairs); w.quoted(l.from); w.quoted(l.to); w.word(l.kind.rawValue)
        case .skipped(let s): w.keyword(.skipped); w.number(s.line); w.word(s.why.rawValue); w.quoted(s.text)
        case .uploaded(let u):
            w.keyword(.uploaded); w.quoted(u.name); w.number(u.pairs); w.number(u.skipped); w.quoted(u.from); w.quoted(u.to)
        case .listKey(let name, let key): w.keyword(.listKey); w.quoted(name); w.quoted(key)
        case .done(let command): w.keyword(.ok); w.confirmed(command)
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

    mutating func keyword(_ keyword: ServerKeyword) { word(keyword.rawValue) }

    mutating func confirmed(_ command: ConfirmedCommand) { word(command.rawValue) }

    mutating func word(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
    }

    mutating func number<N: BinaryInteger>(_ value: N) {
        separate()
        DecimalDigits.append(value, to: &bytes)
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
