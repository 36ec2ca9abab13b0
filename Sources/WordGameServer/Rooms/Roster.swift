import WordGame
import WordGameProtocol

/// Who is in a room and in which role, in the order they came: the members
/// who play and the viewers who follow (the host of a hosted room has a seat
/// of its own, `RoomHost`). It keeps what a room of thousands needs cheaply:
/// members by the name they clash on, the join order, and the names `MEMBERS`
/// gives. Pure; owned by its room.
struct Roster {
    struct Member {
        var name: String
        var joinSerial: Int
        var state: PlayerState
        /// Counts toward an automatic start.
        var ready: Bool
        /// Their connection is gone and the seat is held for them (`RoomAway.swift`).
        var away = false
    }

    var members: [PlayerID: Member] = [:]
    /// Each member's name as it clashes (`Names.nicknameKey`), to find them by name.
    private(set) var memberByKey: [String: PlayerID] = [:]
    private(set) var viewers: [PlayerID] = []
    /// Members ready for an automatic start.
    var readyCount = 0
    private var nextJoinSerial = 0
    private var joinOrder = JoinOrder()
    /// Members who have left, ever: a change that can alter who `MEMBERS` names.
    private var departures = 0
    /// The names `MEMBERS` gives, while they hold (`membersLine`).
    private var listedNames: (host: PlayerID?, departures: Int, names: [String])?

    /// Viewers beyond this are refused: each costs a roster and a ranking.
    static let maxViewers = 50

    var isEmpty: Bool { members.isEmpty && viewers.isEmpty }

    /// A member joins, playing from the next game if one is on (`watching`).
    mutating func add(_ id: PlayerID, name: String, watching: Bool) {
        members[id] = Member(name: name, joinSerial: nextJoinSerial, state: watching ? .watching : .lobby, ready: !watching)
        memberByKey[Names.nicknameKey(name)] = id
        joinOrder.append(id, serial: nextJoinSerial)
        nextJoinSerial += 1
        if !watching { readyCount += 1 }
    }

    /// A member of a room taken up again after a restart (`Hub.restore`): as
    /// they were, their seat held for them (`away`) until they come back.
    mutating func addRestored(_ id: PlayerID, name: String, state: PlayerState, ready: Bool) {
        members[id] = Member(name: name, joinSerial: nextJoinSerial, state: state, ready: ready, away: true)
        memberByKey[Names.nicknameKey(name)] = id
        joinOrder.append(id, serial: nextJoinSerial)
        nextJoinSerial += 1
        if ready { readyCount += 1 }
    }

    /// No game is on: whoever played, was out or watched it waits for the next one.
    mutating func backToTheLobby() {
        for (id, member) in members where member.state != .lobby { members[id]?.state = .lobby }
    }

    /// A member leaves; returns who they were.
    mutating func remove(_ id: PlayerID) -> Member? {
        guard let member = members.removeValue(forKey: id) else { return nil }
        departures += 1
        memberByKey[Names.nicknameKey(member.name)] = nil
        if member.ready { readyCount -= 1 }
        let remaining = members
        joinOrder.sweep(memberCount: members.count) { remaining[$0]?.joinSerial == $1 }
        return member
    }

    /// Counts `id` ready for an automatic start (once).
    mutating func markReady(_ id: PlayerID) {
        guard members[id]?.ready == false else { return }
        members[id]?.ready = true
        readyCount += 1
    }

    func member(named name: String) -> PlayerID? { memberByKey[Names.nicknameKey(name)] }

    /// The first `count` members still in, earliest first.
    mutating func earliest(_ count: Int) -> [PlayerID] {
        let members = self.members
        return joinOrder.first(count) { members[$0]?.joinSerial == $1 }
    }

    /// Who is in the room, bounded: the host first (if a member), then the earliest others to join.
    ///
    /// Once more members are in than it names, a newcomer joins the end of
    /// the join order and changes none of its names: they are kept until
    /// someone leaves or the host changes, not looked up again for each of
    /// thousands of joins.
    mutating func membersLine(host: PlayerID?) -> ServerMessage {
        if let listed = listedNames, listed.host == host, listed.departures == departures {
            return .members(total: members.count, names: listed.names)
        }
        let hostName = host.flatMap { members[$0]?.name }
        let others = earliest(membersListed).filter { $0 != host }.prefix(membersListed - (hostName == nil ? 0 : 1))
        let names = (hostName.map { [$0] } ?? []) + others.compactMap { members[$0]?.name }
        listedNames = members.count > membersListed ? (host, departures, names) : nil
        return .members(total: members.count, names: names)
    }

    var hasRoomForViewer: Bool { viewers.count < Self.maxViewers }

    mutating func addViewer(_ id: PlayerID) { viewers.append(id) }

    mutating func removeViewer(_ id: PlayerID) { viewers.removeAll { $0 == id } }
}
