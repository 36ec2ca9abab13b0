import TextColumns
import WordGame
import WordGameProtocol

/// The game screen: the English word, the falling Spanish word, feedback on
/// the last pair, and the buttons (or what a player who cannot answer waits for).
extension Renderer {
    /// Returns the first of the bottom rows it drew (the feedback, the notice, the buttons and the
    /// keys' line): what covers the screen stays above them, so they are never hidden.
    @discardableResult
    static func playing(_ state: ClientState, _ frame: inout Frame, width: Int, now: Instant) -> Int {
        let height = frame.height
        if let game = state.game, let number = state.round?.number ?? state.lastReveal?.reveal.number {
            // Without the leaderboard beside it (a narrow window), the rank is said here.
            let rank = state.ranked > 1 && state.rank > 0 && width == frame.columns ? " · rank \(state.rank) of \(state.ranked)" : ""
            let free = frame.blankColumns(leftOf: 1) - 1  // left of the wrong counter, drawn already
            frame.put(fitting([" Pair \(number) of \(game.pairs)\(rank)", " Pair \(number) of \(game.pairs)"], free),
                      row: 1, column: 0, .dim)
        }
        // The rows the falling word takes now: feedback never covers them.
        var wordRows = 0..<0
        var englishRows = 1
        if let round = state.round {
            // Words too long for a row wrap, never cut: the English on rows 3–4, the Spanish as a block that falls.
            let english = Columns.wrap(ScreenText.safe(round.english), width - 2)
            for (offset, line) in english.prefix(2).enumerated() { frame.centre(line, row: 3 + offset, width: width, .bold, .cyan) }
            englishRows = min(2, english.count)
            let spanish = Columns.wrap(ScreenText.safe(round.spanish), width - 2)
            let (top, bottom) = fieldRows(height)
            let lastTop = max(top, bottom - spanish.count + 1)
            let first = top + Int((state.fall(at: now) * Double(lastTop - top)).rounded())
            for (offset, line) in spanish.enumerated() { frame.centre(line, row: first + offset, width: width, .bold, .yellow) }
            wordRows = first..<(first + spanish.count)
        }
        // The question, in the list's languages, above the word that stays (unless the wait's text, or the
        // banner of a lost connection, goes there: a frame's styles add up where two texts share cells).
        if state.round != nil, state.reconnecting == nil, !(state.waitsForOthers && englishRows == 2) {
            frame.centre(fitting(ClientTexts.question(state.languages), width), row: 2, width: width, .dim)
        }
        if state.waitsForOthers {
            let others = state.othersStillThinking.map { $0 == 1 ? "1 other" : "\($0) others" } ?? "the others"
            // Under the English word, or above it when it takes two rows.
            frame.centre(fitting(["Answered ✓ — waiting for \(others)", "Answered ✓ — waiting"], width),
                         row: englishRows == 1 ? 4 : 2, width: width, .yellow)
        }
        // The notice's row, the buttons and the keys; the feedback above them while it shows.
        var bottomTop = height - 4
        if state.showsFeedback(at: now), let record = state.lastReveal {
            let top = feedback(record, &frame, width: width, below: wordRows.upperBound, notice: state.notice != nil)
            bottomTop = min(bottomTop, top)
        }
        let keysRow = height - 1
        switch state.me {
        case .out:
            let limit = state.game?.maxIncorrect ?? 3
            frame.centre(fitting(["Out: \(limit) wrong attempts. You watch to the end.", "Out: \(limit) wrong — watching"], width),
                         row: height - 2, width: width, .red)
            frame.centre(fitting(["? keys    q quit", "q quit"], width), row: keysRow, width: width, .dim)
        case .watching:
            frame.centre(fitting(["Joined mid-game: you play from the next one", "You play from the next game"], width),
                         row: height - 2, width: width, .yellow)
            frame.centre(fitting(["? keys    q quit", "q quit"], width), row: keysRow, width: width, .dim)
        default:
            buttons(state, &frame, width: width)
            // While reconnecting the buttons are dimmed: nothing could take an answer.
            let keys = state.reconnecting == nil
                ? fitting(["y / → correct    n / ← wrong    ? keys    q quit", "y/→ correct  n/← wrong  q quit",
                           "y correct · n wrong"], width)
                : "q quit"
            frame.centre(keys, row: keysRow, width: width, .dim)
        }
        if let notice = state.notice { frame.centre(ScreenText.safe(notice), row: height - 3, width: width, .dim) }
        return bottomTop
    }

    /// The last pair's truth, whole: "✗ Wrong. politics = la política, not
    /// director del colegio". It shows while the next word starts to fall, so
    /// it takes the rows between that word and the buttons, wrapping rather
    /// than cutting; only a text taller than all of them is cut.
    /// Returns the first row it drew on.
    @discardableResult
    static func feedback(_ record: PairRecord, _ frame: inout Frame, width: Int, below wordEnd: Int, notice: Bool) -> Int {
        let reveal = record.reveal
        let english = ScreenText.safe(reveal.english), shown = ScreenText.safe(reveal.spanish)
        let truth = reveal.truth == .correct ? "\(english) = \(shown) is correct."
                                             : "\(english) = \(ScreenText.safe(reveal.translation)), not \(shown)."
        let text: String, style: Frame.Style
        switch record.verdict {
        case .right?: (text, style) = ("✓ Right! \(truth)", .green)
        case .wrong?: (text, style) = ("✗ Wrong. \(truth)", .red)
        case .timeout?: (text, style) = ("⏱ Too slow. \(truth)", .red)
        case .away?: (text, style) = ("– Missed while you were away. \(truth)", .dim)
        case nil: (text, style) = (truth, .dim)
        }
        // From under the word down to the notice row (that row too when no notice waits for it).
        let last = frame.height - (notice ? 4 : 3)
        let first = max(wordEnd, 5)
        // The whole width: at 40 columns a long phrase and its translation still fit in three rows.
        var lines = Columns.wrap(text, width)
        let room = max(1, last - first + 1)
        if lines.count > room {
            lines = Array(lines.prefix(room - 1)) + [ScreenText.fit(lines.dropFirst(room - 1).joined(separator: " "), width)]
        }
        // Bottom-aligned, close to the buttons, where the eye goes after answering.
        let top = max(first, last - lines.count + 1)
        for (offset, line) in lines.enumerated() where top + offset <= last {
            if style == .dim { frame.centre(line, row: top + offset, width: width, .dim) } else {
                frame.centre(line, row: top + offset, width: width, style, .bold)
            }
        }
        return top
    }

    static func buttons(_ state: ClientState, _ frame: inout Frame, width: Int) {
        let correct = "[ ✓ Correct ]", wrong = "[ ✗ Wrong ]"
        let gap = 6
        let left = (width - correct.columnWidth - gap - wrong.columnWidth) / 2
        let row = frame.height - 2
        let enabled = state.round != nil && state.pressed == nil && state.reconnecting == nil
        func draw(_ text: String, at column: Int, answer: Answer, colour: Frame.Style) {
            if state.pressed == answer {
                frame.put(text, row: row, column: column, .reverse, .bold, colour)
            } else if enabled {
                frame.put(text, row: row, column: column, .bold, colour)
            } else {
                frame.put(text, row: row, column: column, .dim)
            }
        }
        draw(correct, at: left, answer: .correct, colour: .green)
        draw(wrong, at: left + correct.columnWidth + gap, answer: .wrong, colour: .red)
    }
}
