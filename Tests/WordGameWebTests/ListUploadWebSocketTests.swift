import Foundation
import Testing
import WordGameTestSupport
import WordGameServer

/// A teacher's list over the web port's WebSocket, as the teacher's page sends it: UPLOAD, its OK, 500 LINEs
/// each a message, then CHECK and SAVE. The same replies as over TCP, and the LINEs are not paced there either
/// (paced, 500 lines take 23 s).
@Suite struct ListUploadWebSocketTests {
    @Test func aListGoesUpOverAWebSocketUnpaced() async throws {
        try await onOwnThread {
            let server = try WebServer()
            let page = try WebSocketTestClient(port: server.webPort)
            _ = try page.waitFor("WORDGAME ")
            page.sendLine("HOST")
            _ = try page.waitFor("END ROSTER")
            page.sendLine("UPLOAD pets \"\" \"\"")
            #expect(try page.nextLine() == "OK UPLOAD")
            let start = Date()
            page.sendLine("LINE \"English\\u{9}French\"")
            for index in 1...500 { page.sendLine("LINE \"w\(index)\\u{9}m\(index)\"") }
            page.sendLine("LINE \"cow\"")
            page.sendLine("SAVE")
            var reply: [String] = []
            while let line = try page.nextLine(timeout: 30) {
                reply.append(line)
                if line == "OK SAVE" || line.hasPrefix("ERROR") { break }
            }
            let seconds = Date().timeIntervalSince(start)
            #expect(reply.count == 5 && reply[0] == "SKIPPED 502 columns \"cow\"" && reply[1] == "END SKIPPED", "\(reply)")
            #expect(reply[2] == "UPLOADED \"pets\" 500 1 \"English\" \"French\"" && reply[3].hasPrefix("LISTKEY \"pets\" "))
            // Paced, these lines cannot take less than the bucket allows (40 at once, then 20 a second: 23 s) however fast
            // the machine; unpaced, even a loaded one takes a fraction of that. Under it, they were not paced.
            let limits = ConnectionLimits()
            let pacedFloor = Double(503 - limits.burstLines) * Double(limits.lineIntervalMilliseconds) / 1_000
            #expect(seconds < pacedFloor, "500 LINEs over a WebSocket took \(seconds) s, as long as pacing would make them")
            page.sendLine("LISTS")
            #expect(try page.waitFor("LIST \"pets\"") == "LIST \"pets\" 500 \"English\" \"French\" SAVED")
        }
    }
}
