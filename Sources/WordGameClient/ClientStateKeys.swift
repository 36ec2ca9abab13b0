import WordGame
import WordGameProtocol

/// What keys do in the game: answer, ask before quitting, show the keys,
/// scroll the end dialog, start the next game. Pure, like the rest of `ClientState`.
extension ClientState {
    /// A key press at `now`; returns the commands to send.
    public mutating func press(_ key: Key, at now: Instant) -> [ClientCommand] {
        let quits = key == .character("q") || key == .character("Q")
        if let shown = overlay {
            overlay = nil
            if shown == .confirmQuit {
                // The second q of "quit?"; any other key only closes the question ("any other key plays on").
                guard quits else { return [] }
                hasQuit = true
                return [.quit]
            }
            // The keys stay open across pairs while the clock runs, and a player who reads them answers with
            // the key just read: an answer key closes them and counts, for a lost answer costs a pair. (Closing
            // them by themselves when a pair starts would pull the text away mid-sentence, every 5 s.)
            guard screen == .playing, Self.answer(for: key) != nil else { return [] }
        }
        // q next to w, the wrong key, must not end a game by accident: it asks first.
        // Ctrl-C, q while reconnecting (nothing to lose) and q on a window too small
        // to show the question ("q quits", it says) quit at once.
        if quits && screen == .playing && me == .playing && reconnecting == nil && windowFits {
            overlay = .confirmQuit
            return []
        }
        if key == .interrupt || quits {
            hasQuit = true
            return [.quit]
        }
        if key == .character("?") || key == .character("h") || key == .character("H") {
            overlay = .keys
            return []
        }
        if screen == .gameOver, let step = Self.scrollStep(for: key) {
            reviewOffset = Renderer.reviewOffset(after: step, from: reviewOffset, self, columns: window.columns, rows: window.rows)
            return []
        }
        // No connection to take a key while the seat is being taken back; only quitting works. An answer
        // is said not to have gone (never lost silently): the player answers again once the seat is back.
        guard reconnecting == nil else {
            if screen == .playing, round != nil, me == .playing, Self.answer(for: key) != nil { notice = ClientTexts.answerNotSent }
            return []
        }
        switch screen {
        case .playing:
            guard let round, me == .playing, pressed == nil, let answer = Self.answer(for: key) else { return [] }
            // A key within the reading floor of a pair's arrival was pressed for the pair before (Protocol.md §7):
            // nobody reads a pair that fast. It is said, not sent; the pair is still ours to answer.
            if isWithinReadingFloor(at: now) {
                notice = ClientTexts.tooSoon
                return []
            }
            pressed = answer
            pressedAt = now
            // Ours is one more answer; PROGRESS will say exactly how many.
            if let known = answered { answered = (min(known.of, known.count + 1), known.of) }
            return [.answer(round: round.number, answer)]
        case .gameOver:
            guard canStartNext, !nextGameAsked, key == .character("r") || key == .character("R") else { return [] }
            if isHost {
                // The dialog stays until the game begins: a countdown may come first.
                nextGameAsked = true
            } else {
                restart()  // ready in an auto-start room: the lobby says how many more are needed
            }
            return [.start]
        case .lobby:
            let starts: [Key] = [.enter, .character("s"), .character("S"), .character("r"), .character("R")]
            return starts.contains(key) ? [.start] : []
        case .outside:
            return []
        }
    }

    /// How the end dialog's list moves for a key; nil if the key does not scroll.
    static func scrollStep(for key: Key) -> Scroll? {
        switch key {
        case .up, .character("k"): return .pairUp
        case .down, .character("j"): return .pairDown
        case .pageUp, .character("b"): return .pageUp
        case .pageDown, .character(" "): return .pageDown
        default: return nil
        }
    }

    /// Whether `now` is sooner after the open pair arrived than anyone reads it: the game's reading
    /// floor, as the server reckons it for a bare answer (Protocol.md §7).
    func isWithinReadingFloor(at now: Instant) -> Bool {
        guard let shown = roundReceivedAt, let game else { return false }
        return now < shown.adding(milliseconds: Rules(roundMilliseconds: game.roundMilliseconds).readingFloorMilliseconds)
    }

    static func answer(for key: Key) -> Answer? {
        switch key {
        case .character("y"), .character("Y"), .character("c"), .character("C"), .right: return .correct
        case .character("n"), .character("N"), .character("w"), .character("W"), .left: return .wrong
        default: return nil
        }
    }

    /// Back to the initial state of a game, keeping the room.
    mutating func restart() {
        beginGame(nil)
        final = nil
        notice = nil
    }
}
