/// One column of a frame's row. A cluster that takes two columns (漢, 🍎)
/// starts in one cell and fills the next with a continuation, so a column
/// number in the frame is a column on the screen.
enum FrameCell: Equatable, Sendable {
    /// A grapheme cluster that starts in this column and takes `width` columns (1 or 2).
    case cluster(Character, width: Int)
    /// The second column of the wide cluster in the cell to the left.
    case continuation

    static let space = FrameCell.cluster(" ", width: 1)

    var character: Character? {
        if case .cluster(let character, _) = self { return character }
        return nil
    }

    var width: Int {
        if case .cluster(_, let width) = self { return width }
        return 0
    }
}

extension Character {
    /// Whether these two clusters, side by side, would become one: a lone
    /// regional indicator beside another (a flag), an emoji ending in a
    /// zero-width joiner beside another emoji, a Hangul initial beside a
    /// vowel, a cluster that begins with a mark. A frame never puts such
    /// neighbours in two cells: the terminal would draw them as one glyph of
    /// another width, and every column after them would move.
    func joins(_ next: Character) -> Bool {
        // Printable ASCII never joins, and controls never reach a cell.
        if isASCII && next.isASCII { return false }
        var pair = String(self)
        pair.append(next)
        return pair.count < 2
    }
}
