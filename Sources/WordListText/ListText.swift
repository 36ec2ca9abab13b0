import WordGame

/// A teacher's text read into pairs, line by line, the way people keep word
/// lists: tab-separated (a spreadsheet, Quizlet's export), CSV with its
/// quotes, or `;`-separated CSV (Excel in much of Europe). One reader, on the
/// server: the pages and the projector send the lines as they are.
/// Pure: lines in, pairs and the lines not read out.
public enum ListText {
    /// Why a line was not read (`SKIPPED`'s `<why>`, Protocol.md §4, UPLOAD).
    public typealias Skip = ListSkip

    /// A line not read: its number among the lines (1-based), why, and its text as sent.
    public struct Skipped: Equatable, Sendable {
        public var line: Int
        public var why: Skip
        public var text: String

        public init(line: Int, why: Skip, text: String) {
            self.line = line
            self.why = why
            self.text = text
        }
    }

    /// What the lines held.
    public struct Reading: Equatable, Sendable {
        /// The pairs, in the order of their lines, each side trimmed: `english` the word that stays
        /// (the `from` language), `spanish` the one that falls (`to`).
        public var pairs: [WordEntry] = []
        /// Every line not read, in order (blank lines are not among them).
        public var skipped: [Skipped] = []
        /// The list's languages: those given, or those its header named; nil when neither did.
        public var from: String?
        public var to: String?
        /// The number of the line read as a header, if one was.
        public var header: Int?
    }

    /// Reads `lines` (without their line ends). `from` and `to`: the languages
    /// given with the upload, `""` when not given (a header may name them).
    public static func read(_ lines: [String], from: String, to: String) -> Reading {
        let given = (from: from.trimmedWord, to: to.trimmedWord)
        var reading = Reading(from: given.from.isEmpty ? nil : given.from, to: given.to.isEmpty ? nil : given.to)
        let separator = ListCells.separator(of: lines)
        var seen = Set<WordEntry>()
        var first = true
        for (index, raw) in lines.enumerated() {
            // Excel begins a UTF-8 CSV with a byte order mark.
            let line = index == 0 && raw.hasPrefix("\u{FEFF}") ? String(raw.dropFirst()) : raw
            let cells = ListCells.cells(line, separator: separator).map(\.trimmedWord)
            guard cells.contains(where: { !$0.isEmpty }) else { continue }  // blank, or separators only
            let number = index + 1
            let isFirst = first
            first = false
            guard cells.count >= 2, cells.dropFirst(2).allSatisfy(\.isEmpty) else {
                reading.skipped.append(Skipped(line: number, why: .columns, text: raw))
                continue
            }
            let (left, right) = (cells[0], cells[1])
            if isFirst, let header = header(left, right, given: given) {
                reading.header = number
                if reading.from == nil { reading.from = header.from }
                if reading.to == nil { reading.to = header.to }
                continue
            }
            if let why = problem(left, right) {
                reading.skipped.append(Skipped(line: number, why: why, text: raw))
                continue
            }
            let pair = WordEntry(english: left, spanish: right)
            guard seen.insert(pair).inserted else {
                reading.skipped.append(Skipped(line: number, why: .duplicate, text: raw))
                continue
            }
            reading.pairs.append(pair)
        }
        return reading
    }

    /// Why a pair's sides cannot be read, in the order checked; nil when they can.
    static func problem(_ left: String, _ right: String) -> Skip? {
        if left.isEmpty || right.isEmpty { return .empty }
        if !SideCheck.isShowable(left) || !SideCheck.isShowable(right) { return .unshowable }
        if !SideCheck.fits(left) || !SideCheck.fits(right) { return .tooLong }
        return nil
    }

    /// The first line read as a header: both cells name languages (the
    /// table's, or those given, in any case), or are column titles
    /// (`term`/`definition`, `word`/`translation`). The languages it names,
    /// nil for titles.
    static func header(_ left: String, _ right: String, given: (from: String, to: String))
        -> (from: String?, to: String?)? {
        if LanguageNames.areTitles(left, right) { return (nil, nil) }
        func named(_ cell: String, _ given: String) -> String? {
            if !given.isEmpty, cell.lowercased() == given.lowercased() { return given }
            return LanguageNames.language(cell)
        }
        guard let from = named(left, given.from), let to = named(right, given.to) else { return nil }
        return (from, to)
    }
}
