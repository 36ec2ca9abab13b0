import WordGame

/// The lines sent all game long, read without building strings: `ANSWER 3 y`,
/// `a 3 n`, `ANSWER wrong`, `y`. The general parser uppercases and splits
/// into new strings, about a microsecond a line (as much as the rest of an
/// answer's handling in a room of 10,000); this reads the line's bytes once.
///
/// It takes only lines of ASCII letters, digits and spaces that are one of
/// those forms, valid; everything else, errors included, is nil and left to
/// the general path, which gives the same command for every line taken here
/// (CommonAnswersTests compares the two over seeded random lines).
extension ClientCommand {
    static func parseCommonAnswer(_ line: String) -> ClientCommand? {
        line.utf8.withContiguousStorageIfAvailable(parseCommonAnswer(bytes:)) ?? nil
    }

    /// The keywords of `ANSWER`, uppercase.
    static let answerKeywords = [ClientKeyword.answer.rawValue] + ClientKeyword.aliases.filter { $0.value == .answer }.map(\.key)

    private static func parseCommonAnswer(bytes: UnsafeBufferPointer<UInt8>) -> ClientCommand? {
        // Up to three words, split by runs of spaces.
        var words = (0..<0, 0..<0, 0..<0), count = 0, index = 0
        while index < bytes.count {
            if bytes[index] == space {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, bytes[end] != space {
                guard isLetterOrDigit(bytes[end]) else { return nil }
                end += 1
            }
            switch count {
            case 0: words.0 = index..<end
            case 1: words.1 = index..<end
            case 2: words.2 = index..<end
            default: return nil
            }
            count += 1
            index = end
        }
        func answer(_ word: Range<Int>) -> Answer? {
            let key = packedUppercase(bytes, word)
            return key == nil ? nil : packedAnswers.first { $0.key == key }?.answer
        }
        switch count {
        case 1:
            return answer(words.0).map { .answer(round: nil, $0) }
        case 2, 3:
            guard let keyword = packedUppercase(bytes, words.0), packedAnswerKeywords.contains(keyword) else { return nil }
            if count == 2 { return answer(words.1).map { .answer(round: nil, $0) } }
            guard let round = WireNumber.parse(utf8: UnsafeBufferPointer(rebasing: bytes[words.1])),
                  let given = answer(words.2) else { return nil }
            return .answer(round: round, given)
        default:
            return nil  // a blank line
        }
    }

    private static let space = UInt8(ascii: " ")

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// A word of at most 8 ASCII bytes, uppercased, as one integer; nil if longer.
    private static func packedUppercase(_ bytes: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> UInt64? {
        guard word.count <= 8 else { return nil }
        var packed: UInt64 = 0
        for index in word {
            let byte = bytes[index]
            packed = packed << 8 | UInt64((0x61...0x7A).contains(byte) ? byte - 0x20 : byte)
        }
        return packed
    }

    private static func packed(_ word: String) -> UInt64 {
        Array(word.utf8).withUnsafeBufferPointer { packedUppercase($0, 0..<$0.count)! }
    }

    private static let packedAnswers = ClientKeyword.answerWords.map { (key: packed($0.key), answer: $0.value) }
    private static let packedAnswerKeywords = answerKeywords.map(packed)
}
