import Dispatch
import Foundation

/// Sends a big write-out while the loop is still writing it: a pair's close to
/// a room of thousands. The loop hands over each finished chunk of
/// connections; the send threads take chunks as they come, and the loop,
/// once it has written the last, takes what is left and waits for the rest.
/// The first chunk is small and sent by the loop itself at once, so the first
/// player hears the truth without waiting for anyone else's lines or a thread
/// to wake.
///
/// Ownership: a connection handed over is touched only by the thread that
/// sends its chunk, until `finish` returns; the loop writes to no connection
/// twice in one stream. The outcomes go back to the loop (`WritePath.settle`).
final class SendStream: @unchecked Sendable {
    typealias Outcome = (connection: Connection, transmission: Transmission)

    /// The first chunk: the loop sends it before writing any other reader's lines.
    static let firstChunk = 16
    /// Later chunks: big enough that handing one over costs little beside its sends.
    static let chunk = 64

    private let transmit: (Connection) -> Transmission
    private let helpers: Int
    // `waiting`, `taken`, `closed`, `working` and `outcomes` are guarded by `condition`.
    private let condition = NSCondition()
    private var waiting: [[Connection]] = []
    private var taken = 0
    private var closed = false
    /// Helpers sending now. One that starts after the stream is closed does
    /// nothing, so the loop never waits for a thread that was not free.
    private var working = 0
    private var outcomes: [Outcome] = []
    /// The chunk being written (the loop's alone).
    private var filling: [Connection] = []
    private var handedAny = false

    /// `helpers`: threads besides the loop (0: the loop sends each chunk as soon as it is written).
    init(helpers: Int, transmit: @escaping (Connection) -> Transmission) {
        self.helpers = helpers
        self.transmit = transmit
        filling.reserveCapacity(Self.firstChunk)
        for _ in 0..<helpers {
            DispatchQueue.global().async { [self] in
                guard startWorking() else { return }
                while let chunk = next(waiting: true) { transmitChunk(chunk) }
                stopWorking()
            }
        }
    }

    /// A connection whose lines are all written: it goes with the chunk being filled.
    func add(_ connection: Connection) {
        filling.append(connection)
        if filling.count >= (handedAny ? Self.chunk : Self.firstChunk) { handOver() }
    }

    /// Sends what nobody has taken yet, waits for the threads, and returns
    /// every connection sent to with what its send found. Call once, on the loop.
    func finish() -> [Outcome] {
        handOver()
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
        while let chunk = next(waiting: false) { transmitChunk(chunk) }
        condition.lock()
        while working > 0 { condition.wait() }
        let all = outcomes
        condition.unlock()
        return all
    }

    private func startWorking() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if closed { return false }
        working += 1
        return true
    }

    private func stopWorking() {
        condition.lock()
        working -= 1
        condition.broadcast()
        condition.unlock()
    }

    private func handOver() {
        guard !filling.isEmpty else { return }
        let chunk = filling
        filling = []
        filling.reserveCapacity(Self.chunk)
        guard handedAny, helpers > 0 else {
            handedAny = true
            return transmitChunk(chunk)
        }
        condition.lock()
        waiting.append(chunk)
        condition.signal()
        condition.unlock()
    }

    /// The next chunk nobody has taken; nil once there is none and, when
    /// `waiting`, once the loop has closed the stream.
    private func next(waiting wait: Bool) -> [Connection]? {
        condition.lock()
        defer { condition.unlock() }
        while taken == waiting.count {
            if closed || !wait { return nil }
            condition.wait()
        }
        taken += 1
        return waiting[taken - 1]
    }

    private func transmitChunk(_ chunk: [Connection]) {
        let sent = chunk.map { (connection: $0, transmission: transmit($0)) }
        condition.lock()
        outcomes += sent
        condition.unlock()
    }
}
