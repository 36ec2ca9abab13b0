import Testing
import WordGameFleet

@Suite struct FleetKeysTests {
    @Test func codesAreUpperCasedIntoTheirKeys() {
        #expect(FleetKeys.room("k7px") == "wordgame:room:K7PX")
        #expect(FleetKeys.room("K7PXA") == "wordgame:room:K7PXA")
        #expect(FleetKeys.seat("abcd3467") == "wordgame:seat:ABCD3467")
        #expect(FleetKeys.hostKey("abcdefghjkmn") == "wordgame:key:ABCDEFGHJKMN")
        #expect(FleetKeys.server("eu-1.school_b") == "wordgame:server:eu-1.school_b")
    }

    @Test func anythingButACodeBuildsNoKey() {
        // Wrong lengths, look-alikes left out of the alphabet (0, O, 1, I, L, 2, Z, 5, S), separators, globs, non-ASCII.
        for bad in ["", "K7P", "K7PXAB", "K0PX", "KOPX", "K1PX", "KLPX", "K2PX", "K5PX", "KSPX", "K7P:", "K7P*", "K7 P",
                    "K7PÉ", "ＫＡＢＣ", "K7P\n"] {
            #expect(FleetKeys.room(bad) == nil, "\(bad)")
        }
        #expect(FleetKeys.seat("ABCD346") == nil)
        #expect(FleetKeys.seat("ABCD34678") == nil)
        #expect(FleetKeys.seat("ABCD346O") == nil)
        #expect(FleetKeys.hostKey("ABCDEFGHJKM") == nil)
        #expect(FleetKeys.hostKey("ABCDEFGHJKM0") == nil)
    }

    @Test func serverIDsHaveASyntax() {
        #expect(FleetKeys.server("") == nil)
        #expect(FleetKeys.server(String(repeating: "a", count: 65)) == nil)
        #expect(FleetKeys.server(String(repeating: "a", count: 64)) != nil)
        for bad in ["a b", "a:b", "a*", "é", "a\r\n"] { #expect(FleetKeys.server(bad) == nil, "\(bad)") }
    }

    @Test func anAddressRecordRoundTripsAndRefusesWhatWouldBreakIt() throws {
        let address = try #require(FleetAddress(host: "10.0.0.12", port: 4001, load: 37))
        #expect(String(decoding: address.record, as: UTF8.self) == "10.0.0.12 4001 37")
        #expect(FleetAddress(record: address.record) == address)
        #expect(FleetAddress(host: "a b", port: 1, load: 0) == nil)
        #expect(FleetAddress(host: "", port: 1, load: 0) == nil)
        #expect(FleetAddress(host: "h", port: 1, load: -1) == nil)
        for bad in ["h 1", "h 1 2 3", "h x 2", "h 70000 2", "h 1 -2"] { #expect(FleetAddress(record: Array(bad.utf8)) == nil, "\(bad)") }
    }
}
