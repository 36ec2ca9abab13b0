/// Text rendering for terminals: two module rows per line with the half-block characters
/// "█", "▀", "▄" and space.
///
/// Which way round: a block character is drawn in the terminal's foreground colour and a
/// space shows its background. On the usual dark terminal (light text on a dark
/// background) a drawn block is *light*. Scanners need dark modules on a light field with
/// a light quiet zone, so by default (`inverted: true`) the light modules and the quiet
/// zone are drawn as blocks and the dark modules are left as spaces. On a light terminal
/// (dark text on a light background) pass `inverted: false`, which draws the dark modules.
extension QRCode {
    /// - Parameters:
    ///   - quietZone: light margin in modules on every side (the standard asks for four;
    ///     two usually scans from a screen). Negative values count as zero.
    ///   - inverted: draw light modules as blocks (for light-on-dark terminals).
    /// - Returns: `(size + 2 × quietZone + 1) / 2` lines of `size + 2 × quietZone`
    ///   characters each. With an odd height the lower half of the last line lies outside
    ///   the picture and is never drawn.
    public func terminalLines(quietZone: Int = 2, inverted: Bool = true) -> [String] {
        let margin = max(0, quietZone)
        let side = size + 2 * margin

        func isDrawn(column: Int, row: Int) -> Bool {
            guard row < side else { return false }
            return isDark(x: column - margin, y: row - margin) != inverted
        }

        var lines: [String] = []
        lines.reserveCapacity((side + 1) / 2)
        for topRow in stride(from: 0, to: side, by: 2) {
            var line = ""
            line.unicodeScalars.reserveCapacity(side)
            for column in 0..<side {
                switch (isDrawn(column: column, row: topRow), isDrawn(column: column, row: topRow + 1)) {
                case (true, true): line.unicodeScalars.append("\u{2588}")   // █
                case (true, false): line.unicodeScalars.append("\u{2580}")  // ▀
                case (false, true): line.unicodeScalars.append("\u{2584}")  // ▄
                case (false, false): line.unicodeScalars.append(" ")
                }
            }
            lines.append(line)
        }
        return lines
    }
}
