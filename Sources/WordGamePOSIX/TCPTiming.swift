import CSystem
import Glibc

/// What the kernel knows about a connection's timing. The corresponding C call
/// is `getsockopt(TCP_INFO)`; Protocol.md §7 says how the server uses it.
public struct TCPTiming: Equatable, Sendable {
    /// The connection's round trip, in nanoseconds: the kernel's minimum
    /// observed RTT (`tcpi_min_rtt`), which a peer's delayed ACKs do not
    /// inflate the way they inflate the smoothed figure; the smoothed RTT
    /// (`tcpi_rtt`) when there is no minimum yet; nil when the kernel gives
    /// neither. Nil is credited as zero.
    public var roundTripNanoseconds: Int64?
    /// Bytes written to the socket that the kernel has not transmitted yet;
    /// nil when the kernel does not say (before Linux 4.6).
    public var notSentBytes: Int?

    public init(roundTripNanoseconds: Int64?, notSentBytes: Int?) {
        self.roundTripNanoseconds = roundTripNanoseconds
        self.notSentBytes = notSentBytes
    }

    /// Reads the socket's timing; nil when it is not a TCP socket or the call fails.
    public static func read(_ socket: FileDescriptor) -> TCPTiming? {
        var raw = csystem_tcp_timing()
        guard csystem_tcp_timing(socket.rawValue, &raw) == 0 else { return nil }
        let noSample: UInt32 = ~0  // tcpi_min_rtt before the first sample
        let micros: UInt32?
        if raw.has_min_rtt != 0, raw.min_rtt_us != noSample, raw.min_rtt_us > 0 {
            micros = raw.min_rtt_us
        } else if raw.has_rtt != 0, raw.rtt_us > 0 {
            micros = raw.rtt_us
        } else {
            micros = nil
        }
        return TCPTiming(roundTripNanoseconds: micros.map { Int64($0) * 1_000 },
                         notSentBytes: raw.has_notsent != 0 ? Int(raw.notsent_bytes) : nil)
    }
}
