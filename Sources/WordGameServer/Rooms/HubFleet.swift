import WordGame
import WordGameProtocol

/// The hub as one server of a fleet (Protocol.md §4, "A fleet of servers"):
/// a room or a seat that is not here may be on another server, which the
/// directory knows; a new room needs a name no other server has.
///
/// A command that must ask waits for the answer (`DirectoryWait`), and its
/// connection's later lines wait with it. The answer finishes the command
/// as it would have finished on one server, or sends `MOVED` and
/// `ERROR moved` (the room is elsewhere), or `ERROR directory-down` (the
/// directory cannot be reached: rooms here play on, new ones wait).
extension Hub {
    /// How many taken codes a HOST draws before it gives up (each draw of 4
    /// characters is taken with a chance of rooms / 531,441).
    static let hostDraws = 8

    /// How soon a JOIN kept waiting by a settling directory asks again: the room it wants may be put back
    /// by its server at any refresh, and is then found at once (a new room still waits the settling out).
    static let settlingJoinRetryMilliseconds = 1_000

    /// Asks the directory on behalf of `id`, whose lines wait meanwhile.
    func ask(_ request: DirectoryWait.Request, for id: PlayerID, at now: Instant, toldSettling: Bool = false) {
        guard let directory else { return }
        let ticket = directoryWaits.newTicket()
        let taken: Bool
        switch request {
        case .host(let code, _): taken = directory.claim(room: code.lowercased(), ticket: ticket)
        case .join(let room, let creating):
            taken = creating ? directory.claim(room: room, ticket: ticket) : directory.find(room: room, ticket: ticket)
        case .watch(let room): taken = directory.find(room: room, ticket: ticket)
        case .reclaim(let claim): taken = directory.find(room: claim.room.lowercased(), ticket: ticket)
        case .resume(let code): taken = directory.find(seat: code.uppercased(), ticket: ticket)
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
            var retry = milliseconds
            if case .join(let room, _) = wait.request {
                retry = min(milliseconds, Self.settlingJoinRetryMilliseconds)
                if !wait.toldSettling { outbox.send(.info(FleetTexts.settlingJoin(Self.spoken(room), seconds: seconds)), to: id) }
            } else if !wait.toldSettling {
                outbox.send(.info(FleetTexts.settling(seconds: seconds)), to: id)
            }
            wait.toldSettling = true
            directoryWaits.retry(wait, at: now.adding(milliseconds: retry))  // JOINs ask again sooner than HOSTs
            control.awaitDirectory(id, true)
            return
        }
        switch wait.request {
        case .host(let code, let tries): hostAnswered(code: code, tries: tries, answer, id, at: now)
        case .join(let room, _): joinAnswered(room, answer, id, at: now)
        case .watch(let room):
            guard let room = lookedUp(room, answer, id, command: .watch, missing: HubTexts.noRoomToWatch(Self.spoken(room))) else { return }
            watch(room, id, at: now)
        case .reclaim(let claim):
            let room = claim.room.lowercased()
            guard lookedUp(room, answer, id, command: .host(key: claim.key), missing: HubTexts.noRoomToReclaim(Self.spoken(room))) != nil
            else { return }
            reclaimHost(claim, id, at: now)
        case .resume(let code):
            switch answer {
            case .elsewhere(let place): moved(id, to: place, FleetTexts.movedSeat(code.uppercased(), place))
            case .unreachable: error(.directoryDown, FleetTexts.seatDirectoryDown, to: id)
            default: refuseCode(code, id, at: now)
            }
        }
    }

    private func hostAnswered(code: String, tries: Int, _ answer: DirectoryAnswer, _ id: PlayerID, at now: Instant) {
        switch answer {
        case .ours where rooms[code.lowercased()] == nil: openHostedRoom(code: code, for: id, at: now)
        // Made here meanwhile (another HOST or a JOIN of the same name, both claims ours), or taken elsewhere: draw again.
        case .ours where tries + 1 < Self.hostDraws, .elsewhere where tries + 1 < Self.hostDraws:
            ask(.host(code: freshCode(), tries: tries + 1), for: id, at: now)
        case .ours, .elsewhere, .nowhere, .unreachable, .settling:
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
            _ = hasRoomForAnother(id)  // a lookup, not a claim: JOIN would have made it but for the count
        case .unreachable, .settling:
            error(.directoryDown, FleetTexts.roomDirectoryDown(Self.spoken(room)), to: id)
        }
    }

    /// `room` if the answer says it is here after all (its claim was this
    /// server's, stale); otherwise the command is answered, and nil.
    private func lookedUp(_ room: String, _ answer: DirectoryAnswer, _ id: PlayerID, command: FleetTexts.Command,
                          missing: String) -> String? {
        switch answer {
        case .elsewhere(let place):
            moved(id, to: place, FleetTexts.movedRoom(Self.spoken(room), command: command, place))
        case .unreachable, .settling:
            error(.directoryDown, FleetTexts.roomDirectoryDown(Self.spoken(room)), to: id)
        case .ours, .nowhere:
            if rooms[room] != nil { return room }
            error(.noRoom, missing, to: id)
        }
        return nil
    }

    /// `MOVED`, for programs, and `ERROR moved`, which says the same in words
    /// (and is what a client that does not know `MOVED` shows).
    private func moved(_ id: PlayerID, to place: Elsewhere, _ text: String) {
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
