import QRCode
import WordGame
import WordGameProtocol

extension PresentRenderer {
    /// Width of a name in the lobby's columns: the longest nickname and a gap.
    static let nameCellWidth = 18

    /// Columns the join lines need beside the QR code: the browser's address
    /// and the terse `nc` line.
    static let columnsBesideQRCode = 44

    /// How to join, in big letters, then everyone who has: the room code in the
    /// block font, the exact join lines, the count, and every name in columns;
    /// on the right, when the window has room, a QR code of the browser's address.
    static func lobby(_ state: PresentState, _ frame: inout Frame, _ body: Body) {
        // A projector taken back between games: W shows the last game's hardest pairs in place of the names.
        if state.wordsFirst && !state.hardest.isEmpty { return hardest(state, &frame, body, top: body.top, page: state.page) }
        var body = body
        if let code = joinCode(state, body) {
            let left = body.left + body.width - code.columns - 1
            for (offset, line) in code.lines.enumerated() { frame.put(line, row: body.top + offset, column: left, .paper) }
            body.width = left - 1 - body.left
        }
        var row = body.top
        let code = (state.room ?? "").uppercased()
        frame.centre("Join with the code", row: row, left: body.left, width: body.width, .dim)
        row += 1
        // Twice as big when the window leaves room for a page of names too.
        let scale = body.bottom - body.top >= 40 && BlockFont.columns(code, scale: 2) <= body.width - 4 ? 2 : 1
        if BlockFont.columns(code, scale: scale) <= body.width {
            for line in BlockFont.rows(code, scale: scale) {
                frame.centre(line, row: row, left: body.left, width: body.width, .bold, .cyan)
                row += 1
            }
        } else {
            frame.centre(code, row: row, left: body.left, width: body.width, .bold, .cyan)
            row += 1
        }
        row += 1
        for line in state.joinLines(width: body.width) {
            frame.centre(ScreenText.safe(line), row: row, left: body.left, width: body.width)
            row += 1
        }
        row += 1
        // The rules of the next game, widest form that fits; the host changes them with R.
        if let rules = state.rules,
           let line = ClientTexts.rules(rules, languages: state.languages).first(where: { $0.columnWidth <= body.width }) {
            frame.centre(line, row: row, left: body.left, width: body.width, .dim)
            row += 1
        }
        let players = state.roster.count
        let grid = PageGrid(count: players, cellWidth: nameCellWidth, width: body.width - 4, height: body.bottom - row)
        var title = players == 0 ? "No players yet" : "\(players) player\(players == 1 ? "" : "s")"
        if let page = grid.label(page: state.page) { title += "  (\(page))" }
        if state.isHost {
            let more = players == 0 ? " · they appear here as they join" : " · press S to start"
            if (title + more).columnWidth <= body.width { title += more }
        }
        frame.centre(title, row: row, left: body.left, width: body.width, .bold)
        names(state.roster, in: grid, page: state.page, &frame,
              top: row + 1, left: body.left + 2 + (body.width - 4 - grid.usedColumns * nameCellWidth) / 2)
    }

    /// The QR code of the browser's address, when the server has a web port
    /// and the window has room for it beside the join lines.
    private static func joinCode(_ state: PresentState, _ body: Body) -> (lines: [String], columns: Int)? {
        guard let address = state.browserAddress, let code = try? QRCode.encode(address) else { return nil }
        let lines = code.terminalLines()
        let columns = lines.first?.count ?? 0
        guard body.width - columns - 2 >= columnsBesideQRCode, body.bottom - body.top + 1 >= lines.count else { return nil }
        return (lines, columns)
    }

    private static func names(_ names: [String], in grid: PageGrid, page: Int, _ frame: inout Frame, top: Int, left: Int) {
        for cell in grid.cells(page: page) {
            let name = ScreenText.fit(ScreenText.safe(names[cell.item]), nameCellWidth - 2)
            frame.put(name, row: top + cell.row, column: left + cell.column * nameCellWidth)
        }
    }
}
