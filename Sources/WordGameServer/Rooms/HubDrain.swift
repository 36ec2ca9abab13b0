import WordGame
import WordGameProtocol

/// Draining (SIGHUP, `Server.drain`): the server takes no new room, so that it can stop once the
/// games on it have finished (Protocol.md §4, "Draining"). A room that is here goes on as before:
/// its members, its host and its viewers come and go, and it may start another game.
/// What a drain refuses is answered `ERROR draining`, whose sentence says why and where to go.
extension Hub {
    /// Whether a game is under way in any room (a class's or a practice room), or counting down to its start (the
    /// class saw START pressed): a drain waits for these, and for nothing else.
    var anyGameOn: Bool { rooms.values.contains { $0.game != nil || $0.countdown != nil } }

    /// From now on, no new room: HOST, PRACTICE and a JOIN that would make a room are refused.
    func startDraining() {
        affinity.check()
        draining = true
        directory?.markDraining()
    }

    /// Refuses what would make a room, while draining: true if it did.
    func refusedWhileDraining(_ id: PlayerID) -> Bool {
        guard draining else { return false }
        error(.draining, directory == nil ? HubTexts.drainingAlone : HubTexts.drainingInFleet, to: id)
        return true
    }

    /// A teacher's new room while the server drains: on a fleet, the directory names another server to make it
    /// on, and the teacher is sent there (`MOVED`, as for a room that is elsewhere); alone, it is refused.
    /// True if HOST is answered so.
    func hostSentElsewhereWhileDraining(_ id: PlayerID, at now: Instant) -> Bool {
        guard draining else { return false }
        if directory != nil { ask(.hostElsewhere, for: id, at: now) } else { _ = refusedWhileDraining(id) }
        return true
    }

    /// The directory's answer to a HOST sent on while draining.
    func hostElsewhereAnswered(_ answer: DirectoryAnswer, _ id: PlayerID) {
        switch answer {
        case .elsewhere(let place): moved(id, to: place, FleetTexts.movedNewRoom(place))
        case .unreachable, .settling: error(.draining, HubTexts.drainingInFleet, to: id)
        case .ours, .nowhere, .gone: error(.draining, HubTexts.drainingNoOther, to: id)
        }
    }
}
