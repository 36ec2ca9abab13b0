import TextColumns
import WordGame
import WordGameProtocol

/// The last game's pairs, hardest first (`HARDEST`): after the podium and the ranking on the game-over screen
/// (its pages come after theirs, and `W` jumps to it or back), and in the lobby of a projector taken back
/// between games (`W` shows it in place of the names).
extension PresentRenderer {
    /// A row's width at most: a pair and its counts, read from the back of the room.
    static let hardestCellWidth = 64

    /// The table's pages in a box of `width` by `height` rows (a title row, then the pairs).
    static func hardestGrid(_ state: PresentState, width: Int, height: Int) -> PageGrid {
        PageGrid(count: state.hardest.count, cellWidth: min(width, hardestCellWidth), width: width, height: height)
    }

    /// The table's page `page` (any integer: it wraps), its title at `top`.
    static func hardest(_ state: PresentState, _ frame: inout Frame, _ body: Body, top: Int, page: Int) {
        let grid = hardestGrid(state, width: body.width - 2, height: body.bottom - top)
        let label = grid.label(page: page).map { " (\($0))" } ?? ""
        let game = state.gamesPlayed > 0 ? "game \(state.gamesPlayed)" : "the last game"
        let title = "The hardest pairs of \(game)" + label
        frame.centre(title, row: top, left: body.left, width: body.width, .bold)
        guard !state.hardest.isEmpty else {
            return frame.centre("No pair of that game was played to its end.", row: top + 2, left: body.left, width: body.width)
        }
        let cell = min(body.width - 2, hardestCellWidth)
        let left = body.left + 1 + (body.width - 2 - grid.usedColumns * cell) / 2
        for place in grid.cells(page: page) {
            let row = state.hardest[place.item]
            // Nobody got it right: the class reads at once which pairs to go over.
            let styles: [Frame.Style] = row.right == 0 && row.wrong + row.timeout > 0 ? [.red] : []
            frame.put(hardestLine(row, width: cell - 1), row: top + 1 + place.row, column: left + place.column * cell, styles: styles)
        }
    }

    /// `  1. sorry ≠ silla → perdón           1✓ 1✗ 0⏱`: the pair as the class saw it (and the translation when
    /// it was wrong), then how many got it right, wrong, or let it time out, aligned on the right.
    static func hardestLine(_ row: HardestPair, width: Int) -> String {
        let reveal = row.reveal
        let pair = reveal.truth == .correct ? "\(reveal.english) = \(reveal.spanish)"
                                            : "\(reveal.english) ≠ \(reveal.spanish) → \(reveal.translation)"
        let rank = String(row.rank) + "."
        let counts = "\(row.right)✓ \(row.wrong)✗ \(row.timeout)⏱"
        let lead = String(repeating: " ", count: max(0, 4 - rank.count)) + rank + " "
        let room = max(1, width - lead.count - counts.columnWidth - 2)
        return lead + Columns.pad(ScreenText.fit(ScreenText.safe(pair), room), room) + "  " + counts
    }

    /// Whether the hardest pairs are on screen: a page of them on the game-over screen, or the lobby's W.
    static func showsWords(_ state: PresentState, _ body: Body) -> Bool {
        switch state.screen {
        case .gameOver: return state.settings == nil && gameOverPart(state, body).words
        case .lobby: return state.settings == nil && state.wordsFirst && !state.hardest.isEmpty
        default: return false
        }
    }

    /// The game-over screen's pages: the podium and the ranking's, then the table's (the table's first after `W`).
    static func gameOverPages(_ state: PresentState, _ body: Body) -> (ranking: Int, words: Int) {
        let ranking = state.ranking.isEmpty ? 1 : rankingGrid(state, body).pages
        let words = state.hardest.isEmpty ? 0 : hardestGrid(state, width: body.width - 2, height: body.bottom - body.top - 2).pages
        return (ranking, words)
    }

    /// Which part the game-over screen shows at `state.page`, and that part's own page.
    static func gameOverPart(_ state: PresentState, _ body: Body) -> (words: Bool, page: Int) {
        let pages = gameOverPages(state, body)
        let total = pages.ranking + pages.words
        let index = ((state.page % total) + total) % total
        if state.wordsFirst && pages.words > 0 {
            return index < pages.words ? (true, index) : (false, index - pages.words)
        }
        return index < pages.ranking ? (false, index) : (true, index - pages.ranking)
    }
}
