import Testing
import RedisClient

@Suite struct ReconnectBackoffTests {
    @Test func theFirstRetryIsAtOnceThenTheWaitDoublesToTheCap() {
        let backoff = ReconnectBackoff(initialMilliseconds: 100, maxMilliseconds: 5_000)
        #expect((0...9).map { backoff.delayMilliseconds(afterFailures: $0) } == [0, 0, 100, 200, 400, 800, 1_600, 3_200, 5_000, 5_000])
        #expect(backoff.delayMilliseconds(afterFailures: .max) == 5_000)
        #expect(ReconnectBackoff(initialMilliseconds: .max / 2, maxMilliseconds: 7).delayMilliseconds(afterFailures: 40) == 7)
    }
}
