import WordGame

/// Something that speaks for a seat: a connection in the server, a client in the test harness.
protocol SpeaksForASeat: AnyObject {
    var player: PlayerID { get set }
}

/// Who speaks for each seat now, and `RESUME`'s rebinding, written once for
/// the server's connections and the test harness's clients.
struct SeatTable<Speaker: SpeaksForASeat> {
    private var speakers: [PlayerID: Speaker] = [:]

    /// The one speaking for `player`; nil while its seat is held.
    @inline(__always)
    subscript(player: PlayerID) -> Speaker? { speakers[player] }

    mutating func add(_ speaker: Speaker) { speakers[speaker.player] = speaker }

    /// Forgets `speaker`, unless another speaks for its seat by now.
    mutating func remove(_ speaker: Speaker) {
        if speakers[speaker.player] === speaker { speakers[speaker.player] = nil }
    }

    /// `RESUME`: the one speaking for `newcomer` speaks for `held` from now
    /// on, so rooms and games go on addressing the seat as before. One still
    /// speaking for `held` (frozen, not yet found dead) goes on under a fresh
    /// seat nobody knows (`fresh`), so its last lines and its closing reach no room.
    mutating func rebind(_ held: PlayerID, to newcomer: PlayerID, fresh: () -> PlayerID) {
        if let previous = speakers[held] {
            previous.player = fresh()
            speakers[previous.player] = previous
        }
        guard let speaker = speakers.removeValue(forKey: newcomer) else {
            speakers[held] = nil
            return
        }
        speaker.player = held
        speakers[held] = speaker
    }
}
