import WordGame

/// What the service manager hears (`ServiceNotifier`, systemd's `Type=notify`): ready once the server listens
/// and its loop turns, what it is doing while it drains, stopping, and, when the unit sets `WatchdogSec=`, a
/// ping from the loop at half that interval. The ping comes from the loop itself, so a loop that is wedged
/// stops sending it and systemd restarts the server (the lesson kept): the one failure `/healthz` cannot
/// report, since the loop answers it.
extension Server {
    /// The loop's first turn: the server listens (its ports were bound before), and takes players.
    func tellServiceReady(at now: Instant) {
        guard let manager = configuration.serviceManager else { return }
        manager.notify("READY=1\nSTATUS=taking players on port \(port)")
        if manager.watchdogMilliseconds != nil { nextWatchdogPing = now }
    }

    /// Pings the watchdog if its half interval has passed.
    func pingWatchdog(at now: Instant) {
        guard let manager = configuration.serviceManager, let interval = manager.watchdogMilliseconds,
              let due = nextWatchdogPing, now >= due else { return }
        manager.notify("WATCHDOG=1")
        nextWatchdogPing = now.adding(milliseconds: max(1, interval / 2))
    }

    func tellServiceDraining() {
        configuration.serviceManager?.notify("STATUS=draining: no new rooms; stopping once the games on it are over")
    }

    func tellServiceStopping() {
        configuration.serviceManager?.notify("STOPPING=1\nSTATUS=stopping")
    }
}
