/// Big letters for the room code on a projector: five rows of `█`, readable
/// from the back of a classroom. Covers A–Z and 0–9; other characters are blank.
enum BlockFont {
    static let height = 5
    static let width = 5

    /// The rows of `text` in big letters, one column of space between letters;
    /// `scale` 2 doubles every cell for a big window.
    static func rows(_ text: String, scale: Int = 1) -> [String] {
        let glyphs = text.uppercased().map { glyph($0) }
        let rows = (0..<height).map { row in glyphs.map { $0[row] }.joined(separator: " ") }
        guard scale > 1 else { return rows }
        let wide = rows.map { String($0.flatMap { repeatElement($0, count: scale) }) }
        return wide.flatMap { repeatElement($0, count: scale) }
    }

    /// How many columns `rows(text, scale:)` takes.
    static func columns(_ text: String, scale: Int = 1) -> Int { text.isEmpty ? 0 : (text.count * (width + 1) - 1) * scale }

    static func glyph(_ character: Character) -> [String] {
        let pattern = patterns[character] ?? ["     ", "     ", "     ", "     ", "     "]
        return pattern.map { String($0.map { $0 == "#" ? "█" : " " }) }
    }

    private static let patterns: [Character: [String]] = [
        "A": [" ### ", "#   #", "#####", "#   #", "#   #"],
        "B": ["#### ", "#   #", "#### ", "#   #", "#### "],
        "C": [" ####", "#    ", "#    ", "#    ", " ####"],
        "D": ["#### ", "#   #", "#   #", "#   #", "#### "],
        "E": ["#####", "#    ", "#### ", "#    ", "#####"],
        "F": ["#####", "#    ", "#### ", "#    ", "#    "],
        "G": [" ####", "#    ", "#  ##", "#   #", " ####"],
        "H": ["#   #", "#   #", "#####", "#   #", "#   #"],
        "I": ["#####", "  #  ", "  #  ", "  #  ", "#####"],
        "J": ["  ###", "    #", "    #", "#   #", " ### "],
        "K": ["#   #", "#  # ", "###  ", "#  # ", "#   #"],
        "L": ["#    ", "#    ", "#    ", "#    ", "#####"],
        "M": ["#   #", "## ##", "# # #", "#   #", "#   #"],
        "N": ["#   #", "##  #", "# # #", "#  ##", "#   #"],
        "O": [" ### ", "#   #", "#   #", "#   #", " ### "],
        "P": ["#### ", "#   #", "#### ", "#    ", "#    "],
        "Q": [" ### ", "#   #", "# # #", "#  # ", " ## #"],
        "R": ["#### ", "#   #", "#### ", "#  # ", "#   #"],
        "S": [" ####", "#    ", " ### ", "    #", "#### "],
        "T": ["#####", "  #  ", "  #  ", "  #  ", "  #  "],
        "U": ["#   #", "#   #", "#   #", "#   #", " ### "],
        "V": ["#   #", "#   #", "#   #", " # # ", "  #  "],
        "W": ["#   #", "#   #", "# # #", "## ##", "#   #"],
        "X": ["#   #", " # # ", "  #  ", " # # ", "#   #"],
        "Y": ["#   #", " # # ", "  #  ", "  #  ", "  #  "],
        "Z": ["#####", "   # ", "  #  ", " #   ", "#####"],
        "0": [" ### ", "#  ##", "# # #", "##  #", " ### "],
        "1": ["  #  ", " ##  ", "  #  ", "  #  ", " ### "],
        "2": [" ### ", "#   #", "  ## ", " #   ", "#####"],
        "3": ["#### ", "    #", " ### ", "    #", "#### "],
        "4": ["#   #", "#   #", "#####", "    #", "    #"],
        "5": ["#####", "#    ", "#### ", "    #", "#### "],
        "6": [" ### ", "#    ", "#### ", "#   #", " ### "],
        "7": ["#####", "    #", "   # ", "  #  ", "  #  "],
        "8": [" ### ", "#   #", " ### ", "#   #", " ### "],
        "9": [" ### ", "#   #", " ####", "    #", " ### "],
    ]
}
