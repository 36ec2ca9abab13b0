import Foundation
import WordGamePOSIX

// Who the benches connect: players, a host, watchers; and reading what comes.

/// HOST on a new socket; returns the room's name.
func makeHostedRoom(_ sockets: inout LineSockets, port: UInt16) -> String {
    let fd = connectLoopback(port: port)
    let index = sockets.add(fd)
    sendLine("HOST\n", to: fd)
    var room = "", rostered = false
    sockets.pump(until: { rostered }) { i, line, _ in
        guard i == index else { return }
        if line.hasPrefix("OK HOST ") { room = String(line.split(separator: " ")[2].filter { $0 != "\"" }) }
        if line == "END ROSTER" { rostered = true }
    }
    return room
}

/// WATCH `room` on a new socket, once its roster is in; returns its index.
@discardableResult
func watch(_ sockets: inout LineSockets, room: String, port: UInt16) -> Int {
    let fd = connectLoopback(port: port)
    let index = sockets.add(fd)
    sendLine("WATCH \(room)\n", to: fd)
    var rostered = false
    sockets.pump(until: { rostered }) { i, line, _ in if i == index && line == "END ROSTER" { rostered = true } }
    return index
}

/// Reads whatever comes for `seconds`; drops it unless `onLine` wants it.
func idle(_ sockets: inout LineSockets, seconds: Double, onLine: (Int, Substring, Double) -> Void = { _, _, _ in }) {
    let end = now() + seconds
    while now() < end { sockets.pump(timeout: end - now(), onLine: onLine) }
}

/// `count` players say NAME and JOIN `room` on new sockets, added after those
/// already in `sockets`; each counts as in at its `OK JOIN` (one a player:
/// a join brings two INFO lines, the resume code's and the hint). The first
/// waits for its own before the others come: in a room made with JOIN it is
/// the host. Returns the first player's index.
@discardableResult
func joinPlayers(_ sockets: inout LineSockets, count: Int, prefix: String, room: String, port: UInt16) -> Int {
    let first = sockets.fds.count
    var joined = 0
    let onLine = { (i: Int, line: Substring, _: Double) in if i >= first && line.hasPrefix("OK JOIN ") { joined += 1 } }
    for k in 0..<count {
        let fd = connectLoopback(port: port)
        sockets.add(fd)
        sendLine("NAME \(prefix)\(k)\nJOIN \(room)\n", to: fd)
        if k == 0 { sockets.pump(until: { joined == 1 }, onLine: onLine) }
        // Read as we go: observers hear of every arrival at once, and their queue is bounded.
        if k % 100 == 0 { sockets.pump(timeout: 0, onLine: onLine) }
    }
    sockets.pump(limit: 600, until: { joined == count }, onLine: onLine)
    return first
}
