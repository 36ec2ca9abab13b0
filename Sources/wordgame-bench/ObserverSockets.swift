import Foundation
import Glibc

// Observers for the hosted benches: a host, watchers, and reading what comes.

/// HOST on a new socket; returns the room's name.
func makeHostedRoom(_ sockets: inout LineSockets, port: UInt16) -> String {
    let fd = connectLoopback(port: port)
    let index = sockets.add(fd)
    send("HOST\n", to: fd)
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
    send("WATCH \(room)\n", to: fd)
    var rostered = false
    sockets.pump(until: { rostered }) { i, line, _ in if i == index && line == "END ROSTER" { rostered = true } }
    return index
}

/// Reads whatever comes for `seconds`; drops it unless `onLine` wants it.
func idle(_ sockets: inout LineSockets, seconds: Double, onLine: (Int, Substring, Double) -> Void = { _, _, _ in }) {
    let end = now() + seconds
    while now() < end { sockets.pump(timeout: end - now(), onLine: onLine) }
}
