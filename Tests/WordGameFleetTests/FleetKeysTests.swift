import Testing
import WordGameFleet

@Suite struct FleetKeysTests {
    @Test func roomsAreLowerCasedAndSeatsUpperCasedIntoTheirKeys() {
        #expect(FleetKeys.room("K7PX") == "wordgame:room:k7px")
        #expect(FleetKeys.room("k7pxa") == "wordgame:room:k7pxa")
        #expect(FleetKeys.room("Class-7b_2") == "wordgame:room:class-7b_2")
        #expect(FleetKeys.room(String(repeating: "a", count: 24)) != nil)
        #expect(FleetKeys.seat("abcd3467") == "wordgame:seat:ABCD3467")
        #expect(FleetKeys.server("eu-1.school_b") == "wordgame:server:eu-1.school_b")
    }

    /// A room and a seat of the same characters (a name of eight digits) are remembered apart.
    @Test func whoLastHeldARoomOrASeatIsRememberedBesideItsKey() {
        #expect(FleetKeys.room("K7PX").map(FleetKeys.was) == "wordgame:was:room:k7px")
        #expect(FleetKeys.seat("abcd3467").map(FleetKeys.was) == "wordgame:was:seat:ABCD3467")
        #expect(FleetKeys.room("34673467").map(FleetKeys.was) != FleetKeys.seat("34673467").map(FleetKeys.was))
    }

    @Test func anythingButARoomNameOrACodeBuildsNoKey() {
        // Empty, too long, separators, globs, non-ASCII (the Kelvin sign folds to k), control characters.
        for bad in ["", String(repeating: "a", count: 25), "K7P:", "K7P*", "K7 P", "K7PÉ", "ＫＡＢＣ", "K7P\n", "\u{212A}7PX", "a.b"] {
            #expect(FleetKeys.room(bad) == nil, "\(bad)")
        }
        // Resume codes: eight characters of the alphabet, which leaves out 0, O, 1, I, L, 2, Z, 5 and S.
        for bad in ["ABCD346", "ABCD34678", "ABCD346O", "ABCD3461", "ABCD346:", "ABCD346\u{212A}"] {
            #expect(FleetKeys.seat(bad) == nil, "\(bad)")
        }
    }

    @Test func serverIDsHaveASyntax() {
        #expect(FleetKeys.server("") == nil)
        #expect(FleetKeys.server(String(repeating: "a", count: 65)) == nil)
        #expect(FleetKeys.server(String(repeating: "a", count: 64)) != nil)
        for bad in ["a b", "a:b", "a*", "é", "a\r\n"] { #expect(FleetKeys.server(bad) == nil, "\(bad)") }
    }

    @Test func anAddressRecordRoundTripsAndRefusesWhatWouldBreakIt() throws {
        let address = try #require(FleetAddress(host: "10.0.0.12", port: 4001, webPort: 8081, load: 37))
        #expect(String(decoding: address.record, as: UTF8.self) == "10.0.0.12 4001 8081 37")
        #expect(FleetAddress(record: address.record) == address)
        let noWeb = try #require(FleetAddress(host: "fd00::12", port: 4001, load: 0))
        #expect(String(decoding: noWeb.record, as: UTF8.self) == "fd00::12 4001 0 0")
        #expect(FleetAddress(record: noWeb.record) == noWeb)
        #expect(FleetAddress(host: "a b", port: 1, load: 0) == nil)
        #expect(FleetAddress(host: "", port: 1, load: 0) == nil)
        #expect(FleetAddress(host: "h", port: 0, load: 0) == nil)
        #expect(FleetAddress(host: "h", port: 1, webPort: 0, load: 0) == nil)
        #expect(FleetAddress(host: "h", port: 1, load: -1) == nil)
        for bad in ["h 1 0", "h 1 0 2 3", "h x 0 2", "h 70000 0 2", "h 1 0 -2", "h 0 0 1", "h 1 99999 1"] {
            #expect(FleetAddress(record: Array(bad.utf8)) == nil, "\(bad)")
        }
    }
}
