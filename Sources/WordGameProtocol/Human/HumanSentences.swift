import WordGame

/// One sentence (or two) per message, for a person at `nc`. Words and names
/// are written as they are, never quoted: they sit where the sentence makes
/// them plain (after a colon, around `=`). Pure.
enum HumanSentences {
    typealias F = HumanFormat

    static func nameSet(_ name: String, openRooms: Bool) -> String {
        openRooms ? "Hello, \(name)! Now type JOIN to play (or JOIN and a room's name)."
                  : "Hello, \(name)! Now type JOIN and the room code your teacher shows."
    }

    static func hosted(room: String, key: String) -> [String] {
        let code = room.uppercased()  // as the projector shows it, and as students type it
        return ["You host room \(code).", "Your key is \(key): HOST \(code) \(key) takes the room back."]
    }

    /// What you answered, not whether you were right: that comes when the pair closes.
    static func answerTaken(round: Int, _ answer: Answer, waiting: Bool) -> String {
        "You said pair \(round) is \(answer == .correct ? "right" : "wrong")." + (waiting ? " Wait for the others…" : "")
    }

    static func you(_ state: PlayerState, openRooms: Bool) -> String {
        switch state {
        case .outside:
            return openRooms
                ? "You are not in a room. Type JOIN to play, or QUIT."
                : "You are not in a room. Type JOIN and the room's code to play, or QUIT."
        case .lobby: return "You are in the lobby, waiting for the next game."
        case .playing: return "You are playing this game."
        case .out: return "You are out of this game (too many wrong answers); you watch until it ends."
        case .watching: return "A game is on: you watch this one and play from the next."
        case .hosting: return "You host this room."
        case .viewing: return "You are watching this room; you do not play."
        }
    }

    static func starting(_ milliseconds: Int) -> String { "The next game starts in \(F.seconds(milliseconds))." }

    /// Neutral about who reads it: the players as it begins, a newcomer who
    /// watches it, a host, a player coming back.
    static func game(_ game: GameInfo) -> String {
        "The game: \(F.count(game.pairs, "pair")), \(F.seconds(game.roundMilliseconds)) each, \(F.count(game.players, "player")); "
            + "\(out(game.maxIncorrect))."
    }

    /// "out after 3 wrong answers", or for `Rules.neverOut` "everyone plays every pair".
    static func out(_ maxIncorrect: Int) -> String {
        maxIncorrect == Rules.neverOut ? "everyone plays every pair" : "out after \(F.count(maxIncorrect, "wrong answer"))"
    }

    /// The room's rules: "Rules: 10 pairs, 8 s a pair, everyone plays every pair, list animals."
    static func rules(_ rules: RoomRules) -> String {
        "Rules: \(F.count(rules.pairs, "pair")), \(F.seconds(rules.roundMilliseconds)) a pair, \(out(rules.maxIncorrect)), "
            + "list \(rules.list)."
    }

    /// The pair as the words are shown: `old = viejo ?`. The keys only for
    /// someone who may answer it.
    static func round(_ round: RoundInfo, answering: Bool) -> String {
        let keys = answering ? "y (or →) if right, n (or ←) if wrong" : "(you watch this one)"
        return "Pair \(round.number) of \(round.pairs): \(round.english) = \(round.spanish) ?   \(keys) · \(F.seconds(round.milliseconds))"
    }

    /// `old = viejo`, or `sorry ≠ silla (sorry = perdón)`.
    static func truth(_ reveal: Reveal) -> String {
        reveal.truth == .correct ? "\(reveal.english) = \(reveal.spanish)"
                                 : "\(reveal.english) ≠ \(reveal.spanish) (\(reveal.english) = \(reveal.translation))"
    }

    /// The truth, for someone who did not answer it (watchers, the host, viewers).
    static func reveal(_ reveal: Reveal) -> String {
        "Pair \(reveal.number) was \(reveal.truth == .correct ? "right" : "wrong"): \(truth(reveal))."
    }

    /// Your verdict first, then the truth: `✓ Pair 1: you were right, sorry ≠ silla (sorry = perdón).`
    static func verdict(_ result: RoundResult, _ reveal: Reveal?) -> String {
        let mark = result.verdict == .right ? "✓" : result.verdict == .away ? "·" : "✗"
        let what: String
        switch result.verdict {
        case .right: what = "you were right"
        case .wrong: what = "you were wrong"
        case .timeout: what = "time ran out"
        case .away: what = "missed while you were away"
        }
        return "\(mark) Pair \(result.number): \(what)" + (reveal.map { ", \(truth($0))." } ?? ".")
    }

    static func score(correct: Int, wrong: Int, rank: Int, ranked: Int, lead: String = "Your score") -> String {
        "\(lead): \(F.score(correct: correct, wrong: wrong))" + (ranked > 1 ? ", rank \(rank) of \(ranked)." : ".")
    }

    static func tally(_ tally: Tally) -> String {
        "Everyone on pair \(tally.number): \(tally.right) right, \(tally.wrong) wrong"
            + (tally.timeout > 0 ? ", \(tally.timeout) out of time." : ".")
    }

    static func gameOver(_ over: GameOver) -> String {
        let score = "\(F.score(correct: over.correct, wrong: over.wrong)) (total \(F.seconds(over.milliseconds, tenths: true)))"
        if over.rank == 0 { return "Game over! You watched this one." }
        if over.ranked <= 1 { return "Game over! You got \(score)." }
        return "Game over! You finished \(F.ordinal(over.rank)) of \(over.ranked) with \(score)."
    }

    static func waiting(count: Int, names: [String]) -> String {
        if count == 0 { return "Everyone has answered." }
        if names.isEmpty { return "Still to answer: \(F.count(count, "player"))." }
        return "Still to answer (\(count)): \(F.list(names))."
    }

    /// The resume code and what to do with it, in one line.
    static func token(code: String, graceSeconds: Int) -> String {
        "If your connection drops, connect again within \(graceSeconds) s and type RESUME \(code)."
    }

    /// Before the `BYE` of a server that keeps the lesson across its restart.
    static func restarting(graceSeconds: Int) -> String {
        "The server is restarting and keeps your seat and score: connect again in a few seconds and type RESUME with your code "
            + "(within \(graceSeconds) s of it answering again)."
    }

    static func web(_ url: String) -> String { "Students can also join in a browser: \(url)" }

    /// Before the rules: what a pair is, in the list's languages, and the question a player answers.
    static func languages(from: String, to: String) -> String {
        "Each pair: a word in \(from) and one in \(to). Is the \(to) word the right translation?"
    }

    /// What an upload holds (`CHECK`, `SAVE`): `animals: 12 pairs, English → French; 2 lines not read.`
    static func uploaded(_ summary: UploadSummary) -> String {
        "\(summary.name): \(F.count(summary.pairs, "pair")), \(summary.from) → \(summary.to)"
            + (summary.skipped == 0 ? "; every line read." : "; \(F.count(summary.skipped, "line")) not read.")
    }

    static func listKey(name: String, key: String) -> String {
        "The list's key is \(key): UPLOAD \(name) <from> <to> \(key) replaces the list, DELETE \(name) \(key) deletes it. Keep it."
    }

    /// `OK UPLOAD`, `OK CHECK`, `OK SAVE`, `OK DELETE` for a person; `name`: the list's, when the batch says it.
    static func listDone(_ command: ConfirmedCommand, name: String?) -> String? {
        switch command {
        case .upload:
            return "Upload open: type LINE and a line of your list (two sides, a tab or a comma between), then CHECK or SAVE."
        case .check:
            return "Nothing is saved yet: UPLOAD, the lines and SAVE save it."
        case .save:
            return "Saved" + (name.map { ": the host of a room picks it with RULES LIST \($0)." } ?? ".")
        case .delete:
            return "The list is deleted."
        default:
            return nil
        }
    }
}
