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
}
