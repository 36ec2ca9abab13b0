import WordGameProtocol

/// The texts people read in a room: hints in INFO lines and the words of
/// errors, written for someone typing into `nc` (the client shows its own).
extension Room {
    var hostHint: String { "Type START when everyone is in." }

    var hostWelcome: String {
        "Room \(name.uppercased()) is yours. Students join with JOIN \(name.uppercased()). Type START when everyone is in; "
            + "HELP lists your controls (LOCK, KICK <name>, STOP, CLOSE)."
    }

    var viewerHint: String { "You are watching room \(spokenName); you do not play. QUIT to stop." }

    var lockedText: String { "The host locked the room: nobody new can join." }

    var notHostText: String {
        guard let host = hostName else { return "Only the host starts games and runs the room." }
        return isHosted ? "Only the host (\(host)) runs this room. Wait for them to start, or LEAVE."
                        : "Only the host (\(host)) starts games. Wait for them, or LEAVE."
    }

    var autoStartHint: String {
        "The game starts by itself when \(autoStart) player\(autoStart == 1 ? " is" : "s are") ready (\(readyCount) now)."
    }

    func startHint(for id: ConnectionID) -> String {
        if isHost(id) { return "You are the host: type START." }
        if autoStart > 0 { return autoStartHint }
        guard let host = hostName else { return "The host starts the game." }
        return "The host (\(host)) starts the game with START."
    }

    func joinHint(for id: ConnectionID) -> String {
        if match != nil { return "A game is on: you watch, and play from the next one." }
        if autoStart > 0 && readyCount >= autoStart {
            let seconds = settings.countdownMilliseconds / 1_000
            return seconds == 0 ? "The game starts now." : "The game starts in \(seconds) s."
        }
        if isHost(id) { return "You are the host. \(hostHint) Others join with JOIN \(name)." }
        if isHosted && seat?.connection == nil { return "The host is away for now; the game starts when they are back." }
        return startHint(for: id)
    }

    /// For a member back with RESUME: where they are, in their own game.
    func welcomeBack(for id: ConnectionID) -> String {
        guard let state = members[id]?.state, match != nil else { return "Welcome back! " + joinHint(for: id) }
        switch state {
        case .playing: return "Welcome back! You are still in the game: answer with y / n. Pairs that passed while you were away count as timeouts."
        case .out: return "Welcome back! You are out of this game; you watch until it ends."
        default: return "Welcome back! A game is on: you watch, and play from the next one."
        }
    }

    func againHint(for id: ConnectionID) -> String {
        if isHost(id) { return "Type AGAIN to play again, or QUIT." }
        if autoStart > 0 { return "Type AGAIN when you are ready for another game, or QUIT." }
        guard let host = hostName else { return "The host starts the next game; QUIT to leave." }
        return "The host (\(host)) starts the next game; QUIT to leave."
    }

    func observerAgainHint(for id: ConnectionID) -> String {
        isHost(id) ? "Type START for the next game, or CLOSE to end the class." : "The next game starts when the host says so."
    }
}
