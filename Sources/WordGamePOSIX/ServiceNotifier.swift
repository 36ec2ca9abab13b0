import Glibc

/// The service manager's notification socket (systemd's `sd_notify` protocol, without libsystemd): a unit of
/// `Type=notify` learns from it that the server is ready, reloading (draining) or stopping, and one with
/// `WatchdogSec=` hears from the event loop at least that often, or restarts the server whose loop is wedged.
///
/// The protocol is one datagram of `KEY=value` lines to the `AF_UNIX` socket named by `NOTIFY_SOCKET`
/// (a path, or `@` and an abstract name). Sends never block and their failures are ignored: the manager
/// going away must never stop a lesson. Sendable: after `init` nothing in it changes, and `sendto` on a
/// datagram socket may be called from any thread.
public final class ServiceNotifier: @unchecked Sendable {
    private let socket: Int32
    private var address = sockaddr_un()  // written by `init` alone
    private let addressLength: socklen_t
    /// How often the manager wants `WATCHDOG=1` (`WATCHDOG_USEC`), in milliseconds; nil when it wants none.
    public let watchdogMilliseconds: Int?

    /// The manager's socket from `environment`, or nil when the process was not started by one that listens
    /// (no `NOTIFY_SOCKET`, or a name that does not fit a socket address).
    public init?(environment: [String: String], pid: Int32 = getpid()) {
        guard let name = environment["NOTIFY_SOCKET"], !name.isEmpty else { return nil }
        var path = Array(name.utf8)
        if path[0] == UInt8(ascii: "@") { path[0] = 0 } else if path[0] != UInt8(ascii: "/") { return nil }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.count < capacity else { return nil }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: path) }
        addressLength = socklen_t(MemoryLayout<sa_family_t>.size + path.count + (path[0] == 0 ? 0 : 1))
        let flags = Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        socket = Glibc.socket(AF_UNIX, flags, 0)
        guard socket >= 0 else { return nil }
        // WATCHDOG_PID, when given, names the process the watchdog is for: another's is not ours to keep.
        let forUs = environment["WATCHDOG_PID"].map { Int32($0) == pid } ?? true
        let microseconds = environment["WATCHDOG_USEC"].flatMap { UInt64($0) }.flatMap { $0 > 0 ? $0 : nil }
        watchdogMilliseconds = forUs ? microseconds.map { Int(clamping: max(1, $0 / 1_000)) } : nil
    }

    deinit { Glibc.close(socket) }

    /// Sends `state`, lines such as `READY=1` or `STATUS=…`. The corresponding C function is `sendto`.
    public func notify(_ state: String) {
        let bytes = Array(state.utf8)
        _ = bytes.withUnsafeBytes { raw in
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(socket, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL), $0, addressLength)
                }
            }
        }
    }
}
