import WordGame

/// The hub's requests about connections, carried out on them.
extension Server: ConnectionControl {
    func closeAfterFlush(_ player: PlayerID) {
        guard let connection = table.connection(for: player) else { return }
        writes.closeAfterFlush(connection)
    }

    func rebind(_ held: PlayerID, to newcomer: PlayerID) {
        table.rebind(held, to: newcomer)
    }

    func holdInput(fromAddressOf player: PlayerID, milliseconds: Int) {
        guard let connection = table.connection(for: player) else { return }
        input.holdAddress(of: connection, milliseconds: milliseconds, at: .now())
    }

    func seatChanged(_ player: PlayerID, _ standing: SeatStanding) {
        table.connection(for: player)?.session?.seat = standing
    }

    func awaitDirectory(_ player: PlayerID, _ waiting: Bool) {
        guard let connection = table.connection(for: player), let session = connection.session else { return }
        session.awaitDirectory(waiting)
        if !waiting { input.park(connection) }  // its waiting lines run from the next turn
    }

    func uploadOpen(_ player: PlayerID, _ open: Bool) {
        table.connection(for: player)?.session?.uploadOpen = open
    }

    func readsSentences(_ player: PlayerID) -> Bool {
        table.connection(for: player)?.session?.mode == .human
    }
}
