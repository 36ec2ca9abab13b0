import WordGame
import WordGameProtocol

/// The host of a hosted room and the viewers: they take their place, get
/// the full roster and what is under way, and the host's seat waits while
/// its connection is away.
extension Room {
    /// The host of a hosted room takes their seat (first time, or back with the key).
    /// `afterOK`: what the hub confirms first (`OK HOST` or `OK RESUME`, and `TOKEN`), sent with the rest.
    func seatHost(_ id: PlayerID, afterOK: [ServerMessage] = [], at now: Instant) {
        let returning = seat?.awaySince != nil
        seat?.connection = id
        seat?.awaySince = nil
        seat?.lastConnection = nil
        let lines: [ServerMessage] = [.room(info), membersLine, .you(.hosting)] + browserAddress + rulesLines + [.info(hostWelcome)]
        outbox.send(afterOK + lines + observerStart(at: now), to: id)
        if returning {
            broadcast([.notice(.host, Self.hostIsBack)])
            environment.log(ConsoleTexts.hostBack(room: name))
        }
        // After the news of its own return, so that a screen showing the latest notice shows why no pair is open.
        outbox.send(restartNotice(at: now), to: id)
    }

    /// The host's connection `id` went (dropped, quit or left): the seat waits for the key.
    func hostAway(_ id: PlayerID, at now: Instant) {
        guard seat?.connection == id else { return }  // the seat was taken back from elsewhere since
        seat?.connection = nil
        seat?.awaySince = now
        seat?.lastConnection = id
        broadcast([.notice(.host, Self.hostIsAway)])
        environment.log(ConsoleTexts.hostAway(room: name))
    }

    /// Whether another viewer fits.
    var hasRoomForViewer: Bool { roster.hasRoomForViewer }

    func addViewer(_ id: PlayerID, at now: Instant) {
        roster.addViewer(id)
        outbox.send([.watchingRoom(name), .room(info), membersLine, .you(.viewing)] + browserAddress + rulesLines + [.info(viewerHint)]
                    + observerStart(at: now), to: id)
    }

    func removeViewer(_ id: PlayerID) {
        roster.removeViewer(id)
    }

    /// The `WEB` line: where the class joins in a browser, for the screen that shows it.
    private var browserAddress: [ServerMessage] {
        environment.browserAddress(name).map { [.web(url: $0)] } ?? []
    }

    /// What an observer needs on arrival: whether the room is locked, the
    /// whole roster, and what is under way.
    private func observerStart(at now: Instant) -> [ServerMessage] {
        // The games before the one on: its GAME line, in `inProgress`, makes it one more, as the results number it.
        var lines: [ServerMessage] = [.games(gamesStarted - (game == nil ? 0 : 1))] + (locked ? [.notice(.locked, lockedText)] : [])
        let everyone = roster.earliest(roster.members.count)
        lines += everyone.compactMap { roster.members[$0].map { .roster($0.name) } }
        lines.append(.end(.roster))
        // Between games, the last game's hardest pairs (`HARDEST`), as the projector showed them after its ranking.
        return lines + inProgress(at: now) + thinkingLines() + (game == nil ? hardestLines : [])
    }
}
