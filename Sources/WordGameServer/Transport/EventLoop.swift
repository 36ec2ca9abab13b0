import WordGame
import WordGamePOSIX

/// One level-triggered epoll and a pipe that wakes it: the server's loop
/// waits here for the soonest of its descriptors and its next deadline, and
/// is handed what came. It moves no bytes itself and calls nobody: the server
/// asks it, and acts (`Server.run`).
final class EventLoop {
    let epoll: Epoll
    let wake: WakePipe

    init() throws(Errno) {
        epoll = try Epoll()
        wake = try WakePipe()
        try epoll.add(wake.readEnd)
    }

    /// Waits for events until `wakeup` (nil: until one comes).
    func wait(until wakeup: Instant?) throws(Errno) -> [Epoll.Event] {
        try epoll.wait(timeoutMilliseconds: Self.timeout(until: wakeup))
    }

    /// Whether `event` is the wake pipe's.
    func isWake(_ event: Epoll.Event) -> Bool { event.id == wake.readEnd.rawValue }

    /// Empties the wake pipe; the signals whose handlers wrote to it (they write
    /// their number; other threads write 0 and leave their news in the mail).
    func drainWake() -> Set<Int32> { Set(wake.drain().filter { $0 != 0 }.map(Int32.init)) }

    /// Waits up to `milliseconds` for the descriptors alone (the goodbye's drain).
    func waitForReadiness(milliseconds: Int32) -> [Epoll.Event]? {
        try? epoll.wait(timeoutMilliseconds: milliseconds)
    }

    /// Milliseconds from now to `wakeup`, rounded up (-1: no wakeup, wait for an event).
    static func timeout(until wakeup: Instant?) -> Int32 {
        guard let wakeup else { return -1 }
        let nanoseconds = wakeup.nanoseconds - Instant.now().nanoseconds
        if nanoseconds <= 0 { return 0 }
        return Int32(min(60_000, (nanoseconds + 999_999) / 1_000_000))
    }
}
