import TextColumns
import WordGame
import WordGameProtocol

extension PresentRenderer {
    static let podiumWidth = 16
    static let rankingCellWidth = 38

    /// The end of a game: a podium for the top three, then the whole ranking
    /// in columns, paged; then the game's hardest pairs (`PresentHardest.swift`).
    static func gameOver(_ state: PresentState, _ frame: inout Frame, _ body: Body) {
        frame.centre("Game over", row: body.top, .bold)
        if let note = state.resultsNote { frame.centre(ScreenText.safe(note), row: body.top + 1, .dim) }
        let part = gameOverPart(state, body)
        if part.words { return hardest(state, &frame, body, top: body.top + 2, page: part.page) }
        guard !state.ranking.isEmpty else {
            frame.centre("Nobody finished this game.", row: body.top + 2)
            return
        }
        podium(Array(state.ranking.prefix(3)), &frame, bottom: podiumBottom(body))
        let top = rankingTop(body)
        let grid = rankingGrid(state, body)
        let title = "Ranking" + (grid.label(page: part.page).map { " (\($0))" } ?? "")
        frame.centre(title, row: top, .bold)
        let left = 1 + (body.width - 2 - grid.usedColumns * rankingCellWidth) / 2
        for cell in grid.cells(page: part.page) {
            frame.put(rankingLine(state.ranking[cell.item]), row: top + 1 + cell.row, column: left + cell.column * rankingCellWidth)
        }
    }

    static func podiumBottom(_ body: Body) -> Int { body.top + 7 }

    /// The ranking's title row, under the podium.
    static func rankingTop(_ body: Body) -> Int { podiumBottom(body) + 2 }

    static func rankingGrid(_ state: PresentState, _ body: Body) -> PageGrid {
        PageGrid(count: state.ranking.count, cellWidth: rankingCellWidth, width: body.width - 2, height: body.bottom - rankingTop(body))
    }

    /// " 12. Name              5✓ 2✗  23.4 s": rank, name, right, wrong and the time taken.
    static func rankingLine(_ entry: RankingEntry) -> String {
        let rank = String(entry.rank) + "."
        // The name in 17 columns, so the scores line up whatever alphabet it is in.
        let name = Columns.pad(ScreenText.fit(ScreenText.safe(entry.name), 16), 17)
        let seconds = "\(entry.milliseconds / 1000).\(entry.milliseconds % 1000 / 100) s"
        let score = "\(entry.correct)✓ \(entry.wrong)✗"
        return String(repeating: " ", count: max(0, 4 - rank.count)) + rank + " " + name + score
            + String(repeating: " ", count: max(1, 8 - score.columnWidth))
            + String(repeating: " ", count: max(0, 7 - seconds.count)) + seconds
    }

    /// Second, first and third side by side, first the tallest: each a block
    /// with its rank, the name and score above it.
    private static func podium(_ top: [RankingEntry], _ frame: inout Frame, bottom: Int) {
        let centre = frame.columns / 2
        let places: [(index: Int, left: Int, height: Int)] = [(1, centre - podiumWidth * 3 / 2 - 2, 2), (0, centre - podiumWidth / 2, 3),
                                                              (2, centre + podiumWidth / 2 + 2, 1)]
        for place in places where place.index < top.count {
            let entry = top[place.index]
            let blockTop = bottom - place.height + 1
            for row in blockTop...bottom {
                frame.put(String(repeating: " ", count: podiumWidth), row: row, column: place.left, .reverse)
            }
            frame.centre(String(entry.rank), row: blockTop, left: place.left, width: podiumWidth, .bold)
            frame.centre(ScreenText.safe(entry.name), row: blockTop - 2, left: place.left, width: podiumWidth,
                         .bold, place.index == 0 ? .yellow : .cyan)
            // Right and wrong: two with as many right are told apart by their wrong (then the ranking's time).
            frame.centre("\(entry.correct)✓ \(entry.wrong)✗", row: blockTop - 1, left: place.left, width: podiumWidth)
        }
    }
}
