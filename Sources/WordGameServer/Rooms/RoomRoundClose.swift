import WordGame
import WordGameProtocol

/// Closing a pair: the verdicts, the truth for everyone, and the next pair.
/// In a room of thousands this is the moment that counts, so every member's
/// lines go out in one pass over the room (`Outbox.sendRoundClose`): the
/// truth, their result, the board, the next pair, encoded once where shared.
extension Room {
    /// Closes the open round if everyone answered or time is up; true if it did.
    /// Before the first byte can leave, only what every reader's lines need is
    /// done: judging (a pass over the slots), ranking (integers sorted) and the
    /// board. Each reader's lines are then built as they are sent (`readers` is lazy).
    @discardableResult
    func closeRoundIfDone(at now: Instant) -> Bool {
        guard let game, game.match.roundCanClose(at: now) else { return false }
        // Timed by the counters' clock, not `now`: the time the loop spends here is what an operator watches.
        let counters = environment.counters, started = counters?.roundCloseStarts()
        defer { if let counters, let started { counters.roundClosed(since: started) } }
        let outcome = game.match.closeRound(at: now)
        environment.changed()
        let standings = game.match.ranking()
        let pair = outcome.pair
        let number = outcome.index + 1
        let reveal = ServerMessage.reveal(Reveal(number: number, english: pair.english, spanish: pair.spanish,
                                                 truth: pair.isCorrect ? .correct : .wrong, translation: pair.translation))
        // Those away for the whole pair are judged (the record keeps it) but in none of the tally's three counts.
        let tally = Self.tally(number: number, pair: pair, verdicts: outcome.verdictBySlot)
        let judgedCount = outcome.verdictBySlot.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
        game.lastLeaderboard = leaderboard(standings)
        game.lastReveal = [reveal, .tally(tally)]
        let board = [.tally(tally)] + game.lastLeaderboard
        for id in outcome.eliminated { roster.members[id]?.state = .out }

        // The next pair goes out with this one's close; after the last, the game's end follows.
        let next = game.match.isOver ? nil : beginRound(of: game, at: now)
        outbox.sendRoundClose(RoundClose(before: [reveal], after: board, next: next, tag: game.roundTag,
                                         readers: readers(of: outcome, in: game, standings, judged: judgedCount, opening: next != nil),
                                         readerCount: roster.members.count))
        game.record.add(GameRecord.RoundRecord(verdicts: outcome.verdictBySlot,
                                                milliseconds: outcome.timeBySlot.map { Int32(clamping: $0 / 1_000_000) }))
        if next != nil {
            for (id, member) in roster.members where member.away && member.state == .playing { game.match.playerAway(id) }
        }
        outbox.send([reveal], to: observers)
        outbox.send(board, to: observers)
        guard let next else {
            endGame(standings: standings, stoppedEarly: false, at: now)
            return true
        }
        outbox.send([next], to: observers)
        game.thinking = nil
        updateThinking()
        outbox.send(thinkingLines(), to: observers)
        return true
    }

    /// Every member once, built as the outbox reads them: the judged in
    /// ranking order (playing, unless this pair put them out), then the others
    /// (joined mid-game, or out before). Only a playing member's ROUND is tracked.
    private func readers(of outcome: Match.RoundOutcome, in game: GameSession, _ standings: [Standing], judged: Int,
                         opening: Bool) -> AnySequence<RoundClose.Reader> {
        let number = outcome.index + 1
        let judgedReaders = standings.lazy.compactMap { place -> RoundClose.Reader? in
            guard let verdict = outcome.verdictBySlot[place.slot], let member = self.roster.members[place.player] else { return nil }
            let result = ServerMessage.result(RoundResult(number: number, verdict: verdict, correct: place.score.correct,
                                                          wrong: place.score.incorrect, rank: place.rank, ranked: standings.count))
            return RoundClose.Reader(player: place.player, result: result, out: place.score.isOut,
                                     tracked: opening && member.state == .playing)
        }
        // When every member was judged (the usual case) there are no others: no second pass.
        let others = roster.members.lazy.compactMap { id, member -> RoundClose.Reader? in
            if let slot = game.slots[id], outcome.verdictBySlot[slot] != nil { return nil }
            return RoundClose.Reader(player: id, result: nil, out: false, tracked: opening && member.state == .playing)
        }
        guard judged < roster.members.count else { return AnySequence(judgedReaders) }
        return AnySequence([AnySequence(judgedReaders), AnySequence(others)].joined())
    }
}
