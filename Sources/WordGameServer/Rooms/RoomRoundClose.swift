import WordGame
import WordGameProtocol

/// Closing a pair: the verdicts, the truth for everyone, and the next pair.
/// In a room of thousands this is the moment that counts, so every member's
/// lines go out in one pass over the room (`Outbox.sendRoundClose`): the
/// truth, their result, the board, the next pair, encoded once where shared.
extension Room {
    /// Closes the open round if everyone answered or time is up; true if it did.
    @discardableResult
    func closeRoundIfDone(at now: Instant) -> Bool {
        guard match?.roundCanClose(at: now) == true else { return false }
        let outcome = match!.closeRound(at: now)
        let standings = match!.ranking()
        let pair = outcome.pair
        let number = outcome.index + 1
        let reveal = ServerMessage.reveal(Reveal(number: number, english: pair.english, spanish: pair.spanish,
                                                 truth: pair.isCorrect ? .correct : .wrong, translation: pair.translation))
        let eliminated = Set(outcome.eliminated)
        var tally = Tally(number: number, right: 0, wrong: 0, timeout: 0)
        var verdicts = [Verdict?](repeating: nil, count: record?.players.count ?? 0)
        var times = [Int32](repeating: 0, count: verdicts.count)
        // Each judged player's result. Walked in ranking order: every player
        // judged this round is in it, and no table by player is built.
        var judged: [(id: ConnectionID, result: ServerMessage)] = []
        judged.reserveCapacity(outcome.verdicts.count)
        for place in standings {
            let id = place.player
            guard let verdict = outcome.verdicts[id] else { continue }  // out before this round
            let result = ServerMessage.result(RoundResult(number: number, verdict: verdict, correct: place.score.correct,
                                                          wrong: place.score.incorrect, rank: place.rank, ranked: standings.count))
            judged.append((id, result))
            switch verdict {
            case .right: tally.right += 1
            case .wrong: tally.wrong += 1
            case .timeout: tally.timeout += 1
            }
            if let slot = slots[id] {
                verdicts[slot] = verdict
                times[slot] = Int32(clamping: outcome.times[id]! / 1_000_000)
            }
        }
        record?.add(GameRecord.RoundRecord(verdicts: verdicts, milliseconds: times))
        lastLeaderboard = leaderboard(standings)
        let board = [.tally(tally)] + lastLeaderboard
        for id in eliminated { members[id]?.state = .out }

        // The next pair goes out with this one's close; after the last, the game's end follows.
        let next = match!.isOver ? nil : beginRound(at: now)
        // Every member, once: the judged (playing, unless just put out), then the others
        // (joined mid-game, or out before). Only a playing member's ROUND is tracked.
        var readers: [RoundClose.Reader] = []
        readers.reserveCapacity(members.count)
        var away: [ConnectionID] = []
        func read(_ id: ConnectionID, _ member: Member, result: ServerMessage?) {
            let playing = next != nil && member.state == .playing
            readers.append(RoundClose.Reader(id: id, result: result, out: eliminated.contains(id), tracked: playing))
            if playing && member.away { away.append(id) }
        }
        for (id, result) in judged {
            if let member = members[id] { read(id, member, result: result) }
        }
        for (id, member) in members where outcome.verdicts[id] == nil { read(id, member, result: nil) }
        outbox.sendRoundClose(RoundClose(before: [reveal], after: board, next: next, tag: roundTag, readers: readers))
        for id in away { match!.playerAway(id) }
        outbox.send([reveal], to: observers)
        outbox.send(board, to: observers)
        guard let next else {
            endGame(standings: standings, stoppedEarly: false, at: now)
            return true
        }
        outbox.send([next], to: observers)
        thinking = nil
        updateThinking()
        outbox.send(thinkingLines(), to: observers)
        return true
    }
}
