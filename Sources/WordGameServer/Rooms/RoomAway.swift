import WordGame
import WordGameProtocol

/// A member whose connection went without a goodbye keeps their seat for the
/// resume grace: still in the room, still in the game and the ranking, their
/// pairs timing out, until they come back with `RESUME` or the hub gives the
/// seat up (`Room.remove`, announced as "Bo left").
extension Room {
    func memberAway(_ id: PlayerID, at now: Instant) {
        guard let member = roster.members[id], !member.away else { return }
        roster.members[id]?.away = true
        // The open pair can no longer reach them: the round does not wait for them.
        game?.match.playerAway(id)
        game?.thinking?.removeAll { $0 == id }
        updateThinking()
        updates.notices.add(.dropped, member.name)
        environment.log(ConsoleTexts.dropped(room: name, name: member.name))
        requestRoomUpdate(at: now)
        closeRoundIfDone(at: now)
    }

    /// `id` is back on a new connection (`Hub.resume`): they get what a
    /// member joining gets, their counters in the game on, and the open pair
    /// if it is still theirs to answer, with their own time left.
    /// `afterOK`: the hub's confirmation (`OK RESUME`, `TOKEN`), sent first, with the rest.
    func memberBack(_ id: PlayerID, afterOK: [ServerMessage] = [], at now: Instant) {
        guard let member = roster.members[id] else { return }
        roster.members[id]?.away = false
        game?.match.playerBack(id, at: now)
        var lines: [ServerMessage] = afterOK + [.room(info), membersLine, .you(member.state)] + rulesLines
            + [.info(welcomeBack(for: id, at: now))]
        if let game, game.match.score(of: id) != nil {
            let current = game.match
            lines += currentGameLine.map { [$0] } ?? []
            let standings = current.ranking()
            if let place = standings.first(where: { $0.player == id }) {
                lines.append(.score(correct: place.score.correct, wrong: place.score.incorrect, rank: place.rank, ranked: standings.count))
            }
            lines += played(by: id)
            lines += game.lastLeaderboard
            lines += restartNotice(at: now)
            if let open = current.round, current.canAnswer(id, at: now), let deadline = current.deadline(for: id) {
                lines.append(roundLine(open, of: game, milliseconds: max(0, Int(deadline.milliseconds(since: now)))))
                game.thinking?.append(id)
            }
        } else {
            lines += inProgress(at: now)
        }
        outbox.send(lines, to: id)
        restartedPlayerBack(at: now)
        updates.notices.add(.back, member.name, about: id)
        environment.log(ConsoleTexts.back(room: name, name: member.name))
        requestRoomUpdate(at: now)
    }

    /// `PLAYED` for every pair of the game on revealed so far (the latest `playedListed`), as the
    /// record judged `id` on it, then `END PLAYED`: a page or a client coming back, a new browser after a
    /// crash included, lists the whole game, each pair with what really happened to it.
    private func played(by id: PlayerID) -> [ServerMessage] {
        guard let game, let slot = game.slots[id] else { return [] }
        let rounds = game.record.rounds
        let first = max(0, rounds.count - playedListed)
        var lines: [ServerMessage] = []
        lines.reserveCapacity(rounds.count - first + 1)
        for index in first..<rounds.count {
            let pair = game.record.pairs[index]
            let reveal = Reveal(number: index + 1, english: pair.english, spanish: pair.spanish,
                                truth: pair.isCorrect ? .correct : .wrong, translation: pair.translation)
            lines.append(.played(PlayedPair(reveal, PairOutcome(rounds[index].verdicts[slot]))))
        }
        return lines + [.end(.played)]
    }
}
