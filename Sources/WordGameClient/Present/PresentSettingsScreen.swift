import TextColumns
import WordGame
import WordGameProtocol

extension PresentRenderer {
    /// The settings' label column, and the widest value ("never: everyone plays every pair") with its arrows.
    static let settingsLabelWidth = 20
    static let settingsValueWidth = 38

    /// The host's settings screen, in place of the lobby or the ranking: one setting a row, the
    /// chosen one in reverse video between ◂ ▸, what the server has now beside a changed value,
    /// and the server's refusal in red under them. It fits the smallest window (60×20).
    static func settings(_ settings: PresentSettings, _ frame: inout Frame, _ body: Body) {
        let rows = settings.rows()
        // A blank row between settings when the window has the height for it.
        let spacing = body.bottom - body.top >= 16 ? 2 : 1
        var row = body.top + max(0, (body.bottom - body.top + 1 - 6 - rows.count * spacing) / 2)
        frame.centre("Rules for the next game", row: row, .bold)
        row += 2
        let width = min(body.width - 2, settingsLabelWidth + settingsValueWidth + 14)
        let left = (body.width - width) / 2
        for item in rows {
            let chosen = item.field == settings.field
            let value = chosen ? "◂ \(item.value) ▸" : "  \(item.value)"
            let line = Columns.pad((chosen ? "▸ " : "  ") + item.label, settingsLabelWidth) + value
            frame.put(ScreenText.fit(line, width), row: row, column: left, chosen ? .reverse : .bold)
            if let was = was(settings, item.field), line.columnWidth + 2 + was.columnWidth <= width {
                frame.put(was, row: row, column: left + line.columnWidth + 2, .dim)
            }
            row += spacing
        }
        row += 2 - spacing + 1
        if settings.applying {
            frame.centre("Sending the rules to the server…", row: row, left: left, width: width, .yellow)
        } else if let problem = settings.problem {
            frame.centre(ScreenText.safe(problem), row: row, left: left, width: width, .red, .bold)
        } else if settings.lists.count > 1 || settings.field != .list {
            frame.centre("Everyone in the room sees the new rules at once.", row: row, left: left, width: width, .dim)
        } else {
            frame.centre("The server has one word list (more with --word-lists).", row: row, left: left, width: width, .dim)
        }
    }

    /// "(now 15)" beside a setting the host changed: what Esc keeps.
    private static func was(_ settings: PresentSettings, _ field: PresentSettings.Field) -> String? {
        let told = settings.told, chosen = settings.chosen
        switch field {
        case .pairs: return told.pairs == chosen.pairs ? nil : "(now \(told.pairs))"
        case .seconds:
            return told.roundMilliseconds == chosen.roundMilliseconds ? nil : "(now \(LineModeText.seconds(told.roundMilliseconds)) s)"
        case .out:
            guard told.maxIncorrect != chosen.maxIncorrect else { return nil }
            return told.maxIncorrect == Rules.neverOut ? "(now never)" : "(now \(told.maxIncorrect))"
        case .list: return told.list == chosen.list ? nil : "(now \(ScreenText.safe(told.list)))"
        }
    }

    /// The settings' keys, for the last row.
    static let settingsKeys = "↑↓ choose · ←→ change · PgUp PgDn ±10 · Enter apply · Esc cancel"
}
