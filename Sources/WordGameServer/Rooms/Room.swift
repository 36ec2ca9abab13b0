import WordGame
import WordGameProtocol

/// A room: who is in it and in which role. The game (`RoomGame.swift`), the
/// host's controls (`RoomControls.swift`), what is announced to everyone
/// (`RoomNotices.swift`) and the texts people read (`RoomTexts.swift`) are
/// extensions in their own files.
///
/// Roles:
/// - **members** play: they joined with `JOIN`, are ranked, and count toward
///   starting. In a room made with `JOIN`, the first member is also its host.
/// - the **host seat** of a room made with `HOST`: the teacher, who runs the
///   room without playing. The seat survives its connection: whoever comes
///   back with the key takes it again.
/// - **viewers** follow with `WATCH`, without playing.
///
/// The host of a hosted room and the viewers are the room's *observers*: they
/// also get the full roster, who is still thinking, and the whole ranking.
///
/// Pure logic: it maps (command, connection, instant) to messages in the
/// outbox and never sees a socket or reads a clock. Owned by the event loop thread.
final class Room {
    struct Member {
        var name: String
        var joinSerial: Int
        var state: PlayerState
        /// Counts toward an automatic start.
        var ready: Bool
        /// Their connection is gone and the seat is held for them (`RoomAway.swift`).
        var away = false
    }

    /// The teacher's seat in a room made with `HOST`.
    struct HostSeat {
        var name: String
        let key: String
        /// Nil while the host is away (dropped, or left): the seat waits.
        var connection: PlayerID?
        var awaySince: Instant?
    }

    let name: String
    let settings: GameSettings
    let environment: RoomEnvironment
    var outbox: Outbox { environment.outbox }
    var members: [PlayerID: Member] = [:]
    /// Each member's name as it clashes (`Names.nicknameKey`), to find them by name.
    private(set) var memberByKey: [String: PlayerID] = [:]
    /// The hosting member of a room made with `JOIN`.
    var openHostID: PlayerID?
    /// The host seat of a room made with `HOST`; nil for rooms made with `JOIN`.
    var seat: HostSeat?
    private(set) var viewers: [PlayerID] = []
    var locked = false
    private var nextJoinSerial = 0
    private var joinOrder = JoinOrder()
    /// Members who have left, ever: a change that can alter who `MEMBERS` names.
    private var departures = 0
    /// The names `MEMBERS` gives, while they hold (`membersLine`).
    private var listedNames: (host: PlayerID?, departures: Int, names: [String])?
    var readyCount = 0
    var gamesStarted = 0
    var match: Match?
    var record: GameRecord?
    /// Each player's place in `record`, for the game on.
    var slots: [PlayerID: Int] = [:]
    /// The players still thinking about the open pair, once they are few
    /// enough to name (see `RoomGame.swift`).
    var thinking: [PlayerID]?
    var roundTag = -1
    /// When the game starts: an auto-start countdown, or the start delay of a host's START.
    var countdownEnds: Instant?
    /// The countdown running is a host's START (not the auto-start count).
    var countdownByHost = false
    /// The leaderboard sent after the last pair of the game on, for whoever
    /// arrives mid-game (kept, not recomputed: a join never sorts the room).
    var lastLeaderboard: [ServerMessage] = []
    var roomUpdate = Coalescer()
    var progressUpdate = Coalescer()
    var notices: NoticeBoard

    /// Viewers beyond this are refused: each costs a roster and a ranking.
    static let maxViewers = 50

    init(name: String, settings: GameSettings, environment: RoomEnvironment, hostSeat: HostSeat? = nil) {
        self.name = name
        self.settings = settings
        self.environment = environment
        seat = hostSeat
        notices = NoticeBoard(dropGraceSeconds: settings.resumeGraceMilliseconds / 1_000)
    }

    var isHosted: Bool { seat != nil }
    /// The room's name as people read it: a hosted room's code in capitals, as the projector shows it.
    var spokenName: String { isHosted ? name.uppercased() : name }

    /// The connection that hosts now: the seat's, or the hosting member's.
    var hostID: PlayerID? { isHosted ? seat?.connection : openHostID }

    var hostName: String? { seat?.name ?? openHostID.flatMap { members[$0]?.name } }

    /// Who gets the host's view: the host of a hosted room, and the viewers.
    var observers: [PlayerID] {
        guard let host = seat?.connection else { return viewers }
        return [host] + viewers
    }

    func isHost(_ id: PlayerID) -> Bool { hostID == id }

    func role(of id: PlayerID) -> PlayerState {
        if let member = members[id] { return member.state }
        if seat?.connection == id { return .hosting }
        return viewers.contains(id) ? .viewing : .outside
    }

    var state: RoomState { match != nil ? .playing : countdownEnds != nil ? .starting : .lobby }

    var info: RoomInfo {
        RoomInfo(name: name, state: state, members: members.count, host: hostName ?? "", autoStart: autoStart)
    }

    /// A hosted room starts only when its host says so.
    var autoStart: Int { isHosted ? 0 : settings.autoStart }

    /// Who is in the room, bounded: the host first (if a member), then the earliest others to join.
    ///
    /// Once more members are in than it names, a newcomer joins the end of
    /// the join order and changes none of its names: they are kept until
    /// someone leaves or the host changes, not looked up again for each of
    /// thousands of joins.
    var membersLine: ServerMessage {
        if let listed = listedNames, listed.host == openHostID, listed.departures == departures {
            return .members(total: members.count, names: listed.names)
        }
        let hostName = openHostID.flatMap { members[$0]?.name }
        let others = earliestMembers(membersListed).filter { $0 != openHostID }.prefix(membersListed - (hostName == nil ? 0 : 1))
        let names = (hostName.map { [$0] } ?? []) + others.compactMap { members[$0]?.name }
        listedNames = members.count > membersListed ? (openHostID, departures, names) : nil
        return .members(total: members.count, names: names)
    }

    func earliestMembers(_ count: Int) -> [PlayerID] {
        let members = self.members
        return joinOrder.first(count) { members[$0]?.joinSerial == $1 }
    }

    func member(named name: String) -> PlayerID? { memberByKey[Names.nicknameKey(name)] }

    /// The name in the room that `name` clashes with (`Names.nicknameKey`:
    /// case and look-alikes), a member's or the host's of a hosted room
    /// (nobody may pass for the teacher); nil if it is free.
    func clash(with name: String) -> String? {
        if let id = member(named: name) { return members[id]?.name }
        guard let seat, Names.nicknameKey(seat.name) == Names.nicknameKey(name) else { return nil }
        return seat.name
    }

    /// Nobody in it, and (for a hosted room) its host away for `grace`: the hub forgets it.
    func isAbandoned(at now: Instant, grace milliseconds: Int) -> Bool {
        guard members.isEmpty, viewers.isEmpty else { return false }
        guard let seat else { return true }
        guard seat.connection == nil, let since = seat.awaySince else { return false }
        return now >= since.adding(milliseconds: milliseconds)
    }

    /// Sends to everyone in the room: members, then observers.
    func broadcast(_ messages: [ServerMessage]) {
        outbox.send(messages, to: members.keys)
        outbox.send(messages, to: observers)
    }

    // MARK: Members

    /// `afterOK`: lines that go right after `OK JOIN` (the resume code).
    func join(_ id: PlayerID, name: String, afterOK: [ServerMessage] = [], at now: Instant) {
        let watching = match != nil
        members[id] = Member(name: name, joinSerial: nextJoinSerial, state: watching ? .watching : .lobby, ready: !watching)
        memberByKey[Names.nicknameKey(name)] = id
        joinOrder.append(id, serial: nextJoinSerial)
        nextJoinSerial += 1
        if !isHosted && openHostID == nil { openHostID = id }
        if !watching { readyCount += 1 }
        outbox.send([.joined(room: self.name)] + afterOK + [.room(info), membersLine, .you(members[id]!.state), .info(joinHint(for: id))]
                     + inProgress(at: now), to: id)
        outbox.send([.arrived(name)], to: observers)
        notices.add(.joined, name)
        environment.log(ConsoleTexts.joined(room: self.name, name: name))
        requestRoomUpdate(at: now, except: id)
        maybeStartByItself(at: now)
    }

    /// A member leaves, for `why`. Their pairs stop counting and they leave
    /// the ranking. `announced`: the notice, when not the one `why` makes
    /// (a held seat given up is "Bo left").
    func remove(_ id: PlayerID, why: Departure, announced: NoticeEvent? = nil, at now: Instant) {
        guard let member = members.removeValue(forKey: id) else { return }
        departures += 1
        memberByKey[Names.nicknameKey(member.name)] = nil
        if member.ready { readyCount -= 1 }
        let remaining = members
        joinOrder.sweep(memberCount: members.count) { remaining[$0]?.joinSerial == $1 }
        outbox.send([.departed(member.name, why)], to: observers)
        let event = announced ?? NoticeBoard.event(for: why)
        notices.add(event, member.name)
        environment.log(ConsoleTexts.departed(room: name, name: member.name, verb: NoticeTexts.verb(for: event, plural: false)))
        if openHostID == id { handOpenHost(after: member.name) }
        if countdownEnds != nil && !countdownByHost && readyCount < autoStart {
            countdownEnds = nil
            broadcast([.info(Self.countdownStopped)])
        }
        if match != nil {
            if let slot = slots[id] { record?.leave(slot: slot, duringPair: match!.roundsPlayed + 1) }
            match!.remove(id)
            thinking?.removeAll { $0 == id }
            updateThinking()  // a departure can bring the count down to where names are listed
            closeRoundIfDone(at: now)
        }
        requestRoomUpdate(at: now)
    }

    /// The earliest member left becomes the host of a room made with `JOIN`.
    private func handOpenHost(after leaver: String) {
        openHostID = earliestMembers(1).first
        guard let host = openHostID, let hostName = members[host]?.name else { return }
        outbox.send(.info(youHostNow(after: leaver)), to: host)
        notices.replace(.host, Self.hostNow(hostName))
    }

    // MARK: The host seat and viewers

    /// The host of a hosted room takes their seat (first time, or back with the key).
    func seatHost(_ id: PlayerID, at now: Instant) {
        let returning = seat?.awaySince != nil
        seat?.connection = id
        seat?.awaySince = nil
        outbox.send([.room(info), membersLine, .you(.hosting), .info(hostWelcome)] + observerStart(at: now), to: id)
        if returning {
            broadcast([.notice(.host, Self.hostIsBack)])
            environment.log(ConsoleTexts.hostBack(room: name))
        }
    }

    /// The host's connection `id` went (dropped, quit or left): the seat waits for the key.
    func hostAway(_ id: PlayerID, at now: Instant) {
        guard seat?.connection == id else { return }  // the seat was taken back from elsewhere since
        seat?.connection = nil
        seat?.awaySince = now
        broadcast([.notice(.host, Self.hostIsAway)])
        environment.log(ConsoleTexts.hostAway(room: name))
    }

    /// Whether another viewer fits.
    var hasRoomForViewer: Bool { viewers.count < Self.maxViewers }

    func addViewer(_ id: PlayerID, at now: Instant) {
        viewers.append(id)
        outbox.send([.watchingRoom(name), .room(info), membersLine, .you(.viewing), .info(viewerHint)] + observerStart(at: now), to: id)
    }

    func removeViewer(_ id: PlayerID) {
        viewers.removeAll { $0 == id }
    }

    /// What an observer needs on arrival: whether the room is locked, the
    /// whole roster, and what is under way.
    private func observerStart(at now: Instant) -> [ServerMessage] {
        var lines: [ServerMessage] = locked ? [.notice(.locked, lockedText)] : []
        lines += earliestMembers(members.count).compactMap { members[$0].map { .roster($0.name) } }
        lines.append(.end(.roster))
        return lines + inProgress(at: now) + thinkingLines()
    }

    /// What a newcomer needs to follow what is already under way: the open
    /// pair (with the time left in it, counted from when it opened) or the
    /// countdown's time left. Without it, a watcher would get PROGRESS and
    /// REVEAL for a pair it never saw.
    func inProgress(at now: Instant) -> [ServerMessage] {
        if let ends = countdownEnds {
            return [.starting(milliseconds: max(0, Int(ends.milliseconds(since: now))))]
        }
        guard let current = match, let game = currentGameLine else { return [] }
        // The game's rules and the board so far, so a latecomer sees the game, not a lobby.
        var lines = [game] + lastLeaderboard
        if let open = current.round {
            let left = open.openedAt.adding(milliseconds: settings.rules.roundMilliseconds).milliseconds(since: now)
            lines.append(roundLine(open, milliseconds: max(0, Int(left))))
        }
        return lines
    }

    func status(of id: PlayerID) {
        outbox.send([.room(info), membersLine, .you(role(of: id))], to: id)
    }

    // MARK: Time

    /// The next moment `tick` has something to do, including forgetting an
    /// empty hosted room whose host stayed away for `hostGrace`.
    func nextWakeup(hostGrace: Int) -> Instant? {
        let expiry = members.isEmpty && viewers.isEmpty ? seat?.awaySince?.adding(milliseconds: hostGrace) : nil
        return [countdownEnds, match?.roundDeadline, progressUpdate.due, roomUpdate.due, expiry].compactMap { $0 }.min()
    }

    func tick(at now: Instant) {
        if let ends = countdownEnds, now >= ends {
            countdownEnds = nil
            startGame(by: nil, at: now)
        }
        closeRoundIfDone(at: now)
        if progressUpdate.fire(at: now), match?.round != nil { sendProgress() }
        if roomUpdate.fire(at: now) { sendRoomUpdate() }
    }

    /// `except`: a member who was just sent the same ROOM line directly.
    func requestRoomUpdate(at now: Instant, except: PlayerID? = nil) {
        guard roomUpdate.request(at: now, interval: Coalescer.interval(members: members.count)) else { return }
        sendRoomUpdate(except: except)
    }

    /// ROOM and MEMBERS, with the notices gathered since the last update.
    private func sendRoomUpdate(except: PlayerID? = nil) {
        let lines = [.room(info), membersLine] + notices.take()
        outbox.send(lines, to: members.keys.filter { $0 != except })
        outbox.send(lines, to: observers)
    }
}
