import WordGame

/// QUIT from a person at `nc` in the middle of a game asks first (Protocol.md §4, QUIT):
/// `q` sits next to `w`, and quitting gives up the seat and the score for good.
/// Programs (machine mode) quit at once, as before.
extension Hub {
    /// Asks `id` to confirm, once, if they read sentences and play in a game on; true when it asked.
    func asksBeforeQuitting(_ id: PlayerID) -> Bool {
        guard let session = sessions[id], !session.quitAsked, session.role == .member,
              session.room?.game?.match.score(of: id) != nil, control.readsSentences(id)
        else { return false }
        sessions[id]?.quitAsked = true
        outbox.send(.info(HubTexts.confirmQuit), to: id)
        return true
    }

    /// A line from `id` that is not QUIT (a command, a blank line, a line
    /// refused before the hub, MODE): the question, if asked, is answered "stay".
    func heard(_ id: PlayerID) {
        if sessions[id]?.quitAsked == true { sessions[id]?.quitAsked = false }
    }
}
