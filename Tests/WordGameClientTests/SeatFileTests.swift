import Foundation
import Glibc
import Testing
@testable import WordGameClient
import WordGame
import WordGamePOSIX
import WordGameProtocol

/// Where the resume code is kept, and when its file comes and goes: real files in temporary folders.
@Suite struct SeatFileTests {
    /// The server a seat is on: another of the fleet than the one the file is named for ("h" port 1).
    static let server = ServerLocation(host: "192.0.2.3", port: 4001)

    func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-seatfile-\(UUID().uuidString)").path
    }

    @Test func theFolderFollowsXDGStateHomeThenHome() {
        #expect(SeatFile.folder(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/wordgame")
        #expect(SeatFile.folder(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]) == "/h/.local/state/wordgame")
        #expect(SeatFile.folder(environment: ["HOME": "/h"]) == "/h/.local/state/wordgame")
        #expect(SeatFile.folder(environment: [:]) == nil)
    }

    @Test func oneFilePerServerPortAndRoom() {
        let environment = ["XDG_STATE_HOME": "/s"]
        let path = { (host: String, port: UInt16, room: String) in
            SeatFile.forSeat(host: host, port: port, room: room, environment: environment)!.path
        }
        #expect(path("127.0.0.1", 4000, "main") == "/s/wordgame/127.0.0.1_4000_main.seat")
        #expect(path("127.0.0.1", 4000, "K7PX") == path("127.0.0.1", 4000, "k7px"), "rooms are named in any case")
        let distinct = Set([path("a", 1, "b_c"), path("a_b", 1, "c"), path("a", 1, "b"), path("a", 2, "b"), path("../x", 1, "b")])
        #expect(distinct.count == 5)
        #expect(!path("../x", 1, "b").contains("/../"), "a host never leaves the folder")
    }

    @Test func aSeatIsWrittenWholeForItsOwnerOnlyAndReadBack() throws {
        let file = SeatFile.forSeat(host: "127.0.0.1", port: 4000, room: "main", environment: ["XDG_STATE_HOME": folder()])!
        #expect(file.load() == .none)
        let saved = SeatFile.Saved(code: "K7PXABCD", name: "Ana", room: "main", graceSeconds: 60, pid: 42)
        try file.save(saved)
        var status = stat()
        #expect(stat(file.path, &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(file.load() == .saved(saved))
        // Given up by another client than the one that holds it now: it stays.
        file.remove(writtenBy: 7)
        #expect(file.load() == .saved(saved))
        file.remove(writtenBy: 42)
        #expect(file.load() == .none)
    }

    @Test func theServerASeatIsOnIsKeptAndAFileWithoutOneStillReads() throws {
        let file = SeatFile.forSeat(host: "127.0.0.1", port: 4000, room: "k7px", environment: ["XDG_STATE_HOME": folder()])!
        let elsewhere = SeatFile.Saved(code: "K7PXABCD", name: "Ana", room: "k7px", graceSeconds: 60, pid: 42, server: Self.server)
        try file.save(elsewhere)
        #expect(file.load() == .saved(elsewhere))
        try AtomicFile.write("{\"code\":\"K7PXABCD\",\"name\":\"Ana\",\"room\":\"k7px\",\"graceSeconds\":60,\"pid\":42}",
                             to: file.path)
        #expect(file.load() == .saved(SeatFile.Saved(code: "K7PXABCD", name: "Ana", room: "k7px", graceSeconds: 60, pid: 42)))
        // The client connects where the file says: a host no MOVED could name is not taken from it either.
        for server in [ServerLocation(host: "a b", port: 4001), ServerLocation(host: "192.0.2.3", port: 0)] {
            try file.save(SeatFile.Saved(code: "K7PXABCD", name: "Ana", room: "k7px", graceSeconds: 60, pid: 42, server: server))
            #expect(file.load() == .problem("ignoring the saved seat \(file.path) (not a saved seat); joining as usual."))
        }
    }

    @Test func anUnreadableSeatIsOneLineNamingIt() throws {
        let file = SeatFile.forSeat(host: "127.0.0.1", port: 4000, room: "main", environment: ["XDG_STATE_HOME": folder()])!
        try AtomicFile.makeDirectory(file.path)  // a folder where the file should be
        #expect(file.load() == .problem("ignoring the saved seat \(file.path) (not a file); joining as usual."))
    }

    @Test func theKeeperWritesTheSeatAndRemovesItWhenTheSeatIsGone() throws {
        let root = folder()
        let keeper = SeatKeeper(pid: 42) { SeatFile.forSeat(host: "h", port: 1, room: $0, environment: ["XDG_STATE_HOME": root]) }
        let file = SeatFile.forSeat(host: "h", port: 1, room: "main", environment: ["XDG_STATE_HOME": root])!
        keeper.track(HeldSeat(token: ResumeToken(code: "K7PXABCD", graceSeconds: 60), room: "main"), name: "Ana", on: Self.server)
        #expect(file.load() == .saved(SeatFile.Saved(code: "K7PXABCD", name: "Ana", room: "main", graceSeconds: 60, pid: 42,
                                                      server: Self.server)))
        keeper.track(nil, name: "Ana", on: Self.server)  // out of the room: left, removed, or closed
        #expect(file.load() == .none)
        keeper.track(HeldSeat(token: ResumeToken(code: "K7PXABCD", graceSeconds: 60), room: "main"), name: "Ana", on: Self.server)
        keeper.release()
        #expect(file.load() == .none)
        #expect(keeper.problem == nil)
    }

    @Test func aFolderThatCannotBeWrittenIsSaidOnceAndTheGameGoesOn() throws {
        let root = folder()
        try AtomicFile.makeDirectory(root)
        try AtomicFile.write("", to: root + "/wordgame")  // a file where the folder should be
        let keeper = SeatKeeper(pid: 42) { SeatFile.forSeat(host: "h", port: 1, room: $0, environment: ["XDG_STATE_HOME": root]) }
        keeper.track(HeldSeat(token: ResumeToken(code: "K7PXABCD", graceSeconds: 60), room: "main"), name: "Ana", on: Self.server)
        #expect(keeper.problem?.hasPrefix("your resume code could not be kept (\(root)/wordgame: not a folder)") == true,
                "\(keeper.problem ?? "")")
    }

    @Test func theKeysShowTheResumeCodeWhenTheSeatOutlivesTheClient() {
        var state = ClientState(name: "Ana")
        state.receive(.token(code: "K7PXABCD", graceSeconds: 60), at: .milliseconds(0))
        state.receive(.room(RoomInfo(name: "main", state: .lobby, members: 1, host: "Ana", autoStart: 0)), at: .milliseconds(0))
        state.receive(.you(.lobby), at: .milliseconds(0))
        _ = state.press(.character("?"), at: .milliseconds(0))
        let text = { (state: ClientState) in Renderer.frame(state, columns: 80, rows: 24, now: .milliseconds(0)).rows.joined() }
        #expect(!text(state).contains("K7PXABCD"), "a solo game's seat dies with the client: no code to write down")
        state.showsResumeCode = true
        #expect(text(state).contains("Your resume code: K7PXABCD"))
        #expect(LineModeText.keys(state).last?.contains("K7PXABCD") == true)
    }
}
