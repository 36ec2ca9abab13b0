import WordGame
import WordGameProtocol

/// What happens in a room as time passes: countdowns end, pairs time out,
/// and the updates held back for an interval go out.
extension Room {
    /// The next moment `tick` has something to do, including forgetting an
    /// empty hosted room whose host stayed away for `hostGrace` (the same for
    /// every room of a hub). Worked out again only when something it reads
    /// has changed: the loop asks every room on every turn, and a district's
    /// hundreds of rooms are mostly waiting.
    func nextWakeup(hostGrace: Int) -> Instant? {
        let gameChanged = game?.wakeupChanged ?? false
        guard wakeupStale || gameChanged else {
            // Kept right by hand (a didSet on each thing `wakeupNow` reads): checked in every debug build and test.
            assert(cachedWakeup == wakeupNow(hostGrace: hostGrace), "room \(name): a change reached nextWakeup without a didSet")
            return cachedWakeup
        }
        cachedWakeup = wakeupNow(hostGrace: hostGrace)
        wakeupStale = false
        game?.wakeupChanged = false
        return cachedWakeup
    }

    /// Reads the roster, the host, the phase, the updates, and the game's match and restart wait: each marks the
    /// cache stale when it changes (`Room`, `GameSession`).
    private func wakeupNow(hostGrace: Int) -> Instant? {
        // Empty, a room made by JOIN is abandoned at once, a hosted one once its host has been away `hostGrace`.
        let expiry = !roster.isEmpty ? nil : seat == nil ? Instant.zero : seat?.awaySince?.adding(milliseconds: hostGrace)
        let play = earlier(earlier(countdown?.ends, game?.match.roundDeadline), game?.resumesAt)
        let counts = earlier(updates.progress.due, updates.watching.due)
        return earlier(earlier(play, earlier(counts, updates.room.due)), expiry)
    }

    func tick(at now: Instant) {
        if let countdown, now >= countdown.ends { startGame(by: nil, at: now) }
        closeRoundIfDone(at: now)
        resumeIfDue(at: now)
        if updates.progress.fire(at: now), game?.match.round != nil { sendProgress() }
        if updates.watching.fire(at: now), game?.match.round != nil { sendWatching() }
        if updates.room.fire(at: now) { sendRoomUpdate() }
    }

    /// `except`: a member who was just sent the same ROOM line directly.
    func requestRoomUpdate(at now: Instant, except: PlayerID? = nil) {
        guard updates.room.request(at: now, interval: Coalescer.interval(members: roster.members.count)) else { return }
        sendRoomUpdate(except: except)
    }

    /// ROOM and MEMBERS, with the notices gathered since the last update.
    private func sendRoomUpdate(except: PlayerID? = nil) {
        let subjects = updates.notices.subjects
        let notices = updates.notices.take()
        let state: [ServerMessage] = [.room(info), membersLine]
        let lines = state + notices
        outbox.send(lines, to: roster.members.keys.filter { $0 != except && subjects[$0] == nil })
        outbox.send(lines, to: observers)
        // Whom a notice is about hears the others' news, not its own: one send per kind of own news.
        var byOwnNews: [Set<NoticeEvent>: [PlayerID]] = [:]
        for (id, events) in subjects where id != except && roster.members[id] != nil { byOwnNews[events, default: []].append(id) }
        for (own, ids) in byOwnNews {
            let others = notices.filter { if case .notice(let event, _) = $0 { !own.contains(event) } else { true } }
            outbox.send(state + others, to: ids)
        }
    }
}
