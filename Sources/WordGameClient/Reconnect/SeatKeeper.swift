import WordGamePOSIX

/// Keeps the seat file in step with the game: written when a seat is taken
/// (or its code changes), removed when the seat is given up: out of the
/// room (left, removed, the room closed), or the client ends on purpose
/// (quit, Ctrl-C, the server's BYE, a reconnect that gave up). A client that
/// dies without a word (`kill -9`) or whose terminal closes leaves it, and the
/// next run takes the seat back.
public final class SeatKeeper {
    /// The file for a seat in a room, named for the server the client was told to use (`--host`, `--port`).
    private let fileFor: (String) -> SeatFile?
    private let pid: Int32
    private var written: (file: SeatFile, saved: SeatFile.Saved)?
    /// The first write that failed, said once when the client ends (the game goes on without it).
    public private(set) var problem: String?

    public init(pid: Int32 = CurrentProcess.id, fileFor: @escaping (String) -> SeatFile?) {
        self.fileFor = fileFor
        self.pid = pid
    }

    /// For the server at `host`:`port`, in the user's state folder.
    public convenience init(host: String, port: UInt16) {
        self.init { room in SeatFile.forSeat(host: host, port: port, room: room) }
    }

    /// After each turn of the loop: the seat the state holds now (nil: none), the player's name, and the
    /// server the game is on (where a client run again takes the seat back).
    public func track(_ seat: HeldSeat?, name: String, on server: ServerLocation) {
        guard let seat else {
            if written != nil { release() }
            return
        }
        let saved = SeatFile.Saved(code: seat.token.code, name: name, room: seat.room, graceSeconds: seat.token.graceSeconds, pid: pid,
                                   server: server)
        guard saved != written?.saved, let file = fileFor(seat.room) else { return }
        if let old = written?.file, old.path != file.path { old.remove(writtenBy: pid) }
        written = (file, saved)  // a write that failed is not tried again every turn
        do {
            try file.save(saved)
        } catch {
            if problem == nil { problem = "your resume code could not be kept (\(error)); it is in the keys' help (?)." }
        }
    }

    /// The seat is given up: its file goes.
    public func release() {
        guard let file = written?.file else { return }
        written = nil
        file.remove(writtenBy: pid)
    }
}
