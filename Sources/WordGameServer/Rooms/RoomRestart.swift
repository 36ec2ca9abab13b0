import WordGame
import WordGameProtocol

/// A game taken up again after the server restarted (`Hub.restore`): it
/// waits between two pairs until its players are back, then plays the pair
/// that was open when the server stopped again, from a fresh start, so that
/// nobody is judged on a pair they could not answer.
///
/// It waits `restartWaitMilliseconds` at most: a student who does not come
/// back (a closed laptop) holds the class no longer than that, and misses
/// the pairs that pass as anyone away does. Once every player is back, the
/// pair comes `restartCountdownMilliseconds` later, time to see it coming.
extension Room {
    static let restartWaitMilliseconds = 20_000
    static let restartCountdownMilliseconds = 3_000

    /// The game on as it was saved, waiting for its players.
    func takeUp(_ game: GameSession, at now: Instant) {
        for (id, member) in roster.members {
            let state: PlayerState = game.match.score(of: id).map { $0.isOut ? .out : .playing } ?? .watching
            roster.members[id] = Roster.Member(name: member.name, joinSerial: member.joinSerial, state: state, ready: member.ready,
                                               away: member.away)
        }
        phase = .playing(game)
        if let last = game.record.rounds.indices.last {
            let pair = game.record.pairs[last]
            game.lastReveal = [.reveal(Reveal(number: last + 1, english: pair.english, spanish: pair.spanish,
                                              truth: pair.isCorrect ? .correct : .wrong, translation: pair.translation)),
                               .tally(Self.tally(number: last + 1, pair: pair, verdicts: game.record.rounds[last].verdicts))]
            game.lastLeaderboard = leaderboard(game.match.ranking())
        }
        if endGameIfNobodyPlays(at: now) { return }
        game.resumesAt = now.adding(milliseconds: Self.restartWaitMilliseconds)
        environment.log(ConsoleTexts.restored(room: name, game: game.record.number, nextPair: game.match.roundsPlayed + 1))
    }

    /// The pair played again is due: it opens.
    func resumeIfDue(at now: Instant) {
        guard let game, let due = game.resumesAt, now >= due else { return }
        game.resumesAt = nil
        openRound(of: game, at: now)
    }

    /// A player is back: once all are, the pair comes after a short countdown.
    func restartedPlayerBack(at now: Instant) {
        guard let game, let due = game.resumesAt else { return }
        let awayPlaying = roster.members.values.contains { $0.away && $0.state == .playing }
        guard !awayPlaying else { return }
        let soon = now.adding(milliseconds: Self.restartCountdownMilliseconds)
        guard soon < due else { return }
        game.resumesAt = soon
        broadcast([.notice(.restarted, Self.everyoneBack(pair: game.match.roundsPlayed + 1,
                                                         seconds: Self.restartCountdownMilliseconds / 1_000))])
    }

    /// For whoever comes back while the game waits: why no pair is open, and when it will be.
    func restartNotice(at now: Instant) -> [ServerMessage] {
        guard let game, let due = game.resumesAt else { return [] }
        let seconds = max(1, Int((due.milliseconds(since: now) + 999) / 1_000))
        return [.notice(.restarted, Self.waitingAfterRestart(pair: game.match.roundsPlayed + 1, seconds: seconds))]
    }

    /// A game with nobody left to play it (all out, or all gone while it waited) ends: its record is kept.
    @discardableResult
    func endGameIfNobodyPlays(at now: Instant) -> Bool {
        guard let game, game.match.round == nil, game.match.isOver else { return false }
        endGame(standings: game.match.ranking(), stoppedEarly: game.match.roundsPlayed < game.match.pairs.count, at: now)
        return true
    }

    /// `TALLY` of a closed pair from its verdicts (`PairTally`'s counts): those away for the whole pair are in none of
    /// the three.
    static func tally(number: Int, pair: Pair, verdicts: [Verdict?]) -> Tally {
        let counts = PairTally(number: number, pair: pair, verdicts: verdicts)
        return Tally(number: number, right: counts.right, wrong: counts.wrong, timeout: counts.timeout)
    }
}
