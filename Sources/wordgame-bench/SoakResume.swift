// The score a bot must find when it comes back with RESUME.
//
// What is checked, and how exactly. At the drop the bot writes down what it
// knows (DropRecord): its correct and wrong counts so far, the last pair it
// saw revealed (r0), and, if it had answered the open pair and the server had
// taken the answer (OK ANSWER) but not yet revealed it, that answer. A bot
// never drops while an answer is in flight (sent, not yet acknowledged), so
// nothing it sent is in doubt. Back on a new connection in a game it gets
// `SCORE C W`. Then the next REVEAL it reads is pair n': pairs 1…n'-1 had
// closed when SCORE was written. Two cases:
//
// - Same game, back before its pending pair closed (n' is that pair): C and W
//   must be its own counts, exactly; the answer stands, and the bot expects
//   its verdict in RESULT n'.
// - Same game. C must be its own correct count, plus one if its pending answer
//   matched the truth (the truth comes from a room-mate who saw that REVEAL),
//   exactly. W must be its own wrong count, plus one if the pending answer
//   was wrong, plus one timeout for every other pair that closed while it was
//   away: (n' - 1) - r0 - (1 if an answer was pending). W stops at
//   --max-incorrect (the player is out then). Both exact.
// - A new game (one started while it was away, or it dropped in the lobby):
//   C must be 0 and W must be min(n' - 1, max-incorrect), exactly.
//
// Which case holds comes from the room's log: the game in which room-mates
// read that REVEAL n' (SoakRoom). When the log cannot tell within 3 s (no
// room-mate connected) or a pending pair's truth is unknown, the check accepts
// any of the candidates and counts the resume as checked loosely; the report
// says how many. The bot then adopts C and W as its counts, so every later
// RESULT is again compared exactly.

/// What a bot knew when it dropped.
struct DropRecord {
    var at: Double
    /// Playing a game (in the match, out or not) when it dropped.
    var participant: Bool
    var out: Bool
    /// The room's number for that game (SoakRoom), 0 if unknown.
    var game: Int
    var correct: Int
    var wrong: Int
    /// The last pair it saw revealed in that game.
    var lastClosed: Int
    /// An answer the server took for the open pair, not revealed before the drop.
    var pending: (number: Int, key: String, saidCorrect: Bool)?
    /// False after a drop the bot did not choose, when its own count may be in doubt.
    var checkable = true
}

/// A resume waiting for what decides its check.
struct ResumeCheck {
    let drop: DropRecord
    var score: (correct: Int, wrong: Int)?
    var firstReveal: (number: Int, key: String, at: Double)?

    enum Outcome: Equatable {
        case waiting
        /// Matched the one prediction.
        case exact(sameGame: Bool)
        /// Matched one of several predictions (which game, or a pending truth, unknown).
        case loose(String)
        case mismatch(String)
    }

    /// How long to wait for the room's log before checking loosely.
    static let patienceSeconds = 3.0

    func outcome(room: SoakRoom, maxIncorrect: Int, now: Double) -> Outcome {
        guard let score, let reveal = firstReveal else { return .waiting }
        let closed = reveal.number - 1
        let newGame = (correct: 0, wrong: min(maxIncorrect, closed))
        let patient = now - reveal.at < Self.patienceSeconds
        guard drop.participant else { return compare(score, [newGame], exact: .exact(sameGame: false)) }
        let seen = room.reveal(reveal.key, from: reveal.at - Self.patienceSeconds, to: reveal.at + Self.patienceSeconds)
        let sameGame: Bool? = seen.flatMap { drop.game > 0 ? $0.game == drop.game : nil }
        if sameGame == nil && patient { return .waiting }
        var same: [(correct: Int, wrong: Int)] = []
        var truthKnown = true
        if let pending = drop.pending, closed < pending.number {
            // Back before its answered pair closed: nothing was judged while it was away.
            if closed == drop.lastClosed { same.append((drop.correct, drop.wrong)) }
        } else if let pending = drop.pending {
            let timeouts = closed - drop.lastClosed - 1
            if timeouts >= 0 {
                let truth = room.reveal(pending.key, from: drop.at - 2, to: reveal.at + Self.patienceSeconds)?.truthCorrect
                if truth == nil && patient && sameGame != false { return .waiting }
                let rights = truth.map { [$0 == pending.saidCorrect] } ?? [true, false]
                truthKnown = truth != nil
                for right in rights {
                    same.append((drop.correct + (right ? 1 : 0), min(maxIncorrect, drop.wrong + (right ? 0 : 1) + timeouts)))
                }
            }
        } else if closed >= drop.lastClosed {
            same.append((drop.correct, min(maxIncorrect, drop.wrong + closed - drop.lastClosed)))
        }
        switch sameGame {
        case true?:
            return compare(score, same, exact: truthKnown ? .exact(sameGame: true) : .loose("pending answer's truth unknown"))
        case false?:
            return compare(score, [newGame], exact: .exact(sameGame: false))
        case nil:
            return compare(score, same + [newGame], exact: .loose("game unknown"))
        }
    }

    private func compare(_ score: (correct: Int, wrong: Int), _ candidates: [(correct: Int, wrong: Int)], exact: Outcome) -> Outcome {
        if candidates.contains(where: { $0.correct == score.correct && $0.wrong == score.wrong }) { return exact }
        let expected = candidates.map { "\($0.correct)/\($0.wrong)" }.joined(separator: " or ")
        let pending = drop.pending.map { " pending answer to pair \($0.number)" } ?? ""
        return .mismatch("SCORE \(score.correct)/\(score.wrong), expected \(expected) "
                         + "(at drop: \(drop.participant ? "in game \(drop.game)" : "no game"), "
                         + "\(drop.correct)/\(drop.wrong), last revealed \(drop.lastClosed)\(pending); "
                         + "first reveal after: pair \(firstReveal!.number))")
    }
}
