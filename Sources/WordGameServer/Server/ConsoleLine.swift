import Foundation
import WordGamePOSIX

/// The one form of every line the server writes to its console, events and problems alike, so that the logs of
/// a fleet's servers merge into one that reads in order and says who wrote each line:
/// `2026-11-27 10:35:08 school-1 u8eu: Ana joined`: the machine's local time to the second, the server's name
/// (its id in the fleet; alone, its `--name`, or else the address and port students reach it at), then the text.
/// Shared by the loop, the results' writer and the fleet's link, so its state is locked.
final class ConsoleLine: @unchecked Sendable {
    private let lock = NSLock()
    private let clock = ConsoleTime()
    // Guarded by `lock`. Formatting a date is dear: a busy second (10,000 joins) formats it once.
    private var name: String
    private var stampedSecond = -1.0, stamp = ""

    init(name: String) {
        self.name = name
    }

    /// The name lines carry from now on: the fleet's id once it is settled (a lesson kept brings its own back).
    func rename(_ name: String) {
        lock.withLock { self.name = name }
    }

    func callAsFunction(_ text: String, at secondsSince1970: Double = WallClock.secondsSince1970()) -> String {
        let second = secondsSince1970.rounded(.down)
        return lock.withLock {
            if second != stampedSecond {
                stampedSecond = second
                stamp = clock.stamp(second)
            }
            return stamp + " " + name + " " + text
        }
    }

    /// `host:port`, bracketed as a URL has it when the host is an IPv6 address.
    static func address(host: String, port: UInt16) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
