/// When the client may try to connect again after failures, so a Redis that is
/// down is not hammered by every command of a busy server.
///
/// The first failure costs nothing: the next command reconnects at once (a
/// Redis restarted between two commands is back at the first try). After
/// that, each further failure in a row doubles the wait, from
/// `initialMilliseconds` up to `maxMilliseconds`; commands in the wait fail at
/// once with the last error, touching no socket. A command that gets its
/// replies ends the run of failures. Pure: the caller passes the time.
public struct ReconnectBackoff: Sendable, Equatable {
    public var initialMilliseconds: Int
    public var maxMilliseconds: Int

    public init(initialMilliseconds: Int = 100, maxMilliseconds: Int = 5_000) {
        self.initialMilliseconds = initialMilliseconds
        self.maxMilliseconds = maxMilliseconds
    }

    /// The wait after `failures` failures in a row: 0 after none or one, then
    /// initial, 2×initial, 4×initial… up to the maximum.
    public func delayMilliseconds(afterFailures failures: Int) -> Int {
        guard failures >= 2 else { return 0 }
        let doublings = min(failures - 2, 30)
        let (delay, overflow) = initialMilliseconds.multipliedReportingOverflow(by: 1 << doublings)
        return overflow ? maxMilliseconds : min(maxMilliseconds, delay)
    }
}
