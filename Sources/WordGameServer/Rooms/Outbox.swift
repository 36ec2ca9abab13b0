import WordGame
import WordGameProtocol

/// Where rooms and the hub put what they say, addressed to seats. The server
/// implements it with connections (`WritePath`); tests record. A message sent
/// to many is encoded once per format present among them.
protocol Outbox: AnyObject {
    func send(_ message: ServerMessage, to player: PlayerID)
    func send<C: Collection>(_ messages: [ServerMessage], to players: C) where C.Element == PlayerID
    /// Sends a line and reports, through `Hub.delivered`, when each seat's
    /// copy has left the kernel (the player's clock starts then).
    func sendTracked<C: Collection>(_ message: ServerMessage, tag: Int, to players: C) where C.Element == PlayerID
    /// A pair's close, to each reader in one pass: `before`, their result,
    /// `after`, `YOU OUT` if they are out now, then `next` if there is one
    /// (tracked with `tag` for the readers marked). The same lines, in the
    /// same order, as those sends made one by one.
    func sendRoundClose(_ close: RoundClose)
}

/// What every member of a room gets when a pair closes, with the next pair if one opens.
struct RoundClose {
    struct Reader {
        let player: PlayerID
        /// Their RESULT, if they were judged.
        let result: ServerMessage?
        /// This pair put them out (`YOU OUT`).
        let out: Bool
        /// Their clock starts with `next`.
        let tracked: Bool
    }

    /// The truth (REVEAL).
    let before: [ServerMessage]
    /// The tally and the board (TALLY, TOP…, END TOP).
    let after: [ServerMessage]
    /// The next pair (ROUND); nil after the game's last.
    let next: ServerMessage?
    let tag: Int
    /// Built as they are read, once: a reader's lines can leave before the next one's are written.
    let readers: AnySequence<Reader>
    /// How many readers there are at most (the room's members).
    let readerCount: Int
}

extension Outbox {
    func send(_ messages: [ServerMessage], to player: PlayerID) {
        self.send(messages, to: CollectionOfOne(player))
    }

    /// The round's close as separate sends (an outbox that records needs no more).
    func sendRoundClose(_ close: RoundClose) {
        for reader in close.readers {
            self.send(close.before, to: reader.player)
            if let result = reader.result { self.send(result, to: reader.player) }
            self.send(close.after, to: reader.player)
            if reader.out { self.send(.you(.out), to: reader.player) }
            guard let next = close.next else { continue }
            if reader.tracked {
                self.sendTracked(next, tag: close.tag, to: CollectionOfOne(reader.player))
            } else {
                self.send([next], to: reader.player)
            }
        }
    }
}
