import WordGame
import WordGamePOSIX

/// What an event loop drives: the server.
protocol EventLoopDelegate: AnyObject {
    /// The soonest moment something is due; nil: nothing until an event.
    func nextWakeup() -> Instant?
    /// A turn begins: the wait is over, its events come next.
    func beginTurn()
    /// A descriptor the delegate watches is ready.
    func handle(_ event: Epoll.Event, at now: Instant)
    /// Another thread or a signal woke the loop.
    func woken(bySignal: Bool)
    /// The turn's events are handled: what is due now, then the turn's output.
    func endTurn()
    /// The wait itself failed (not a signal): the loop stops after this.
    func failed(_ error: Errno)
}

/// One thread, one level-triggered epoll, and a pipe that wakes it: the
/// loop waits for the soonest of its descriptors and its delegate's next
/// deadline, hands over what came, and goes round again. It moves no bytes
/// itself (I/O only: the delegate reads and writes).
final class EventLoop {
    let epoll: Epoll
    let wake: WakePipe
    let affinity: ThreadAffinity
    private var running = false

    init(affinity: ThreadAffinity) throws(Errno) {
        epoll = try Epoll()
        wake = try WakePipe()
        try epoll.add(wake.readEnd)
        self.affinity = affinity
    }

    /// Runs turns on the calling thread, which owns the loop from now on,
    /// until `finish()` is called from a turn.
    func run(_ delegate: EventLoopDelegate) {
        affinity.claim()
        running = true
        while running {
            let events: [Epoll.Event]
            do {
                events = try epoll.wait(timeoutMilliseconds: Self.timeout(until: delegate.nextWakeup()))
            } catch {
                delegate.failed(error)
                break
            }
            let now = Instant.now()
            delegate.beginTurn()
            for event in events {
                if event.id == wake.readEnd.rawValue {
                    // Signal handlers write their number; other threads write 0 and leave their news with the delegate.
                    delegate.woken(bySignal: wake.drain().contains { $0 != 0 })
                } else {
                    delegate.handle(event, at: now)
                }
            }
            delegate.endTurn()
        }
    }

    /// Ends `run` after the current turn.
    func finish() {
        affinity.check()
        running = false
    }

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
