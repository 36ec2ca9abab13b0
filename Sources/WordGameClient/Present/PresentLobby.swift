import WordGame
import WordGameProtocol

extension PresentRenderer {
    /// Width of a name in the lobby's columns: the longest nickname and a gap.
    static let nameCellWidth = 18

    /// How to join, in big letters, then everyone who has: the room code in the
    /// block font, the exact join lines, the count, and every name in columns.
    static func lobby(_ state: PresentState, _ frame: inout Frame, _ body: Body) {
        var row = body.top
        let code = (state.room ?? "").uppercased()
        frame.centre("Join with the code", row: row, .dim)
        row += 1
        // Twice as big when the window leaves room for a page of names too.
        let scale = body.bottom - body.top >= 40 && BlockFont.columns(code, scale: 2) <= body.width - 4 ? 2 : 1
        if BlockFont.columns(code, scale: scale) <= body.width {
            for line in BlockFont.rows(code, scale: scale) {
                frame.centre(line, row: row, .bold, .cyan)
                row += 1
            }
        } else {
            frame.centre(code, row: row, .bold, .cyan)
            row += 1
        }
        row += 1
        for line in state.joinLines(width: body.width) {
            frame.centre(ScreenText.safe(line), row: row)
            row += 1
        }
        row += 1
        let players = state.roster.count
        let grid = PageGrid(count: players, cellWidth: nameCellWidth, width: body.width - 4, height: body.bottom - row)
        var title = players == 0 ? "No players yet" : "\(players) player\(players == 1 ? "" : "s")"
        if let page = grid.label(page: state.page) { title += "  (\(page))" }
        if state.isHost { title += players == 0 ? " · they appear here as they join" : " · press S to start" }
        frame.centre(title, row: row, .bold)
        names(state.roster, in: grid, page: state.page, &frame,
              top: row + 1, left: 2 + (body.width - 4 - grid.usedColumns * nameCellWidth) / 2)
    }

    private static func names(_ names: [String], in grid: PageGrid, page: Int, _ frame: inout Frame, top: Int, left: Int) {
        for cell in grid.cells(page: page) {
            let name = ScreenText.fit(ScreenText.safe(names[cell.item]), nameCellWidth - 2)
            frame.put(name, row: top + cell.row, column: left + cell.column * nameCellWidth)
        }
    }
}
