import Testing
import WordGame
@testable import WordGameServer

/// The pure parts of `/metrics`: who may read it, the histogram's buckets,
/// `/proc/self`'s fields, and the page's lines.
@Suite struct MetricsUnitTests {
    @Test func theDefaultAllowsThisMachineAndThePrivateRangesOnly() {
        let access = MetricsAccess.default
        for address in ["127.0.0.1", "127.8.9.10", "::1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.23",
                        "fd12::1", "fe80::1", "::ffff:10.0.0.7"] {
            #expect(access.allows(address), "\(address)")
        }
        for address in ["8.8.8.8", "172.32.0.1", "192.169.0.1", "2001:db8::1", "::ffff:8.8.8.8", "?", "", "10.0.0.1/8"] {
            #expect(!access.allows(address), "\(address)")
        }
    }

    @Test func aNetworkIsAnAddressAndAPrefix() {
        let narrow = MetricsAccess(networks: [MetricsAccess.Network("10.0.0.0/24")!, MetricsAccess.Network("192.168.1.5")!])
        #expect(narrow.allows("10.0.0.200") && !narrow.allows("10.0.1.1"))
        #expect(narrow.allows("192.168.1.5") && !narrow.allows("192.168.1.6"))
        #expect(MetricsAccess(networks: [MetricsAccess.Network("0.0.0.0/0")!]).allows("8.8.8.8"))
        #expect(MetricsAccess.Network("10.0.0.0/12")!.contains([10, 15, 255, 255]))
        #expect(!MetricsAccess.Network("10.0.0.0/12")!.contains([10, 16, 0, 0]))
        for bad in ["10.0.0.0/33", "::/129", "10.0.0.0/", "10.0.0/8", "school", "10.0.0.0/8/8", "10.0.0.0/-1", "10.0.0.0/ 8"] {
            #expect(MetricsAccess.Network(bad) == nil, "\(bad)")
        }
    }

    @Test func aHistogramCountsEachObservationInItsBucketAndCumulatively() {
        var histogram = Histogram(boundsNanoseconds: [1_000, 10_000])
        for value: Int64 in [500, 1_000, 1_001, 20_000, -5] { histogram.observe(nanoseconds: value) }
        #expect(histogram.buckets == [3, 1, 1])
        #expect(histogram.cumulative == [3, 4, 5])
        #expect(histogram.count == 5 && histogram.sumNanoseconds == 22_501)
    }

    @Test func procSelfIsReadPastACommandNameWithSpacesAndParentheses() {
        let stat = "4242 (word game) x) S 1 4242 4242 0 -1 4194560 1000 0 0 0 250 50 0 0 20 0 9 0 100 200000000 7000"
        let usage = ProcessUsage.parse(stat: stat, statm: "50000 7000 1000 10 0 9000 0\n", ticksPerSecond: 100, pageSize: 4_096)
        #expect(usage == ProcessUsage(cpuSeconds: 3.0, residentBytes: 7_000 * 4_096))
        #expect(ProcessUsage.parse(stat: "4242 no parenthesis", statm: "1 2", ticksPerSecond: 100, pageSize: 4_096) == nil)
        let live = ProcessUsage.current()
        #expect(live != nil && live!.residentBytes > 0)
    }

    @Test func thePageHasEveryFamilyOnceWithItsTypeAndNoDirectoryAlone() {
        let counters = ServerCounters()
        counters.answers = 7
        counters.refused(.perAddress)
        counters.roundClosed(since: Instant(nanoseconds: Instant.now().nanoseconds - 3_000_000))
        var page = MetricsPage(connections: ["websocket": ["viewer": 2]])
        page.classRooms = 1
        let text = page.text(counters)
        #expect(text.contains("wordgame_connections{role=\"viewer\",transport=\"websocket\"} 2\n"))
        #expect(text.contains("wordgame_answers_total 7\n"))
        #expect(text.contains("wordgame_refused_connections_total{reason=\"per_address\"} 1\n"))
        #expect(text.contains("wordgame_round_close_seconds_bucket{le=\"0.0025\"} 0\n"))
        #expect(text.contains("wordgame_round_close_seconds_bucket{le=\"+Inf\"} 1\n"))
        #expect(!text.contains("wordgame_directory"), "a server of no fleet")
        let types = text.split(separator: "\n").filter { $0.hasPrefix("# TYPE ") }.map { $0.split(separator: " ")[2] }
        #expect(Set(types).count == types.count, "each family once")
        page.directoryUp = false
        #expect(page.text(counters).contains("wordgame_directory_up 0\n"))
    }
}
