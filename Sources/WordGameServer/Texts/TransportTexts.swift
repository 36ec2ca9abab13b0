import WordGamePOSIX

/// What the transport says to people, and to the operator: refusals,
/// goodbyes for the silent, problems with a line's framing, and the console's
/// notes. Every sentence of the server's I/O is here.
enum TransportTexts {
    static func serverFull(_ maxConnections: Int) -> String { "The server is full (\(maxConnections) players); try again later." }
    static let serverFullBye = "Server full."
    static func tooManyFromAddress(_ maxPerAddress: Int) -> String {
        "Too many connections from your address (\(maxPerAddress)); close some, or try again later."
    }
    static let tooManyFromAddressBye = "Too many connections from one address."
    static let noDescriptors = "The server has no room for another connection right now; try again in a minute."

    static func registrationOver(milliseconds: Int) -> String {
        "You did not join a room within \(milliseconds / 1_000) s of connecting. Connect again when you are ready."
    }

    static func idle(milliseconds: Int) -> String {
        let minutes = milliseconds / 60_000
        let span = minutes > 0 ? "\(minutes) minute\(minutes == 1 ? "" : "s")" : "\(milliseconds / 1_000) s"
        return "Nothing came from you for \(span); the connection is closed. Connect again to play."
    }

    static func runawayLine(maxDiscardedBytes: Int) -> String {
        "A line of over \(maxDiscardedBytes) bytes with no line end: closing the connection."
    }
    static let runawayLineBye = "Line too long."

    static func lineTooLong(maxLineBytes: Int) -> String {
        "Lines are at most \(maxLineBytes) bytes; that one was discarded. Type a shorter line (HELP lists the commands)."
    }
    static let badUTF8 = "That line was not UTF-8 text; it was discarded. Type HELP for the commands."

    static let shuttingDown = "The server is shutting down."
    /// SIGTERM or SIGINT: an operator stopped it, or its machine is restarting. Said to players in words,
    /// not as "(signal)": the console's own line says which signal.
    static let shuttingDownOnSignal = "The server is shutting down: it was stopped, or its machine is restarting."
    /// A drain (SIGHUP) is over: its games ended, or its time limit came.
    static let drained = "The server is stopping for maintenance."
    static func drainStarted(gamesOn: Bool, limitSeconds: Int) -> String {
        "wordgame-server: draining (SIGHUP): no new rooms; "
            + (gamesOn ? "stopping once the games on it are over, or in \(limitSeconds) s at most" : "no game is on, stopping now")
    }
    static let drainEnded = "wordgame-server: drained: the games on it are over"
    static func drainTimedOut(limitSeconds: Int) -> String {
        "wordgame-server: drain's time limit (\(limitSeconds) s) reached with a game still on: stopping as on SIGTERM"
    }
    static let internalError = "The server stopped after an internal error."

    // The operator's console.

    static func droppedSlowReader(_ id: ConnectionID, queuedBytes: Int) -> String {
        "wordgame-server: dropped connection \(id.rawValue): it stopped reading (\(queuedBytes) bytes queued)"
    }

    static func loopFailed(_ error: Errno) -> String { "wordgame-server: \(error); stopping" }

    static func connectionsLowered(from wanted: Int, to fitted: Int, limit: Int) -> String {
        "--max-connections lowered from \(wanted) to \(fitted): the descriptor limit is \(limit) (ulimit -n), "
            + "and the server keeps \(ConnectionLimits.reservedDescriptors) for itself"
    }

    static func failedAccepts(_ error: Errno, count: Int) -> String {
        "\(error): \(count) failed accept\(count == 1 ? "" : "s") since the last report; waiting peers are told the server is full"
    }
}
