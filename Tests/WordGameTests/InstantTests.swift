import Testing
import WordGame

/// Durations can come from the network: adding them never traps.
@Suite struct InstantTests {
    @Test func addingSaturatesAtTheEndsOfTheClock() {
        let now = Instant(nanoseconds: 5_000_000_000)
        #expect(now.adding(milliseconds: 1_500) == Instant(nanoseconds: 6_500_000_000))
        #expect(now.adding(milliseconds: -1_500) == Instant(nanoseconds: 3_500_000_000))
        #expect(now.adding(milliseconds: .max) == Instant(nanoseconds: .max))
        #expect(now.adding(milliseconds: .min) == Instant(nanoseconds: .min))
        #expect(Instant(nanoseconds: .max - 1).adding(milliseconds: 1) == Instant(nanoseconds: .max))
        #expect(Instant(nanoseconds: .min + 1).adding(milliseconds: -1) == Instant(nanoseconds: .min))
    }

    @Test func aCountdownShowsWholeSecondsRoundedUpUntilTheEnd() {
        let end = Instant.milliseconds(5_000)
        #expect(end.wholeSecondsLeft(at: .milliseconds(0)) == 5)
        #expect(end.wholeSecondsLeft(at: .milliseconds(1)) == 5)
        #expect(end.wholeSecondsLeft(at: .milliseconds(4_001)) == 1)
        #expect(end.wholeSecondsLeft(at: .milliseconds(4_999)) == 1)
        #expect(end.wholeSecondsLeft(at: end) == 0)
        #expect(end.wholeSecondsLeft(at: .milliseconds(9_000)) == 0)
    }
}
