import TextColumns
import WordGame
import WordGameProtocol

/// The game screen: the English word, the falling Spanish word, feedback on
/// the last pair, and the buttons (or what a player who cannot answer waits for).
extension Renderer {
    static func playing(_ state: ClientState, _ frame: inout Frame, width: Int, now: Instant) {
        let height = frame.height
        if let game = state.game, let number = state.round?.number ?? state.lastReveal?.reveal.number {
            frame.put(" Pair \(number) of \(game.pairs)", row: 1, column: 0, .dim)
        }
        if let round = state.round {
            frame.centre(ScreenText.safe(round.english), row: 3, width: width, .bold, .cyan)
            let row = fallRow(state.fall(at: now), rows: height)
            frame.centre(ScreenText.safe(round.spanish), row: row, width: width, .bold, .yellow)
        }
        if state.waitsForOthers {
            let others = state.othersStillThinking.map { $0 == 1 ? "1 other" : "\($0) others" } ?? "the others"
            frame.centre(fitting(["Answered ✓ — waiting for \(others)", "Answered ✓ — waiting"], width), row: 4, width: width, .yellow)
        }
        if state.showsFeedback(at: now), let record = state.lastReveal { feedback(record, &frame, width: width) }
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
                ? fitting(["y / → correct    n / ← wrong    ? keys    q quit", "y/→ correct  n/← wrong  q quit", "y correct · n wrong"], width)
                : "q quit"
            frame.centre(keys, row: keysRow, width: width, .dim)
        }
        if let notice = state.notice { frame.centre(ScreenText.safe(notice), row: height - 3, width: width, .dim) }
    }

    /// The last pair's truth, whole: it wraps onto more rows rather than being cut.
    /// "✗ Wrong. politics = la política, not director del colegio"
    static func feedback(_ record: PairRecord, _ frame: inout Frame, width: Int) {
        let reveal = record.reveal
        let english = ScreenText.safe(reveal.english), shown = ScreenText.safe(reveal.spanish)
        let truth = reveal.truth == .correct ? "\(english) = \(shown) is correct."
                                             : "\(english) = \(ScreenText.safe(reveal.translation)), not \(shown)."
        let text: String, style: Frame.Style
        switch record.verdict {
        case .right?: (text, style) = ("✓ Right! \(truth)", .green)
        case .wrong?: (text, style) = ("✗ Wrong. \(truth)", .red)
        case .timeout?: (text, style) = ("⏱ Too slow. \(truth)", .red)
        case nil: (text, style) = (truth, .dim)
        }
        // Up to three rows, the last ending where the notice row begins.
        var lines = Columns.wrap(text, width - 2)
        if lines.count > 3 { lines = Array(lines.prefix(2)) + [ScreenText.fit(lines.dropFirst(2).joined(separator: " "), width - 2)] }
        let first = frame.height - 3 - lines.count
        for (offset, line) in lines.enumerated() {
            if style == .dim { frame.centre(line, row: first + offset, width: width, .dim) } else {
                frame.centre(line, row: first + offset, width: width, style, .bold)
            }
        }
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
