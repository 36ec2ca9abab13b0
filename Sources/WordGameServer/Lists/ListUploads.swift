import WordGame
import WordGameProtocol
import WordListFiles

/// The hub's word list business: uploads open, one a connection, and the
/// saves and deletions the list store is doing. Owned by the event loop thread.
struct ListUploads {
    /// An upload a host has open: its lines, kept as they came, read at `CHECK` or `SAVE`.
    struct Open {
        let start: ListCommand.ListUpload
        var lines: [String] = []
        var bytes = 0
        /// Past a limit: its lines are gone, and the rest of its `LINE`s are discarded quietly.
        var overflowed = false
    }

    /// What the list store is doing for a connection, by ticket: its reply waits for it.
    struct Pending {
        enum Action {
            case save(StoredWordList, reply: [ServerMessage], languagesBefore: (from: String, to: String)?)
            case delete
        }
        let player: PlayerID
        let name: String
        let action: Action
    }

    private(set) var open: [PlayerID: Open] = [:]
    private(set) var pending: [Int: Pending] = [:]
    private var lastTicket = 0

    /// Uploads open server-wide, over-full ones included (they are open until their `CHECK` or `SAVE`).
    var openCount: Int { open.count }

    func upload(of player: PlayerID) -> Open? { open[player] }

    mutating func begin(_ start: ListCommand.ListUpload, for player: PlayerID) { open[player] = Open(start: start) }

    mutating func update(_ upload: Open, for player: PlayerID) { open[player] = upload }

    /// The upload of `player`, taken (it ends: read, or forgotten).
    mutating func end(for player: PlayerID) -> Open? { open.removeValue(forKey: player) }

    /// Whether the store is busy with the list `name`: nothing else may save or delete it meanwhile.
    func isBusy(_ name: String) -> Bool { pending.values.contains { $0.name == name } }

    mutating func ask(_ pending: Pending) -> Int {
        lastTicket += 1
        self.pending[lastTicket] = pending
        return lastTicket
    }

    mutating func answered(_ ticket: Int) -> Pending? { pending.removeValue(forKey: ticket) }
}
