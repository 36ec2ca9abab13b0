import WordGame
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
        "The game starts by itself when \(autoStart) player\(autoStart == 1 ? " is" : "s are") ready (\(roster.readyCount) now)."
    }

    /// Only the host's hint names START: anyone else who types it is refused (`not-host`).
    func startHint(for id: PlayerID) -> String {
        if isHost(id) { return "You are the host: type START." }
        if autoStart > 0 { return autoStartHint }
        // A teacher without a name is called Host: "The host (Host)" says nothing more.
        guard let host = hostName, host != HubTexts.defaultHostName else { return "The host starts the game." }
        return "The host (\(host)) starts the game."
    }

    func joinHint(for id: PlayerID, at now: Instant) -> String {
        if game != nil { return "A game is on: you watch, and play from the next one." }
        // A countdown on (auto-start's, or the host's START): the time left, as STARTING says.
        if let countdown { return Self.startsIn(seconds: countdown.ends.wholeSecondsLeft(at: now)) }
        // This join makes enough players: the countdown starts whole.
        if autoStart > 0 && roster.readyCount >= autoStart { return Self.startsIn(seconds: settings.countdownMilliseconds / 1_000) }
        if isHost(id) { return "You are the host. \(hostHint) Others join with JOIN \(name)." }
        if isHosted && seat?.connection == nil { return "The host is away for now; the game starts when they are back." }
        return startHint(for: id)
    }

    static func startsIn(seconds: Int) -> String { seconds == 0 ? "The game starts now." : "The game starts in \(seconds) s." }

    /// For a member back with RESUME: where they are, in their own game.
    func welcomeBack(for id: PlayerID, at now: Instant) -> String {
        guard let state = roster.members[id]?.state, game != nil else { return "Welcome back! " + joinHint(for: id, at: now) }
        switch state {
        case .playing:
            return "Welcome back! You are still in the game: answer with y / n. "
                + "Pairs that came and went while you were away are missed: they count neither right nor wrong."
        case .out: return "Welcome back! You are out of this game; you watch until it ends."
        default: return "Welcome back! A game is on: you watch, and play from the next one."
        }
    }

    func againHint(for id: PlayerID) -> String {
        if isPractice { return "Type START to play again (START MISSED: the words you missed first), or LEAVE to stop practising." }
        if isHost(id) { return "Type AGAIN to play again, or QUIT." }
        if autoStart > 0 { return "Type AGAIN when you are ready for another game, or QUIT." }
        // A teacher without a name is called Host: "The host (Host)" says nothing more.
        guard let host = hostName, host != HubTexts.defaultHostName else { return "The host starts the next game; QUIT to leave." }
        return "The host (\(host)) starts the next game; QUIT to leave."
    }

    func observerAgainHint(for id: PlayerID) -> String {
        guard isHost(id) else { return "The next game starts when the host says so." }
        return hasMissedWords ? "Type START for the next game, START MISSED to play the missed words first, or CLOSE to end the class."
            : "Type START for the next game, or CLOSE to end the class."
    }

    func youHostNow(after leaver: String) -> String { "\(leaver) left; you are the host now. \(hostHint)" }

    static func hostNow(_ name: String) -> String { "\(name) is the host now." }

    var readyText: String { "You are ready. \(autoStartHint)" }

    func noGameText(for id: PlayerID) -> String { "No game is on. \(startHint(for: id))" }

    func gameOverText(for id: PlayerID) -> String { "Game over. \(againHint(for: id))" }

    func observerGameOverText(for id: PlayerID) -> String { "Game over. \(observerAgainHint(for: id))" }

    var closedText: String { "The host closed room \(spokenName). Type JOIN <room> to play elsewhere, or QUIT." }

    static let countdownStopped = "Not enough players any more: the countdown stopped."
    static let hostIsBack = "The host is back."
    static let hostIsAway = "The host is away; the room waits for them. A game on goes on."
    static let unlockedText = "The host unlocked the room: new players can join."
    static let startCalledOff = "The host called off the start."
    static let nothingToStop = "No game is on: there is nothing to stop."
    static let autoStartIsNotStopped = "No game is on yet: the players are ready and theirs starts by itself. START begins it now."
    static let gameIsOn = "A game is on: wait for it to end (answer with y / n if you play)."
    static let nobodyYet = "Nobody has joined yet: wait for players, then type START."
    static let noPairOpen = "No pair is open; wait for the next one."
    static let joinedMidGame = "You joined during this game: you watch, and play from the next one."

    static let practiceStarted = "Your practice game started."

    static func started(byHost: Bool, missedFirst: Bool = false) -> String {
        if missedFirst { return "The host started a game of the words missed last time." }
        return byHost ? "The host started the game." : "The game started."
    }

    static func endedEarly(afterPair pair: Int) -> String {
        // Before any pair closed nobody has a score: "after pair 0" reads like a mistake.
        pair == 0 ? "The host ended the game before the first pair closed." : "The host ended the game after pair \(pair)."
    }

    static func roundNotOpen(_ number: Int, open: Int) -> String {
        "Round \(number) is not open; the current round is \(open): type ANSWER \(open) CORRECT|WRONG, or y / n."
    }

    static func timeWasUp(_ round: Int) -> String {
        "Time was up for round \(round): it counts as a timeout. Answer the next pair before it lands."
    }

    /// An answer that came too soon after its pair left (`since` ms; negative: before it left).
    static func tooSoon(millisecondsAfter since: Int64, open: Int) -> String {
        let when = since < 0 ? "before pair \(open) reached you" : "\(since) ms after pair \(open) reached you"
        return "That answer came \(when), too soon to be for it: it was a late answer to pair \(open - 1) and does not count. "
            + "Pair \(open) is still open: answer it with y / n."
    }

    static func alreadyAnswered(_ round: Int) -> String { "You already answered pair \(round); wait for the next one." }

    static func outOfGame(maxIncorrect: Int) -> String {
        "You are out of this game (\(maxIncorrect) wrong attempts); you watch until it ends."
    }

    static func notAPlayer(hosting: Bool) -> String { "You do not play in this room: you \(hosting ? "host" : "watch") it." }
}

/// The words of `START MISSED`'s refusals (`RoomMissed.swift`).
extension Room {
    static let noGameYet = "No game has been played in this room yet, so nothing was missed: type START for the first one."
    static let nothingWasMissed = "Nobody missed a pair in the last game: type START for a new one."

    static func missedNotInList(_ list: String, played: String) -> String {
        "None of the words missed in the last game is in list \(list) (the game was played on list \(played)): "
            + "type RULES LIST \(played), then START MISSED, or START for a game of list \(list)."
    }
}
