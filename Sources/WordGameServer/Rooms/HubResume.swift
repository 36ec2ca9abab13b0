import WordGame
import WordGameProtocol

/// Seats held after a drop, and `RESUME`, which takes one back from a new
/// connection (Protocol.md §4, RESUME).
///
/// A member or host gets a resume code with their seat (`TOKEN`). When their
/// connection goes without a goodbye (closed, reset, or silent past the
/// limits), the seat is held for `GameSettings.resumeGraceMilliseconds`: they
/// stay in the room, the game and the ranking, and the pairs that pass count
/// as timeouts. `RESUME <code>` from any connection gives it back; the grace
/// running out gives it up ("Bo left"). Viewers hold no seat: they WATCH again.
extension Hub {
    /// Resume codes are 8 characters of `RoomCode.alphabet` (27 symbols):
    /// 38 bits, and no two characters that look alike.
    static let tokenLength = 8

    var graceSeconds: Int { settings.resumeGraceMilliseconds / 1_000 }

    /// Whether `code` (in capitals) is shaped like a resume code, so that another server may hold its seat.
    static func couldBeACode(_ code: String) -> Bool {
        code.count == tokenLength && code.allSatisfy(RoomCode.alphabet.contains)
    }

    /// `TOKEN` and what to do with it, in words for people typing into `nc`.
    func tokenLines(for id: PlayerID) -> [ServerMessage] {
        guard let code = token(for: id) else { return [] }
        return [.token(code: code, graceSeconds: graceSeconds),
                .info(HubTexts.resumeCode(code, graceSeconds: graceSeconds))]
    }

    /// The session's code, made on first need. Codes are unique among live sessions.
    private func token(for id: PlayerID) -> String? {
        guard let session = sessions[id] else { return nil }
        if let code = session.token { return code }
        var code: String
        repeat { code = RoomCode.make(length: Self.tokenLength, random: random) } while tokens[code] != nil
        tokens[code] = id
        sessions[id]?.token = code
        // Findable from every server of a fleet while the seat lives, not only once it is held: a client that
        // comes back through another server before this one has noticed its drop still finds its seat here.
        directory?.register(seat: code)
        return code
    }

    /// Holds `id`'s seat if they have one: a member or a host, with a code.
    /// Held seats have a budget like connections' own: `maxConnections` in
    /// all, `maxPerAddress` from one address. Otherwise joining and dropping
    /// in a loop would fill rooms with seats no connection pays for. Past
    /// either, a drop leaves at once.
    func holdSeat(_ id: PlayerID, at now: Instant) -> Bool {
        guard !shuttingDown, let session = sessions[id], let room = session.room, session.token != nil, session.role != .viewer,
              heldSeats.count < limits.maxConnections, heldSeats.count(from: session.address) < limits.maxPerAddress
        else { return false }
        sessions[id]?.awaySince = now
        heldSeats.count(session.address, +1)
        heldSeats.hold(id, since: now, until: now.adding(milliseconds: settings.resumeGraceMilliseconds))
        switch session.role {
        case .member: room.memberAway(id, at: now)
        case .host: room.hostAway(id, at: now)
        case .viewer: break
        }
        return true
    }

    /// Gives up the seats whose grace is over: "Bo left".
    func releaseExpiredSeats(at now: Instant) {
        while let (id, since) = heldSeats.popExpired(at: now) {
            guard let session = sessions[id], session.awaySince == since else { continue }  // back since, or gone another way
            endHold(of: id)
            environment.log(ConsoleTexts.didNotComeBack(room: sessions[id]?.room?.name, name: sessions[id]?.name,
                                                        graceSeconds: graceSeconds))
            leaveRoom(id, why: .dropped, announced: .left, at: now)
            forgetSession(id)
        }
    }

    /// A held seat is held no more (taken back, or given up): its count goes.
    func endHold(of id: PlayerID) {
        guard let session = sessions[id], session.awaySince != nil else { return }
        heldSeats.count(session.address, -1)
    }

    /// Forgets a session and its code.
    func forgetSession(_ id: PlayerID) {
        if let code = sessions[id]?.token { forgetCode(code) }
        sessions[id] = nil
    }

    /// A resume code takes no seat back any more, here or through the fleet's directory.
    private func forgetCode(_ code: String) {
        tokens[code] = nil
        directory?.release(seat: code)
    }

    /// RESUME <code> from `id`: the held seat becomes this connection's. A code
    /// this server does not know may be a seat another server of the fleet holds:
    /// the directory is asked (`HubFleet.swift`) before the code is called wrong.
    func resume(_ typed: String, _ id: PlayerID, at now: Instant) {
        guard let session = sessions[id] else { return }
        if let room = session.room {
            return error(.alreadyInRoom, HubTexts.inRoomCannotResume(room.spokenName), to: id)
        }
        let code = typed.uppercased()
        // A right code is never refused, so one guesser behind a school's shared
        // address cannot keep the class from coming back. Guessing is slowed instead:
        // past the address's allowance, a wrong code holds the lines of that
        // address's connections outside a room for 6 s (Protocol.md §8). A
        // classmate's RESUME is only delayed, and runs when the hold ends;
        // the address checks at most one code per connection per hold, new
        // connections included; players in rooms are not touched.
        guard let held = tokens[code], held != id, let seat = sessions[held], let room = seat.room,
              seat.role != .host || room.seat?.connection == nil || room.seat?.connection == held
        else {
            if directory != nil && tokens[code] == nil && Self.couldBeACode(code) { return ask(.resume(code: typed), for: id, at: now) }
            return refuseCode(typed, id, at: now)
        }
        if seat.awaySince == nil {
            // The old connection is still open (frozen, or another device): it is told, and cut off.
            outbox.send(.bye(HubTexts.seatTakenOver(room.spokenName)), to: held)
            control.closeAfterFlush(held)
            if seat.role == .member { room.game?.match.playerAway(held) }  // the pair sent to the old connection never left
        }
        if let own = session.token { forgetCode(own) }
        endHold(of: held)
        sessions[id] = nil
        control.rebind(held, to: id)
        sessions[held]?.awaySince = nil
        sessions[held]?.address = session.address
        reportStanding(held)
        // One send with the room's lines: a person at nc reads them as one batch, which shows
        // whether the room is a hosted one, whose code is written in capitals.
        let confirmation = [ServerMessage.resumed(name: seat.name ?? room.hostName ?? "", room: room.name)] + tokenLines(for: held)
        switch seat.role {
        case .member: room.memberBack(held, afterOK: confirmation, at: now)
        case .host: room.seatHost(held, afterOK: confirmation, at: now)
        case .viewer: outbox.send(confirmation, to: held)
        }
    }

    /// A code with no seat: `bad-code`, or past the address's allowance of wrong codes, `slow-down` and a hold.
    func refuseCode(_ typed: String, _ id: PlayerID, at now: Instant) {
        guard let session = sessions[id] else { return }
        guard wrongCodes.book(from: session.address, at: now) else {
            control.holdInput(fromAddressOf: id, milliseconds: limits.resumeGuessIntervalMilliseconds)
            return error(.slowDown, HubTexts.tooManyWrongCodes(waitSeconds: limits.resumeGuessIntervalMilliseconds / 1_000), to: id)
        }
        error(.badCode, HubTexts.noSeatForCode(typed.prefix(Self.tokenLength * 2), graceSeconds: graceSeconds), to: id)
    }
}
