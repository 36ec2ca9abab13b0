import WordGame

/// A drain (SIGHUP, or `drain()`): the server takes no new room (`HubDrain.swift`), says on `/healthz`
/// that it is draining, and stops as on SIGTERM once no game is on, or when the drain's time limit
/// comes. With the lesson kept (`--state`), the restart brings back the rooms, seats and scores.
extension Server {
    func beginDrain(at now: Instant) {
        guard drainDeadline == nil, stopReason == nil else { return }
        let limit = configuration.drainLimitMilliseconds
        drainDeadline = now.adding(milliseconds: limit)
        hub.startDraining()
        tellServiceDraining()
        configuration.events(TransportTexts.drainStarted(gamesOn: hub.anyGameOn, limitSeconds: limit / 1_000))
    }

    /// Ends the drain when its games are over or its time is up.
    func drainIfOver(at now: Instant) {
        guard let deadline = drainDeadline, stopReason == nil else { return }
        if !hub.anyGameOn {
            configuration.events(TransportTexts.drainEnded)
        } else if now >= deadline {
            configuration.events(TransportTexts.drainTimedOut(limitSeconds: configuration.drainLimitMilliseconds / 1_000))
        } else {
            return
        }
        drained = true
        stopReason = TransportTexts.drained
    }
}
