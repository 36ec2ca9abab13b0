import Testing
@testable import QRCode

struct TerminalRendererTests {
    /// Reads the half blocks back into (top drawn, bottom drawn) per character.
    private func halves(_ character: Character) -> (top: Bool, bottom: Bool)? {
        switch character {
        case "█": (true, true)
        case "▀": (true, false)
        case "▄": (false, true)
        case " ": (false, false)
        default: nil
        }
    }

    @Test(arguments: [0, 1, 2, 4], [false, true])
    func linesMatchTheModules(quietZone: Int, inverted: Bool) throws {
        let code = try QRCode.encode(Payload.sampleURL)
        let lines = code.terminalLines(quietZone: quietZone, inverted: inverted)
        let side = code.size + 2 * quietZone
        #expect(lines.count == (side + 1) / 2)
        for (lineIndex, line) in lines.enumerated() {
            #expect(line.count == side, "line \(lineIndex)")
            for (column, character) in line.enumerated() {
                guard let (top, bottom) = halves(character) else {
                    Issue.record("unexpected character \(character)")
                    return
                }
                let x = column - quietZone, topY = 2 * lineIndex - quietZone
                #expect(top == (code.isDark(x: x, y: topY) != inverted))
                // Below the picture (odd height) nothing is drawn.
                let bottomInPicture = 2 * lineIndex + 1 < side
                #expect(bottom == (bottomInPicture && code.isDark(x: x, y: topY + 1) != inverted))
            }
        }
    }

    @Test func defaultIsInvertedWithQuietZoneTwo() throws {
        let code = try QRCode.encode(Payload.sampleURL)
        #expect(code.terminalLines() == code.terminalLines(quietZone: 2, inverted: true))
        // Inverted: the quiet zone is drawn, so the first line is all full blocks.
        #expect(code.terminalLines().first == String(repeating: "█", count: code.size + 4))
    }

    /// Prints the sample URL for a look by eye in the test log (a phone should scan it
    /// off a dark terminal).
    @Test func printSampleForInspection() throws {
        let code = try QRCode.encode(Payload.sampleURL)
        print("\(Payload.sampleURL) — version \(code.version), mask \(code.mask):")
        print(code.terminalLines().joined(separator: "\n"))
    }
}
