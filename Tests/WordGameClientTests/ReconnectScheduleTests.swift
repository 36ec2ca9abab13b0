import Testing
import WordGame
@testable import WordGameClient

/// The reconnect timetable and the silence check: pure, driven by made-up instants.
@Suite struct ReconnectScheduleTests {
    func t(_ ms: Int64) -> Instant { .milliseconds(ms) }

    @Test func theFirstTryIsAtOnceThenTheWaitsDoubleToTwoSeconds() {
        var schedule = ReconnectSchedule(droppedAt: t(1_000), graceSeconds: 60)
        #expect(schedule.isDue(at: t(1_000)))
        var now = t(1_000)
        var waits: [Int64] = []
        for _ in 0..<6 {
            schedule.started()
            schedule.failed(at: now, jitter: 0)
            waits.append(schedule.nextAttemptAt.milliseconds(since: now))
            #expect(!schedule.isDue(at: now))
            now = schedule.nextAttemptAt
            #expect(schedule.isDue(at: now))
        }
        #expect(waits == [250, 500, 1_000, 2_000, 2_000, 2_000])
        #expect(schedule.attempts == 6)
    }

    @Test func jitterStretchesEachWaitALittle() {
        #expect(ReconnectSchedule.wait(afterFailure: 1, slowDown: false, jitter: 0.99) == 250 + 49)
        #expect(ReconnectSchedule.wait(afterFailure: 4, slowDown: false, jitter: 0.5) == 2_000 + 200)
        // Once steady, every 2 to 3 s.
        #expect(ReconnectSchedule.wait(afterFailure: 9, slowDown: false, jitter: 0.99) == 2_990)
        // Out-of-range jitter is clamped, never a negative or huge wait.
        #expect(ReconnectSchedule.wait(afterFailure: 9, slowDown: false, jitter: -3) == 2_000)
        #expect(ReconnectSchedule.wait(afterFailure: 9, slowDown: false, jitter: 7) == 2_999)
    }

    /// A server that said RESTARTING is coming back: the tries come every 0.5–1 s, not 2–3 s.
    @Test func afterRestartingTheTriesComeWithinASecond() {
        #expect(ReconnectSchedule.wait(afterFailure: 1, slowDown: false, restarting: true, jitter: 0) == 250)
        #expect(ReconnectSchedule.wait(afterFailure: 4, slowDown: false, restarting: true, jitter: 0) == 500)
        #expect(ReconnectSchedule.wait(afterFailure: 9, slowDown: false, restarting: true, jitter: 0) == 500)
        #expect(ReconnectSchedule.wait(afterFailure: 9, slowDown: false, restarting: true, jitter: 0.99) == 995)
        #expect(ReconnectSchedule.wait(afterFailure: 9, slowDown: false, jitter: 0) == 2_000, "a drop of the network: as before")
        var schedule = ReconnectSchedule(droppedAt: t(0), graceSeconds: 60, restarting: true)
        for _ in 1...8 { schedule.failed(at: schedule.nextAttemptAt, jitter: 0.5) }
        #expect(schedule.nextAttemptAt <= t(8_000), "eight tries within 8 s: \(schedule.nextAttemptAt)")
    }

    @Test func slowDownWaitsThreeToFourSeconds() {
        var schedule = ReconnectSchedule(droppedAt: t(0), graceSeconds: 60)
        schedule.started()
        schedule.failed(at: t(100), slowDown: true, jitter: 0.5)
        #expect(schedule.nextAttemptAt == t(100 + 3_500))
    }

    @Test func nothingIsTriedAfterTheGraceCountedFromTheDrop() {
        var schedule = ReconnectSchedule(droppedAt: t(5_000), graceSeconds: 3)
        #expect(schedule.deadline == t(8_000))
        var now = t(5_000)
        while schedule.isDue(at: now) || !schedule.isOver(at: now) {
            if schedule.isDue(at: now) {
                schedule.started()
                schedule.failed(at: now, jitter: 0)
            }
            now = now.adding(milliseconds: 10)
        }
        // 0, 0.25, 0.75, 1.75 s after the drop; the next (3.75 s) is past the grace.
        #expect(schedule.attempts == 4)
        #expect(schedule.isOver(at: t(8_000)) && !schedule.isOver(at: t(7_999)))
        #expect(!schedule.isDue(at: t(9_000)))
    }

    @Test func theLoopSleepsUntilTheNextTryOrTheDeadline() {
        var schedule = ReconnectSchedule(droppedAt: t(0), graceSeconds: 1)
        #expect(schedule.millisecondsUntilDue(at: t(0)) == 0)
        schedule.started()
        for _ in 0..<4 { schedule.failed(at: t(0), jitter: 0) }  // the next try 2 s away, past the 1 s grace
        #expect(schedule.millisecondsUntilDue(at: t(400)) == 600)
        #expect(schedule.millisecondsUntilDue(at: t(5_000)) == 0)
    }

    @Test func aGraceFromTheNetworkNeverTraps() {
        #expect(ReconnectSchedule(droppedAt: t(0), graceSeconds: 0).isOver(at: t(0)))
        #expect(!ReconnectSchedule(droppedAt: t(0), graceSeconds: 999_999_999_999).isOver(at: t(1_000_000_000)))
        #expect(!ReconnectSchedule(droppedAt: t(0), graceSeconds: .max).isOver(at: Instant(nanoseconds: .max - 1)))
    }

    @Test func theBannerCountsWholeSecondsDown() {
        let status = Reconnecting(attempt: 3, deadline: t(60_000))
        #expect(status.banner(at: t(8_000)) == "Connection lost — reconnecting… (attempt 3, 52 s left)")
        #expect(status.secondsLeft(at: t(59_001)) == 1)
        #expect(status.secondsLeft(at: t(61_000)) == 0)
    }
}

@Suite struct LivenessTests {
    func t(_ ms: Int64) -> Instant { .milliseconds(ms) }

    @Test func theServersSilencePingsOnceThenCountsAsADrop() {
        var liveness = Liveness()
        func check(_ now: Int64) -> Liveness.Action { liveness.check(lastHeard: t(0), lastSent: t(0), watchesServer: true, at: t(now)) }
        #expect(check(4_999) == .none)
        #expect(check(5_000) == .ping)
        #expect(check(8_000) == .none, "one PING a silence")
        #expect(check(11_999) == .none)
        #expect(check(12_000) == .dead)
    }

    @Test func anAnswerResetsTheSilence() {
        var liveness = Liveness()
        #expect(liveness.check(lastHeard: t(0), lastSent: t(0), watchesServer: true, at: t(5_000)) == .ping)
        // PONG came at 5.1 s: a new silence starts, and gets its own PING.
        #expect(liveness.check(lastHeard: t(5_100), lastSent: t(5_000), watchesServer: true, at: t(9_000)) == .none)
        #expect(liveness.check(lastHeard: t(5_100), lastSent: t(5_000), watchesServer: true, at: t(10_100)) == .ping)
        #expect(liveness.check(lastHeard: t(5_100), lastSent: t(10_100), watchesServer: true, at: t(16_000)) == .none)
    }

    @Test func withoutASeatTheServersSilenceIsLeftAlone() {
        var liveness = Liveness()
        #expect(liveness.check(lastHeard: t(0), lastSent: t(0), watchesServer: false, at: t(30_000)) == .none)
    }

    @Test func aPlayerWhoTypesNothingStillSaysSomethingEveryMinute() {
        var liveness = Liveness()
        // The server talks all along (a room's updates), but nothing went from us for a minute.
        #expect(liveness.check(lastHeard: t(59_000), lastSent: t(0), watchesServer: false, at: t(59_999)) == .none)
        #expect(liveness.check(lastHeard: t(59_000), lastSent: t(0), watchesServer: false, at: t(60_000)) == .ping)
        #expect(liveness.check(lastHeard: t(59_000), lastSent: t(0), watchesServer: true, at: t(60_000)) == .ping)
        #expect(liveness.check(lastHeard: t(60_500), lastSent: t(60_000), watchesServer: true, at: t(61_000)) == .none)
    }
}
