import Testing
import TextColumns
import WordGameResults

/// The report's tables on a terminal: cells pad to the columns a name is drawn in, so `山田` does not push its row right.
@Suite struct ReportWidthTests {
    @Test func wideNamesKeepTheColumnsAligned() {
        let table = ReportTable(title: "Players", columns: [
            .init(title: "player", csvName: "player", alignRight: false),
            .init(title: "games", csvName: "games", alignRight: true),
            .init(title: "note", csvName: "note", alignRight: false),
        ], rows: [
            [.text("山田"), .number(2), .text("ok")],
            [.text("Ana"), .number(1), .text("李李李李")],
            [.text("Zoe\u{308}"), .number(12), .empty],
        ])
        let lines = table.text.split(separator: "\n").map(String.init)
        #expect(lines == [
            "Players",
            "player  games  note",
            "山田        2  ok",
            "Ana         1  李李李李",
            "Zoe\u{308}        12  -",
        ])
    }
}
