import Testing
import WordGame
@testable import WordGameClient
import WordGameProtocol

/// The terminal client and the projector say the room's languages (`LANGUAGES`): the lobby beside the
/// rules, the question above the pair; a server that sends none is the original English → Spanish.
@Suite struct ListLanguagesShownTests {
    func t(_ ms: Int64) -> Instant { .milliseconds(ms) }
    static let rules = RoomRules(pairs: 10, roundMilliseconds: 8_000, maxIncorrect: 3, list: "animals")

    func playing(_ languages: ServerMessage?) -> ClientState {
        var state = ClientState(name: "Bo")
        state.receive(.room(RoomInfo(name: "main", state: .lobby, members: 2, host: "Ana", autoStart: 0)), at: t(0))
        state.receive(.members(total: 2, names: ["Ana", "Bo"]), at: t(0))
        state.receive(.you(.lobby), at: t(0))
        if let languages { state.receive(languages, at: t(0)) }
        state.receive(.rules(Self.rules), at: t(0))
        return state
    }

    func text(_ state: ClientState, columns: Int = 100) -> String {
        Renderer.frame(state, columns: columns, rows: 24, now: t(100)).rows.joined(separator: "\n")
    }

    @Test func theLobbyAndThePairSayTheListsLanguages() {
        var state = playing(.languages(from: "English", to: "Français"))
        #expect(text(state).contains("Rules: 10 pairs · 8 s a pair · out after 3 wrong attempts · list animals (English → Français)"),
                "\(text(state))")
        state.receive(.game(GameInfo(pairs: 10, roundMilliseconds: 8_000, maxIncorrect: 3, players: 2)), at: t(0))
        state.receive(.you(.playing), at: t(0))
        state.receive(.round(RoundInfo(number: 1, pairs: 10, english: "the cat", spanish: "le chat", milliseconds: 8_000)), at: t(0))
        let wide = Renderer.frame(state, columns: 160, rows: 24, now: t(100))
        #expect(wide.rows[2].contains("English word, Français word: is the Français word the right translation?"), "\(wide.rows[2])")
        let narrow = Renderer.frame(state, columns: 50, rows: 24, now: t(100))
        #expect(narrow.rows[2].contains("Is the Français word the right translation?"), "\(narrow.rows[2])")
    }

    @Test func withoutLanguagesTheListIsTheOriginals() {
        var state = playing(nil)
        state.receive(.game(GameInfo(pairs: 10, roundMilliseconds: 8_000, maxIncorrect: 3, players: 2)), at: t(0))
        state.receive(.round(RoundInfo(number: 1, pairs: 10, english: "dog", spanish: "perro", milliseconds: 8_000)), at: t(0))
        #expect(text(state).contains("English word, Spanish word: is the Spanish word the right translation?"))
    }

    @Test func lineModeSaysTheLanguagesBeforeTheRules() {
        let state = playing(nil)
        #expect(LineModeText.lines(for: .languages(from: "Deutsch", to: "English"), state: state)
                == ["Each pair: a word in Deutsch and one in English. Is the English word the right translation?"])
    }

    @Test func theProjectorSaysThemInItsLobbyAndAboveThePair() {
        var projector = PresentState()
        projector.receive(.hosted(room: "k7px", key: "ABCDEFGHJKMN"), at: t(0))
        projector.receive(.room(RoomInfo(name: "k7px", state: .lobby, members: 0, host: "Host", autoStart: 0)), at: t(0))
        projector.receive(.you(.hosting), at: t(0))
        projector.receive(.languages(from: "日本語", to: "English"), at: t(0))
        projector.receive(.rules(Self.rules), at: t(0))
        let lobby = PresentRenderer.frame(projector, columns: 120, rows: 40, now: t(0)).rows.joined(separator: "\n")
        #expect(lobby.contains("list animals (日本語 → English)"), "\(lobby)")
        projector.receive(.game(GameInfo(pairs: 10, roundMilliseconds: 8_000, maxIncorrect: 3, players: 2)), at: t(0))
        projector.receive(.round(RoundInfo(number: 1, pairs: 10, english: "猫", spanish: "cat", milliseconds: 8_000)), at: t(0))
        let round = PresentRenderer.frame(projector, columns: 120, rows: 40, now: t(100)).rows.joined(separator: "\n")
        #expect(round.contains("is the English word the right translation?"), "\(round)")
    }
}
