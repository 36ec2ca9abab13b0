import Foundation
import Glibc
import Testing
import WordGameTestSupport
import WordGameCommandLine
@testable import WordGameClient
import WordGame
import WordGameServer

/// The address the projector shows students for a server it reached itself:
/// never a network address nothing listens on.
@Suite struct StudentAddressTests {
    @Test func aServerReachedOverLoopbackThatDoesNotListenOnTheNetworkIsShownAtTheHostReached() {
        var asked: [String] = []
        let shown = StudentAddress.forServer(reachedAt: "127.0.0.1", port: 4200, networkAddresses: ["192.0.2.2", "198.51.100.7"]) {
            asked.append("\($0) \($1)")
            return false
        }
        #expect(shown == "127.0.0.1")
        #expect(asked == ["192.0.2.2 4200", "198.51.100.7 4200"])
        #expect(StudentAddress.forServer(reachedAt: "localhost", port: 4200, networkAddresses: ["192.0.2.2"]) { _, _ in false }
            == "localhost")
    }

    @Test func aServerReachedOverLoopbackThatListensEverywhereIsShownAtTheFirstAddressThatAnswers() {
        let shown = StudentAddress.forServer(reachedAt: "127.0.0.1", port: 4200, networkAddresses: ["192.0.2.2", "198.51.100.7"]) {
            address, _ in address == "198.51.100.7"
        }
        #expect(shown == "198.51.100.7")
    }

    @Test func aServerReachedAtANetworkAddressIsShownThere() {
        let shown = StudentAddress.forServer(reachedAt: "10.0.0.5", port: 4200, networkAddresses: ["192.0.2.2"]) { _, _ in
            Issue.record("nothing to probe")
            return true
        }
        #expect(shown == "10.0.0.5")
    }

    /// The probe itself, against the real server bound to 127.0.0.1, and a port nothing listens on.
    @Test func theProbeSaysWhetherSomethingListens() async throws {
        try await onOwnThread {
            let words = try WordList(entries: (1...4).map { WordEntry(english: "e\($0)", spanish: "s\($0)") })
            let server = try Server(configuration: ServerConfiguration(bindAddress: "127.0.0.1", port: 0, game: GameSettings(words: words)))
            server.start()
            defer { server.stop(); server.waitUntilStopped() }
            #expect(StudentAddress.accepts("127.0.0.1", server.port))
            let (socket, closedPort) = LoopbackSocket.bound()
            close(socket)
            #expect(!StudentAddress.accepts("127.0.0.1", closedPort))
            var state = PresentState()
            state.joinAddress = StudentAddress.forServer(reachedAt: "127.0.0.1", port: server.port, networkAddresses: ["127.0.0.1"])
            state.joinPort = server.port
            state.receive(.hosted(room: "k7px", key: "KEY"), at: .milliseconds(0))
            #expect(state.joinLines().contains("nc 127.0.0.1 \(server.port)   then type   NAME yourname   and   JOIN K7PX"))
        }
    }
}
