/// Broadcasts queued one after another in a turn, joined once for everyone
/// who gets the same ones in the same order (`OutputQueue.append(shared:)`):
/// a game's start queues four to each of thousands of players, which as
/// copies were the heap's peak. Emptied by every flush; a joined buffer then
/// lives as long as the queues that hold it. The loop's alone (the write
/// path's, which checks).
final class BroadcastJoins {
    /// A buffer by the address of its bytes: the entry holds the buffers
    /// themselves, so no other buffer can take that address while it is here.
    private struct Key: Hashable {
        let queued: UnsafeRawPointer?, queuedCount: Int
        let next: UnsafeRawPointer?, nextCount: Int
    }

    private var joined: [Key: (queued: [UInt8], next: [UInt8], both: [UInt8])] = [:]

    /// `queued` followed by `next`, made once a turn for each such pair.
    func join(_ queued: [UInt8], _ next: [UInt8]) -> [UInt8] {
        let key = Key(queued: queued.withUnsafeBytes { $0.baseAddress }, queuedCount: queued.count,
                      next: next.withUnsafeBytes { $0.baseAddress }, nextCount: next.count)
        if let found = joined[key] { return found.both }
        let both = queued + next
        joined[key] = (queued, next, both)
        return both
    }

    var count: Int { joined.count }

    func removeAll() { joined.removeAll() }
}
