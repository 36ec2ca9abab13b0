import Testing
import WordGame
import WordGameClient
import WordGameProtocol

/// The terminal client shows a room's rules in its lobby (`RULES`), and a game where nobody is
/// ever out (`GAME … 0 …`) as "out: never", not "out at 0".
@Suite struct RulesShownTests {
    func t(_ ms: Int64) -> Instant { .milliseconds(ms) }

    func lobby(_ rules: RoomRules) -> ClientState {
        var state = ClientState(name: "Bo")
        state.receive(.room(RoomInfo(name: "main", state: .lobby, members: 2, host: "Ana", autoStart: 0)), at: t(0))
        state.receive(.members(total: 2, names: ["Ana", "Bo"]), at: t(0))
        state.receive(.you(.lobby), at: t(0))
        state.receive(.rules(rules), at: t(0))
        return state
    }

    @Test func theLobbySaysTheRoomsRules() {
        let state = lobby(RoomRules(pairs: 10, roundMilliseconds: 8_000, maxIncorrect: 0, list: "animals"))
        let wide = Renderer.frame(state, columns: 100, rows: 24, now: t(0)).rows.joined(separator: "\n")
        #expect(wide.contains("Rules: 10 pairs · 8 s a pair · everyone plays every pair · list animals"), "\(wide)")
        let narrow = Renderer.frame(state, columns: 50, rows: 24, now: t(0)).rows.joined(separator: "\n")
        #expect(narrow.contains("10 pairs · 8 s · out: never · animals"), "\(narrow)")
        let original = lobby(RoomRules(pairs: 15, roundMilliseconds: 2_500, maxIncorrect: 3, list: "default"))
        let told = Renderer.frame(original, columns: 100, rows: 24, now: t(0)).rows.joined(separator: "\n")
        #expect(told.contains("Rules: 15 pairs · 2.5 s a pair · out after 3 wrong attempts · list default"), "\(told)")
    }

    @Test func aGameWhereNobodyIsOutSaysNever() {
        var state = lobby(RoomRules(pairs: 10, roundMilliseconds: 8_000, maxIncorrect: 0, list: "animals"))
        state.receive(.game(GameInfo(pairs: 10, roundMilliseconds: 8_000, maxIncorrect: 0, players: 2)), at: t(0))
        state.receive(.you(.playing), at: t(0))
        state.receive(.round(RoundInfo(number: 1, pairs: 10, english: "dog", spanish: "perro", milliseconds: 8_000)), at: t(0))
        state.receive(.result(RoundResult(number: 1, verdict: .wrong, correct: 0, wrong: 5, rank: 2, ranked: 2)), at: t(0))
        let f = Renderer.frame(state, columns: 80, rows: 24, now: t(100))
        #expect(f.rows[1].hasSuffix("Wrong attempts: 5 (out: never) "), "\(f.rows[1])")
        #expect(!f.rows.joined().contains("out at 0"))
    }

    /// The host changes the rules while the end dialog is up: the player is told, under the dialog,
    /// not only in a lobby line nobody sees yet. The projector says it in its room event line.
    @Test func newRulesAfterAGameAreSaidOnTheEndScreens() {
        let original = RoomRules(pairs: 15, roundMilliseconds: 5_000, maxIncorrect: 3, list: "default")
        let next = RoomRules(pairs: 4, roundMilliseconds: 5_000, maxIncorrect: 3, list: "default")
        var state = lobby(original)
        #expect(state.notice == nil, "the first RULES is no news")
        state.receive(.game(GameInfo(pairs: 15, roundMilliseconds: 5_000, maxIncorrect: 3, players: 2)), at: t(0))
        state.receive(.gameOver(GameOver(rank: 1, ranked: 2, correct: 0, wrong: 0, milliseconds: 0)), at: t(0))
        state.receive(.rules(next), at: t(0))
        #expect(state.notice == "New rules for the next game: 4 pairs · 5 s a pair · out after 3 wrong attempts · list default")
        let frame = Renderer.frame(state, columns: 100, rows: 30, now: t(0)).rows.joined(separator: "\n")
        #expect(frame.contains("New rules for the next game: 4 pairs"), "\(frame)")

        var projector = PresentState()
        projector.receive(.hosted(room: "k7px", key: "ABCDEFGHJKMN"), at: t(0))
        projector.receive(.rules(original), at: t(0))
        projector.gameOver = true
        projector.receive(.rules(next), at: t(0))
        #expect(projector.notice(at: t(1_000))?.hasPrefix("New rules for the next game: 4 pairs") == true)
    }
}
