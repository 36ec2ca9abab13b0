// The soak's clockwork: random choices from one seed (a run can be replayed
// as far as the server's timing allows), and a queue of timers in due order.

/// SplitMix64: small, fast, and good enough to pick moments and answers.
final class SoakRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    func double(_ range: ClosedRange<Double>) -> Double { range.lowerBound + unit() * (range.upperBound - range.lowerBound) }
    func int(_ range: Range<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    func chance(_ probability: Double) -> Bool { unit() < probability }
    func pick<T>(_ items: [T]) -> T { items[int(0..<items.count)] }
}

/// What a timer is for: a bot's or a hostile connection's, with the
/// generation it was set in (a timer from an older connection is ignored).
enum SoakTimer {
    case bot(Int, BotTimer, generation: Int)
    case hostile(Int, generation: Int)
}

/// A binary min-heap of timers by due time; equal times in the order set.
struct TimerQueue<Timer> {
    private var heap: [(due: Double, serial: Int, timer: Timer)] = []
    private var serial = 0

    var nextDue: Double? { heap.first?.due }
    var count: Int { heap.count }

    mutating func add(_ timer: Timer, at due: Double) {
        serial += 1
        heap.append((due, serial, timer))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard before(child, parent) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// The earliest timer due at `now`, if any, with how late it fires.
    mutating func popDue(at now: Double) -> (timer: Timer, lateness: Double)? {
        guard let first = heap.first, first.due <= now else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < heap.count && before(left, smallest) { smallest = left }
                if right < heap.count && before(right, smallest) { smallest = right }
                if smallest == parent { break }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return (first.timer, now - first.due)
    }

    private func before(_ a: Int, _ b: Int) -> Bool {
        heap[a].due < heap[b].due || (heap[a].due == heap[b].due && heap[a].serial < heap[b].serial)
    }
}
