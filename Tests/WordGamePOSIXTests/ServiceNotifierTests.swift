import Testing
import WordGamePOSIX

/// What `ServiceNotifier` makes of the environment systemd gives a `Type=notify` service.
@Suite struct ServiceNotifierTests {
    @Test func noSocketOrOneThatIsNotAnAddressIsNoManager() {
        #expect(ServiceNotifier(environment: [:]) == nil)
        #expect(ServiceNotifier(environment: ["NOTIFY_SOCKET": ""]) == nil)
        #expect(ServiceNotifier(environment: ["NOTIFY_SOCKET": "run/notify"]) == nil, "a relative path")
        #expect(ServiceNotifier(environment: ["NOTIFY_SOCKET": "/" + String(repeating: "a", count: 200)]) == nil, "past sun_path")
    }

    @Test func theWatchdogIsOursOnlyWhenItsIntervalAndProcessSaySo() throws {
        let path = ["NOTIFY_SOCKET": "/run/systemd/notify"]
        #expect(try #require(ServiceNotifier(environment: path)).watchdogMilliseconds == nil)
        #expect(try #require(ServiceNotifier(environment: ["NOTIFY_SOCKET": "@abstract/name"])).watchdogMilliseconds == nil)
        let thirtySeconds = path.merging(["WATCHDOG_USEC": "30000000"]) { $1 }
        #expect(try #require(ServiceNotifier(environment: thirtySeconds)).watchdogMilliseconds == 30_000)
        #expect(try #require(ServiceNotifier(environment: thirtySeconds.merging(["WATCHDOG_PID": "42"]) { $1 }, pid: 42))
            .watchdogMilliseconds == 30_000)
        #expect(try #require(ServiceNotifier(environment: thirtySeconds.merging(["WATCHDOG_PID": "43"]) { $1 }, pid: 42))
            .watchdogMilliseconds == nil, "another process's watchdog")
        for bad in ["0", "-5", "soon", ""] {
            #expect(try #require(ServiceNotifier(environment: path.merging(["WATCHDOG_USEC": bad]) { $1 })).watchdogMilliseconds == nil)
        }
    }
}
