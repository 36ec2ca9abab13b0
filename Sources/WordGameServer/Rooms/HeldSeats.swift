import WordGame

/// Held seats in the order they expire: the grace is the same for every
/// seat, so a queue suffices. Entries for seats taken back stay until their
/// time and are skipped then.
struct HeldSeats {
    private var queue: [(id: PlayerID, since: Instant, until: Instant)] = []
    private var head = 0
    /// Seats held now, in all and per address of the connection that dropped.
    private(set) var count = 0
    private var perAddress: [String: Int] = [:]

    func count(from address: String) -> Int { perAddress[address, default: 0] }

    mutating func count(_ address: String, _ change: Int) {
        count += change
        let now = perAddress[address, default: 0] + change
        perAddress[address] = now > 0 ? now : nil
    }

    var nextExpiry: Instant? { head < queue.count ? queue[head].until : nil }

    mutating func hold(_ id: PlayerID, since: Instant, until: Instant) {
        queue.append((id, since, until))
    }

    mutating func popExpired(at now: Instant) -> (PlayerID, Instant)? {
        guard head < queue.count, queue[head].until <= now else { return nil }
        defer {
            head += 1
            if head == queue.count || head >= 1_024 {
                queue.removeFirst(head)
                head = 0
            }
        }
        return (queue[head].id, queue[head].since)
    }
}
