import Foundation
import Testing
import WordGameTestSupport
import WordGame
import WordGameProtocol

/// The end of a server's life on real sockets: BYE reaches every socket while a neighbour closes on reading it.
@Suite struct ShutdownOverTheWireTests {
    /// BYE is everyone's last line, even when a neighbour closes on reading
    /// it while the others' sockets drain (the terminal client does).
    @Test func byeIsTheLastLineEveryoneGets() async throws {
        try await onOwnThread {
            let server = try TestServer(hostedOnly: true)
            let (host, room, _) = try server.teacher()
            let players = try ["Ana", "Bo", "Cy"].map { try server.player($0, room: room) }
            _ = try host.waitFor { $0 == .arrived("Cy") }
            server.server.stop()
            _ = try players[2].waitFor { if case .bye = $0 { true } else { false } }
            players[2].reset()
            for client in [host, players[0], players[1]] {
                var last: ServerMessage?
                while let line = try client.nextLine(timeout: 3) { last = try? ServerMessage(line: line) }
                #expect(last == .bye("The server is shutting down."))
            }
        }
    }
}
