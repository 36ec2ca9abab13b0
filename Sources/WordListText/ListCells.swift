/// A line of a teacher's text cut into cells: at tabs when it holds one (a
/// spreadsheet's or Quizlet's export), otherwise as CSV (RFC 4180) with the
/// document's separator. Pure.
enum ListCells {
    static let tab: Character = "\t"

    /// The separator of the document's lines without a tab: `;` when they hold
    /// more semicolons than commas outside quotes (Excel in much of Europe
    /// writes `;`, because there the comma is the decimal mark), else `,`.
    static func separator(of lines: [String]) -> Character {
        var commas = 0, semicolons = 0
        for line in lines where !line.contains(tab) {
            var quoted = false
            for character in line {
                switch character {
                case "\"": quoted.toggle()
                case "," where !quoted: commas += 1
                case ";" where !quoted: semicolons += 1
                default: break
                }
            }
        }
        return semicolons > commas ? ";" : ","
    }

    /// The cells of `line`, untrimmed of nothing but quotes: a line with a
    /// tab is cut at its tabs, any other at `separator`.
    static func cells(_ line: String, separator: Character) -> [String] {
        split(line, at: line.contains(tab) ? tab : separator)
    }

    /// RFC 4180's fields, read leniently: a field whose first character past
    /// its leading white space is `"` is quoted: it runs to the next lone `"`,
    /// `""` inside it is one quote, and what follows the closing quote up to
    /// the separator is kept as typed. A quote never closed runs to the end of
    /// the line (a cell can hold no line end here: each line comes alone).
    static func split(_ line: String, at separator: Character) -> [String] {
        var cells: [String] = []
        var cell = ""
        var index = line.startIndex
        var atCellStart = true
        while index < line.endIndex {
            let character = line[index]
            if atCellStart, character == "\"" {
                atCellStart = false
                cell = ""  // white space before the opening quote is not the cell's
                index = line.index(after: index)
                while index < line.endIndex {
                    let inner = line[index]
                    index = line.index(after: index)
                    if inner == "\"" {
                        if index < line.endIndex, line[index] == "\"" {
                            cell.append("\"")
                            index = line.index(after: index)
                        } else {
                            break
                        }
                    } else {
                        cell.append(inner)
                    }
                }
                continue
            }
            index = line.index(after: index)
            if character == separator {
                cells.append(cell)
                cell = ""
                atCellStart = true
                continue
            }
            if atCellStart, !character.isWhitespace { atCellStart = false }
            cell.append(character)
        }
        cells.append(cell)
        return cells
    }
}
