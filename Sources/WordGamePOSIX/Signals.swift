import CSystem
import Glibc

/// The signals the programs handle, by name (`WakePipe.forwardSignal` takes them).
public enum Signal {
    public static let interrupt = SIGINT
    public static let terminate = SIGTERM
    public static let hangUp = SIGHUP
    public static let windowChanged = SIGWINCH

    /// A write to a closed socket fails with EPIPE instead of killing the
    /// process (sends use MSG_NOSIGNAL too; this covers every other write).
    public static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Gives `signal` its default action back.
    public static func reset(_ signal: Int32) {
        _ = csystem_reset_signal(signal)
    }
}
