import WordGame
import WordGameProtocol

/// What happens in a room as time passes: countdowns end, pairs time out,
/// and the updates held back for an interval go out.
extension Room {
    /// The next moment `tick` has something to do, including forgetting an
    /// empty hosted room whose host stayed away for `hostGrace`.
    func nextWakeup(hostGrace: Int) -> Instant? {
        let expiry = roster.isEmpty ? seat?.awaySince?.adding(milliseconds: hostGrace) : nil
        return [countdownEnds, game?.match.roundDeadline, updates.progress.due, updates.room.due, expiry].compactMap { $0 }.min()
    }

    func tick(at now: Instant) {
        if let ends = countdownEnds, now >= ends {
            countdownEnds = nil
            startGame(by: nil, at: now)
        }
        closeRoundIfDone(at: now)
        if updates.progress.fire(at: now), game?.match.round != nil { sendProgress() }
        if updates.room.fire(at: now) { sendRoomUpdate() }
    }

    /// `except`: a member who was just sent the same ROOM line directly.
    func requestRoomUpdate(at now: Instant, except: PlayerID? = nil) {
        guard updates.room.request(at: now, interval: Coalescer.interval(members: roster.members.count)) else { return }
        sendRoomUpdate(except: except)
    }

    /// ROOM and MEMBERS, with the notices gathered since the last update.
    private func sendRoomUpdate(except: PlayerID? = nil) {
        let joiners = updates.notices.joiners
        let notices = updates.notices.take()
        let lines = [.room(info), membersLine] + notices
        outbox.send(lines, to: roster.members.keys.filter { $0 != except && !joiners.contains($0) })
        outbox.send(lines, to: observers)
        // Who joined since the last update hears the others' news, but not the joins it is one of.
        let newcomers = joiners.filter { $0 != except && roster.members[$0] != nil }
        guard !newcomers.isEmpty else { return }
        let others = notices.filter { if case .notice(.joined, _) = $0 { false } else { true } }
        outbox.send([.room(info), membersLine] + others, to: Array(newcomers))
    }
}
