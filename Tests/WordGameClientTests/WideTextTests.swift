import Testing
import TextColumns
import WordGame
import WordGameClient
import WordGameProtocol
import WordGameTestSupport

/// Chinese, Japanese and Korean text, emoji, ZWJ sequences and combining
/// accents on every screen of the game, at the smallest, the usual and a big
/// window: no row is wider than the window, and the counters stay on top.
@Suite struct WideTextTests {
    func t(_ ms: Int64) -> Instant { .milliseconds(ms) }

    static let sizes = [(40, 12), (80, 24), (200, 60)]
    static let family = "family 👨‍👩‍👧"
    static let cjkName = "山田太郎花子桜子"  // 8 characters, 16 columns: the longest name the server takes
    static let words: [(english: String, spanish: String)] = [
        ("family 👨‍👩‍👧", "familia 👨‍👩‍👧"), ("图书馆的书架上", "la estantería de la biblioteca"),
        ("cafe\u{301} au lait", "cafe\u{301} con leche"), ("🇪🇸 flag", "bandera 🇪🇸"), ("日本語", "japonés 🍣🍣🍣🍣🍣🍣🍣🍣🍣🍣🍣🍣🍣🍣🍣"),
    ]

    /// Every screen a player sees in a room of three, one of them with a CJK name.
    func screens() -> [(String, ClientState, Instant)] {
        var state = ClientState(name: Self.cjkName)
        state.receive(.room(RoomInfo(name: "k7px", state: .lobby, members: 3, host: "Ms Lee", autoStart: 0)), at: t(0))
        state.receive(.members(total: 3, names: [Self.cjkName, "Zoë", "Ａｎａ"]), at: t(0))
        state.receive(.you(.lobby), at: t(0))
        var screens = [("lobby", state, t(0))]
        state.receive(.game(GameInfo(pairs: 5, roundMilliseconds: 4_000, maxIncorrect: 3, players: 3)), at: t(0))
        state.receive(.you(.playing), at: t(0))
        for (index, pair) in Self.words.enumerated() {
            let number = index + 1, at = t(Int64(number) * 10_000)
            state.receive(.round(RoundInfo(number: number, pairs: 5, english: pair.english, spanish: pair.spanish, milliseconds: 4_000)),
                          at: at)
            screens.append(("pair \(number)", state, at.adding(milliseconds: 2_000)))
            _ = state.press(.character("y"), at: at.adding(milliseconds: 2_500))
            screens.append(("answered \(number)", state, at.adding(milliseconds: 3_000)))
            state.receive(.reveal(Reveal(number: number, english: pair.english, spanish: pair.spanish, truth: .wrong,
                                         translation: "日本語の正しい訳 \(Self.family)")), at: at.adding(milliseconds: 3_000))
            state.receive(.result(RoundResult(number: number, verdict: .wrong, correct: 0, wrong: number, rank: 2, ranked: 3)),
                          at: at.adding(milliseconds: 3_000))
            for (rank, name) in [Self.cjkName, "Zoë 🦊", "Ａｎａ"].enumerated() {
                state.receive(.top(TopEntry(rank: rank + 1, name: name, correct: 12, wrong: 2, milliseconds: 900)), at: at)
            }
            state.receive(.end(.top), at: at)
            screens.append(("feedback \(number)", state, at.adding(milliseconds: 3_100)))
        }
        state.receive(.gameOver(GameOver(rank: 2, ranked: 3, correct: 0, wrong: 5, milliseconds: 900)), at: t(90_000))
        screens.append(("end dialog", state, t(90_000)))
        _ = state.press(.character("?"), at: t(90_000))
        screens.append(("keys", state, t(90_000)))
        return screens
    }

    @Test(arguments: sizes)
    func noRowIsWiderThanTheWindowAndTheHeaderStays(size: (columns: Int, rows: Int)) async {
        await onComputeThread {
            for (name, state, now) in screens() {
                let frame = Renderer.frame(state, columns: size.columns, rows: size.rows, now: now)
                #expect(frame.rows.count == size.rows)
                for (index, row) in frame.rows.enumerated() {
                    #expect(row.columnWidth == size.columns, "\(name) at \(size), row \(index): \(row.columnWidth) columns: \(row)")
                }
                #expect(frame.rows[0].contains(Self.cjkName) && frame.rows[0].contains("Correct"),
                        "\(name) at \(size): the header, the name whole")
                #expect(frame.rows[1].contains("Wrong"), "\(name) at \(size)")
            }
        }
    }

    @Test func zwjSequencesAreDrawnWhole() {
        let (_, state, now) = screens()[1]  // pair 1: the family emoji falls
        let frame = Renderer.frame(state, columns: 80, rows: 24, now: now)
        #expect(frame.rows.contains { $0.contains("👨‍👩‍👧") })
        #expect(frame.ansi(color: true).contains("👨‍👩‍👧"), "written to the terminal as one sequence")
        #expect(!frame.ansi(color: true).contains("\u{FFFD}"))
    }

    @Test func theTruthIsNeverCutItWraps() {
        let (_, state, now) = screens()[3]  // feedback on pair 1, the long translation
        for size in [(40, 12), (80, 24)] {
            let text = Renderer.frame(state, columns: size.0, rows: size.1, now: now).rows.joined(separator: " ")
            let words = "✗ Wrong. family 👨‍👩‍👧 = 日本語の正しい訳 family 👨‍👩‍👧, not familia 👨‍👩‍👧.".split(separator: " ")
            for word in words { #expect(text.contains(word), "\(word) at \(size)") }
        }
    }

    @Test func everyPairIsReachableAt40x12() {
        var (_, state, _) = screens()[screens().count - 2]
        state.resized(columns: 40, rows: 12)
        var seen = ""
        for _ in 0..<30 {
            seen += Renderer.frame(state, columns: 40, rows: 12, now: t(90_000)).rows.joined(separator: "\n")
            _ = state.press(.down, at: t(90_000))
        }
        for pair in Self.words { #expect(seen.contains(Columns.prefix(pair.english, 5)), "\(pair.english)") }
        #expect(seen.contains("japonés"))
    }

    @Test func aLongWordWrapsAsItFallsAndFeedbackNeverCoversIt() {
        let long = "buenos días, señoras y señores del ayuntamiento 图书馆"
        var state = ClientState(name: "Ana")
        state.receive(.room(RoomInfo(name: "main", state: .playing, members: 1, host: "Ana", autoStart: 1)), at: t(0))
        state.receive(.game(GameInfo(pairs: 5, roundMilliseconds: 2_000, maxIncorrect: 3, players: 1)), at: t(0))
        state.receive(.you(.playing), at: t(0))
        state.receive(.reveal(Reveal(number: 1, english: "to look forward to something very much", spanish: "图书馆", truth: .wrong,
                                     translation: "tener muchísimas ganas de algo / esperar con ilusión")), at: t(0))
        state.receive(.result(RoundResult(number: 1, verdict: .right, correct: 1, wrong: 0, rank: 1, ranked: 1)), at: t(0))
        state.receive(.round(RoundInfo(number: 2, pairs: 5, english: "good morning, ladies and gentlemen of the town hall",
                                       spanish: long, milliseconds: 2_000)), at: t(0))
        for ms in stride(from: Int64(0), through: 2_000, by: 100) {
            let frame = Renderer.frame(state, columns: 40, rows: 12, now: t(ms))
            let text = frame.rows.joined(separator: " ")
            for word in long.split(separator: " ") { #expect(text.contains(word), "\(word) at \(ms) ms") }
            let wordRows = frame.rows.indices.filter { frame.rows[$0].contains("señoras") || frame.rows[$0].contains("ayuntamiento") }
            let feedbackRows = frame.rows.indices.filter { frame.rows[$0].contains("✓ Right!") || frame.rows[$0].contains("ilusión") }
            #expect(Set(wordRows).isDisjoint(with: feedbackRows), "at \(ms) ms: \(frame.rows.joined(separator: "\n"))")
            #expect(frame.rows.allSatisfy { !$0.contains("…") } || ms > 0,
                    "nothing cut as the pair opens: \(frame.rows.joined(separator: "\n"))")
        }
    }
}
