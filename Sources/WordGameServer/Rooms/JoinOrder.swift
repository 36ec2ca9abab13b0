import WordGame

/// Members in the order they joined, for host succession and the MEMBERS line,
/// without work that grows with the room per join or leave.
///
/// Leaving does not remove an entry (that would be O(n)); stale entries are
/// skipped when read and swept out once they outnumber the members, so every
/// operation is amortised O(1) and reading the first k is O(k) amortised.
struct JoinOrder {
    private var entries: [(id: PlayerID, serial: Int)] = []
    private var start = 0

    mutating func append(_ id: PlayerID, serial: Int) {
        entries.append((id, serial))
    }

    /// The first `count` members still present, earliest first. `isMember`
    /// tells whether an entry is current (same connection, same join).
    mutating func first(_ count: Int, isMember: (PlayerID, Int) -> Bool) -> [PlayerID] {
        while start < entries.count, !isMember(entries[start].id, entries[start].serial) { start += 1 }
        var found: [PlayerID] = []
        var index = start
        while index < entries.count, found.count < count {
            if isMember(entries[index].id, entries[index].serial) { found.append(entries[index].id) }
            index += 1
        }
        return found
    }

    /// Drops stale entries once they are more than the members (O(n), every n changes at most).
    mutating func sweep(memberCount: Int, isMember: (PlayerID, Int) -> Bool) {
        guard entries.count - start > 2 * memberCount + 64 else { return }
        entries = entries[start...].filter { isMember($0.id, $0.serial) }
        start = 0
    }
}
