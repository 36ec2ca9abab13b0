import WordGame
import WordGameProtocol

/// Draining (SIGHUP, `Server.drain`): the server takes no new room, so that it can stop once the
/// games on it have finished (Protocol.md §4, "Draining"). A room that is here goes on as before:
/// its members, its host and its viewers come and go, and it may start another game.
/// What a drain refuses is answered `ERROR draining`, whose sentence says why and where to go.
extension Hub {
    /// Whether a game is under way in any room (a class's or a practice room): a drain waits for none.
    var anyGameOn: Bool { rooms.values.contains { $0.game != nil } }

    /// From now on, no new room: HOST, PRACTICE and a JOIN that would make a room are refused.
    func startDraining() {
        affinity.check()
        draining = true
    }

    /// Refuses what would make a room, while draining: true if it did.
    func refusedWhileDraining(_ id: PlayerID) -> Bool {
        guard draining else { return false }
        error(.draining, directory == nil ? HubTexts.drainingAlone : HubTexts.drainingInFleet, to: id)
        return true
    }
}
