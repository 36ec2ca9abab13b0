import WordGame
import WordGameProtocol

/// What the host can do besides starting games: lock the door, remove a
/// player, end a game early, close the room. Each control is told to
/// everyone in plain words. Removing a player and closing the room change
/// sessions too, so the hub drives those (`Hub.kick`, `Hub.closeRoom`).
extension Room {
    /// Why `id` may not use a host control, or nil if they may.
    func refusal(forControlBy id: PlayerID) -> ProtocolError? {
        isHost(id) ? nil : ProtocolError(.notHost, notHostText)
    }

    func setLocked(_ locked: Bool, by id: PlayerID) {
        self.locked = locked
        environment.changed()
        outbox.send(.lockSet(locked), to: id)
        broadcast([.notice(locked ? .locked : .unlocked, locked ? lockedText : Self.unlockedText)])
        environment.log(ConsoleTexts.locked(room: name, locked))
    }

    /// The host ends the game now: the standings so far are final.
    func stopGame(by id: PlayerID, at now: Instant) {
        if countdown?.byHost == true {
            // The host's START is still counting down: STOP calls it off.
            phase = .lobby
            outbox.send(.stopped, to: id)
            broadcast([.notice(.stopped, Self.startCalledOff)])
            return requestRoomUpdate(at: now)
        }
        guard game != nil else {
            let text = countdown == nil ? Self.nothingToStop : Self.autoStartIsNotStopped
            return outbox.send(.error(ProtocolError(.noRound, text)), to: id)
        }
        outbox.send(.stopped, to: id)
        endGameEarly(at: now)
    }

    /// A game on ends now, its standings so far final (the host's STOP, the room closed, the server stopping).
    func endGameEarly(at now: Instant) {
        if let game { endGame(standings: game.match.ranking(), stoppedEarly: true, at: now) }
    }

    /// Everyone leaves: members, viewers, the host. Returns who was in it, for
    /// the hub to update their sessions. A game on ends first, so its results are kept.
    func close(at now: Instant) -> [PlayerID] {
        endGameEarly(at: now)
        let everyone = Array(roster.members.keys) + observers
        broadcast([.notice(.closed, closedText), .you(.outside)])
        environment.log(ConsoleTexts.closed(room: name))
        return everyone
    }
}
