import WordGame
import WordGameProtocol

/// The hub as one server of a fleet (Protocol.md §4, "A fleet of servers"):
/// a room or a seat that is not here may be on another server, which the
/// directory knows; a new room needs a name no other server has.
///
/// A command that must ask waits for the answer (`DirectoryWait`), and its
/// connection's later lines wait with it. The answer finishes the command
/// as it would have finished on one server, or sends `MOVED` and
/// `ERROR moved` (the room is elsewhere), `ERROR room-gone` (its server
/// stopped without giving it up: its game cannot go on, and its code is
/// drawn by nobody else), or `ERROR directory-down` (the directory cannot be
/// reached: rooms here play on, new ones wait).
extension Hub {
    /// How many taken codes a HOST draws before it gives up (each draw of 4
    /// characters is taken with a chance of rooms / 531,441).
    static let hostDraws = 8

    /// How soon a JOIN (or a lookup: WATCH, HOST with a key, RESUME) kept waiting by a settling directory asks
    /// again: the room or seat it wants may be put back by its server at any refresh, and is then found at once
    /// (a new room still waits the settling out).
    static let settlingJoinRetryMilliseconds = 1_000

    /// Asks the directory on behalf of `id`, whose lines wait meanwhile.
    func ask(_ request: DirectoryWait.Request, for id: PlayerID, at now: Instant, toldSettling: Bool = false) {
        guard let directory else { return }
        let ticket = directoryWaits.newTicket()
        let taken: Bool
        switch request {
        case .host(let code, _): taken = directory.claim(room: code.lowercased(), ticket: ticket, replacingGone: false)
        // A name JOIN makes is a meeting place, made again where the class meets now; a code is one teacher's room.
        case .join(let room, let creating):
            taken = creating ? directory.claim(room: room, ticket: ticket, replacingGone: true) : directory.find(room: room, ticket: ticket)
        case .watch(let room): taken = directory.find(room: room, ticket: ticket)
        case .reclaim(let claim): taken = directory.find(room: claim.room.lowercased(), ticket: ticket)
        case .resume(let code): taken = directory.find(seat: code.uppercased(), ticket: ticket)
        case .hostElsewhere: taken = directory.findServerForNewRoom(ticket: ticket)
        }
        let wait = DirectoryWait(player: id, request: request, toldSettling: toldSettling)
        guard taken else { return finish(wait, .unreachable, at: now) }
        directoryWaits.asked(wait, ticket: ticket)
        control.awaitDirectory(id, true)
    }

    /// The directory's answer to `ticket`.
    func directoryAnswered(ticket: Int, _ answer: DirectoryAnswer, at now: Instant) {
        affinity.check()
        guard let wait = directoryWaits.answered(ticket: ticket) else { return }
        control.awaitDirectory(wait.player, false)
        finish(wait, answer, at: now)
    }

    /// Asks again the requests whose settling wait is over.
    func retryDirectory(at now: Instant) {
        while let wait = directoryWaits.dueRetry(at: now) {
            control.awaitDirectory(wait.player, false)
            guard sessions[wait.player] != nil else { continue }
            ask(wait.request, for: wait.player, at: now, toldSettling: wait.toldSettling)
        }
    }

    var nextDirectoryRetry: Instant? { directoryWaits.nextRetry }

    private func finish(_ wait: DirectoryWait, _ answer: DirectoryAnswer, at now: Instant) {
        let id = wait.player
        // Gone meanwhile, or (a room made here by a classmate's JOIN) in no need of it: a claim won goes back.
        guard let session = sessions[id], session.room == nil else {
            if answer == .ours, let room = claimedName(wait.request), rooms[room] == nil { directory?.release(room: room) }
            return
        }
        if case .settling(let milliseconds) = answer {
            var wait = wait
            let seconds = (milliseconds + 999) / 1_000
            var retry = min(milliseconds, Self.settlingJoinRetryMilliseconds)
            let told: String
            switch wait.request {
            case .host, .hostElsewhere:
                retry = milliseconds
                told = FleetTexts.settling(seconds: seconds)
            case .join(let room, _), .watch(let room): told = FleetTexts.settlingJoin(Self.spoken(room), seconds: seconds)
            case .reclaim(let claim): told = FleetTexts.settlingJoin(Self.spoken(claim.room.lowercased()), seconds: seconds)
            case .resume: told = FleetTexts.settlingSeat(seconds: seconds)
            }
            if !wait.toldSettling { outbox.send(.info(told), to: id) }
            wait.toldSettling = true
            directoryWaits.retry(wait, at: now.adding(milliseconds: retry))  // lookups ask again sooner than HOSTs
            control.awaitDirectory(id, true)
            return
        }
        switch wait.request {
        case .host(let code, let tries): hostAnswered(code: code, tries: tries, answer, id, at: now)
        case .hostElsewhere: hostElsewhereAnswered(answer, id)
        case .join(let room, _): joinAnswered(room, answer, id, at: now)
        case .watch(let room):
            guard let room = lookedUp(room, answer, id, command: .watch, missing: HubTexts.noRoomToWatch(Self.spoken(room)),
                                      gone: FleetTexts.goneToWatch(Self.spoken(room)))
            else { return }
            watch(room, id, at: now)
        case .reclaim(let claim):
            let room = claim.room.lowercased()
            guard lookedUp(room, answer, id, command: .host(key: claim.key), missing: HubTexts.noRoomToReclaim(Self.spoken(room)),
                           gone: FleetTexts.goneToHost(Self.spoken(room))) != nil
            else { return }
            reclaimHost(claim, id, at: now)
        case .resume(let code):
            switch answer {
            case .elsewhere(let place): moved(id, to: place, FleetTexts.movedSeat(code.uppercased(), place))
            case .unreachable: error(.directoryDown, FleetTexts.seatDirectoryDown, to: id)
            // Not a wrong code: one that was given, so it counts for no guessing.
            case .gone: error(.roomGone, FleetTexts.goneSeat(code.uppercased()), to: id)
            default: refuseCode(code, id, at: now)
            }
        }
    }

    private func hostAnswered(code: String, tries: Int, _ answer: DirectoryAnswer, _ id: PlayerID, at now: Instant) {
        switch answer {
        case .ours where rooms[code.lowercased()] == nil: openHostedRoom(code: code, for: id, at: now)
        // Made here meanwhile (another HOST or a JOIN of the same name, both claims ours), taken elsewhere, or
        // gone with a server that stopped (its students may still type it): draw again.
        case .ours where tries + 1 < Self.hostDraws, .elsewhere where tries + 1 < Self.hostDraws, .gone where tries + 1 < Self.hostDraws:
            ask(.host(code: freshCode(), tries: tries + 1), for: id, at: now)
        case .ours, .elsewhere, .gone, .nowhere, .unreachable, .settling:
            error(.directoryDown, FleetTexts.hostDirectoryDown, to: id)
        }
    }

    private func joinAnswered(_ room: String, _ answer: DirectoryAnswer, _ id: PlayerID, at now: Instant) {
        if let existing = rooms[room] { return join(room, id, into: existing, at: now) }  // made here meanwhile
        switch answer {
        case .ours:
            guard hasRoomForAnother(id) else {
                directory?.release(room: room)
                return
            }
            join(room, id, into: Room(name: room, settings: settings, environment: environment), at: now)
        case .elsewhere(let place):
            moved(id, to: place, FleetTexts.movedRoom(Self.spoken(room), command: .join(name: sessions[id]?.name ?? ""), place))
        case .nowhere:
            guard makesRoom(room) else {
                return error(.noRoom, HubTexts.noRoomToJoin(room.uppercased(), openRooms: settings.openRooms), to: id)
            }
            if refusedWhileDraining(id) { return }
            _ = hasRoomForAnother(id)  // a lookup, not a claim: JOIN would have made it but for the count
        case .gone:
            error(.roomGone, FleetTexts.goneToJoin(Self.spoken(room)), to: id)
        case .unreachable, .settling:
            error(.directoryDown, FleetTexts.roomDirectoryDown(Self.spoken(room)), to: id)
        }
    }

    /// `room` if the answer says it is here after all (its claim was this
    /// server's, stale, or it was made here meanwhile); otherwise the command
    /// is answered (`missing` and `gone` are its texts), and nil.
    private func lookedUp(_ room: String, _ answer: DirectoryAnswer, _ id: PlayerID, command: FleetTexts.Command,
                          missing: String, gone: String) -> String? {
        switch answer {
        case .elsewhere(let place):
            moved(id, to: place, FleetTexts.movedRoom(Self.spoken(room), command: command, place))
        case .unreachable, .settling:
            error(.directoryDown, FleetTexts.roomDirectoryDown(Self.spoken(room)), to: id)
        case .ours, .nowhere:
            if rooms[room] != nil { return room }
            error(.noRoom, missing, to: id)
        case .gone:
            if rooms[room] != nil { return room }
            error(.roomGone, gone, to: id)
        }
        return nil
    }

    /// `MOVED`, for programs, and `ERROR moved`, which says the same in words
    /// (and is what a client that does not know `MOVED` shows).
    func moved(_ id: PlayerID, to place: Elsewhere, _ text: String) {
        outbox.send([.moved(place), .error(ProtocolError(.moved, text))], to: id)
    }

    private func claimedName(_ request: DirectoryWait.Request) -> String? {
        switch request {
        case .host(let code, _): code.lowercased()
        case .join(let room, true): room
        default: nil
        }
    }

    /// A room named as people read it: a code in capitals, a name as it is.
    static func spoken(_ room: String) -> String { RoomCode.looksLikeCode(room) ? room.uppercased() : room }

    /// The resume codes of the seats here, for the directory's refresh.
    var seatCodes: [String] { Array(tokens.keys) }
}
