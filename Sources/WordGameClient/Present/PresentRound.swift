import TextColumns
import WordGame
import WordGameProtocol

extension PresentRenderer {
    /// Rows of names still thinking, at most; beyond them, a count.
    static let thinkingRowsMaximum = 8

    /// A round on the projector: the last pair's truth and how the class did
    /// (for a few seconds after each reveal), the English word, the Spanish
    /// word falling over the pair's time, how many have answered, and who is
    /// still thinking. The leaderboard stands beside it when there is room.
    ///
    /// Who is still thinking takes the whole width at the bottom, so that 40
    /// names fit at 80×24; the leaderboard stops above it.
    static func playing(_ state: PresentState, _ frame: inout Frame, _ body: Body, now: Instant) {
        let thinkingRows = min(thinkingRowsMaximum, max(3, (body.bottom - body.top + 1) / 3))
        let answeredRow = body.bottom - thinkingRows - 1
        var main = body
        if body.width >= panelMinimumColumns {
            main.width = body.width - panelWidth - 1
            leaderboard(state.top, &frame, Body(top: body.top, bottom: answeredRow - 1, width: panelWidth, left: main.width + 1))
        }
        if state.showsReveal(at: now), let reveal = state.lastReveal {
            revealBanner(reveal, state.lastTally, &frame, main)
        }
        guard let round = state.round else {
            let waiting = state.lastReveal == nil ? "Get ready: the first pair is coming" : "…"
            frame.centre(waiting, row: (body.top + answeredRow) / 2, left: main.left, width: main.width, .bold)
            return
        }
        let englishRow = body.top + 3
        // The question, in the list's languages, between the last pair's truth and the word that stays.
        frame.centre(Renderer.fitting(ClientTexts.question(state.languages), main.width), row: englishRow - 1, left: main.left,
                     width: main.width, .dim)
        frame.centre(ScreenText.safe(round.english), row: englishRow, left: main.left, width: main.width, .bold)
        let fieldTop = englishRow + 2, fieldBottom = answeredRow - 2
        let fallRow = fieldTop + Int((state.fall(at: now) * Double(max(0, fieldBottom - fieldTop))).rounded())
        frame.centre(ScreenText.safe(round.spanish), row: fallRow, left: main.left, width: main.width, .bold, .yellow)
        if let progress = state.progress {
            answered(progress.answered, of: progress.playing, &frame, row: answeredRow, body)
        }
        if let waiting = state.waiting {
            thinking(waiting, &frame, Body(top: answeredRow + 1, bottom: answeredRow + thinkingRows, width: body.width, left: body.left))
        }
    }

    /// "Pair 3: dog = gato was wrong: it is perro" and "21 of 30 got it right · 6 wrong · 3 too slow".
    private static func revealBanner(_ reveal: Reveal, _ tally: Tally?, _ frame: inout Frame, _ area: Body) {
        let english = ScreenText.safe(reveal.english), spanish = ScreenText.safe(reveal.spanish)
        let truth = reveal.truth == .correct
            ? "Pair \(reveal.number): \(english) = \(spanish) was correct"
            : "Pair \(reveal.number): \(english) = \(spanish) was wrong: it is \(ScreenText.safe(reveal.translation))"
        frame.centre(truth, row: area.top, left: area.left, width: area.width, .bold, reveal.truth == .correct ? .green : .red)
        guard let tally, tally.number == reveal.number else { return }
        let all = tally.right + tally.wrong + tally.timeout
        frame.centre("\(tally.right) of \(all) got it right · \(tally.wrong) wrong · \(tally.timeout) too slow",
                     row: area.top + 1, left: area.left, width: area.width)
    }

    private static func answered(_ count: Int, of playing: Int, _ frame: inout Frame, row: Int, _ area: Body) {
        let text = "Answered \(count) of \(playing)"
        let barWidth = max(0, min(30, area.width - text.columnWidth - 6))
        let filled = playing > 0 ? min(barWidth, barWidth * count / playing) : 0
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
        frame.centre(text + (barWidth > 0 ? "  " + bar : ""), row: row, left: area.left, width: area.width, .bold)
    }

    /// The names still thinking, wrapped; the count alone when the server sent
    /// no names (more than it lists) or they do not fit.
    private static func thinking(_ waiting: (count: Int, names: [String]), _ frame: inout Frame, _ area: Body) {
        guard waiting.count > 0 else { return }
        let heading = "Still thinking (\(waiting.count)): "
        var lines: [String] = []
        var line = heading
        for name in waiting.names.map(ScreenText.safe) {
            let piece = (line == heading ? "" : ", ") + name
            if line.columnWidth + piece.columnWidth > area.width - 4 {
                lines.append(line + ",")
                line = "  " + name
            } else {
                line += piece
            }
        }
        lines.append(line)
        let rows = area.bottom - area.top + 1
        if waiting.names.count < waiting.count || lines.count > rows {
            lines = ["\(waiting.count) still thinking"]
        }
        for (offset, text) in lines.enumerated() {
            frame.put(text, row: area.top + offset, column: area.left + 2)
        }
    }

    /// The server's top ten: rank, name, right and wrong so far.
    private static func leaderboard(_ top: [TopEntry], _ frame: inout Frame, _ area: Body) {
        for row in area.top...area.bottom { frame.put("│", row: row, column: area.left - 1, .dim) }
        frame.put(" Leaderboard", row: area.top, column: area.left, .bold)
        for (offset, entry) in top.prefix(max(0, area.bottom - area.top - 1)).enumerated() {
            let score = " \(entry.correct)✓ \(entry.wrong)✗"
            let name = ScreenText.fit(ScreenText.safe(entry.name), area.width - 5 - score.columnWidth)
            let rank = String(entry.rank)
            let line = String(repeating: " ", count: max(0, 3 - rank.count)) + rank + " " + name
            frame.put(line, row: area.top + 2 + offset, column: area.left)
            frame.put(score, row: area.top + 2 + offset, column: area.left + area.width - score.columnWidth - 1)
        }
        if top.isEmpty { frame.put(" after the first pair", row: area.top + 2, column: area.left, .dim) }
    }
}
