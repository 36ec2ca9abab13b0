import WordGame
import WordGameProtocol

/// Members coming and going: joining (with what a newcomer needs to follow
/// the game on), leaving, and the host of a room made with `JOIN` handed on.
extension Room {
    /// `afterOK`: lines that go right after `OK JOIN` (the resume code).
    func join(_ id: PlayerID, name: String, afterOK: [ServerMessage] = [], at now: Instant) {
        roster.add(id, name: name, watching: game != nil)
        if case .member(nil) = host { host = .member(id) }
        outbox.send([.joined(room: self.name)] + afterOK
                    + [.room(info), membersLine, .you(roster.members[id]!.state)] + rulesLines
                    + [.info(joinHint(for: id, at: now))]
                    + inProgress(at: now), to: id)
        outbox.send([.arrived(name)], to: observers)
        updates.notices.add(.joined, name, about: id)
        environment.log(ConsoleTexts.joined(room: self.name, name: name))
        requestRoomUpdate(at: now, except: id)
        maybeStartByItself(at: now)
    }

    /// A member leaves, for `why`. Their pairs stop counting and they leave
    /// the ranking. `announced`: the notice, when not the one `why` makes
    /// (a held seat given up is "Bo left").
    func remove(_ id: PlayerID, why: Departure, announced: NoticeEvent? = nil, at now: Instant) {
        guard let member = roster.remove(id) else { return }
        outbox.send([.departed(member.name, why)], to: observers)
        let event = announced ?? NoticeBoard.event(for: why)
        updates.notices.add(event, member.name)
        environment.log(ConsoleTexts.departed(room: name, name: member.name, verb: NoticeTexts.verb(for: event, plural: false)))
        if openHostID == id { handOpenHost(after: member.name) }
        if let countdown, !countdown.byHost && roster.readyCount < autoStart {
            phase = .lobby
            broadcast([.info(Self.countdownStopped)])
        }
        if let game {
            if let slot = game.slots[id] { game.record.leave(slot: slot, duringPair: game.match.roundsPlayed + 1) }
            game.match.remove(id)
            game.thinking?.removeAll { $0 == id }
            updateThinking()  // a departure can bring the count down to where names are listed
            closeRoundIfDone(at: now)
            endGameIfNobodyPlays(at: now)  // a game waiting after a restart has no pair open to close
        }
        requestRoomUpdate(at: now)
    }

    /// The earliest member left becomes the host of a room made with `JOIN`.
    private func handOpenHost(after leaver: String) {
        let next = roster.earliest(1).first
        host = .member(next)
        guard let next, let hostName = roster.members[next]?.name else { return }
        outbox.send(.info(youHostNow(after: leaver)), to: next)
        updates.notices.replace(.host, Self.hostNow(hostName))
    }

    /// What a newcomer needs to follow what is already under way: the open
    /// pair (with the time left in it, counted from when it opened) or the
    /// countdown's time left. Without it, a watcher would get PROGRESS and
    /// REVEAL for a pair it never saw.
    func inProgress(at now: Instant) -> [ServerMessage] {
        if let countdown {
            return [.starting(milliseconds: max(0, Int(countdown.ends.milliseconds(since: now))))]
        }
        guard let game, let gameLine = currentGameLine else { return [] }
        // The game's rules, the last pair's truth and the board so far, so a latecomer (a refreshed projector)
        // sees the game as it was, not a lobby; then the open pair, and how many have answered it.
        var lines = [gameLine] + game.lastReveal + game.lastLeaderboard
        if let open = game.match.round {
            let left = open.openedAt.adding(milliseconds: rules.roundMilliseconds).milliseconds(since: now)
            lines.append(roundLine(open, of: game, milliseconds: max(0, Int(left))))
            if open.answeredCount > 0 {
                lines.append(.progress(round: open.index + 1, answered: open.answeredCount, playing: game.match.playingCount))
            }
        }
        return lines
    }
}
