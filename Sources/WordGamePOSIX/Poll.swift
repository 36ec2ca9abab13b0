import Glibc

/// One descriptor in a `poll` set, laid out exactly as `struct pollfd` (its
/// only stored property), so a set is handed to the kernel without a copy.
public struct PollEntry: Sendable {
    fileprivate var raw: pollfd

    public init(_ descriptor: FileDescriptor?, input: Bool = true, output: Bool = false) {
        raw = pollfd(fd: descriptor?.rawValue ?? -1, events: Int16((input ? POLLIN : 0) | (output ? POLLOUT : 0)), revents: 0)
    }

    /// Nothing to watch (a negative descriptor, which poll skips).
    public static let none = PollEntry(nil, input: false)

    /// Something happened: input, room for output, an error or a hang-up.
    public var isReady: Bool { raw.revents != 0 }

    /// Input came (or end of stream): POLLIN.
    public var isReadable: Bool { raw.revents & Int16(POLLIN) != 0 }

    /// The descriptor takes output (a non-blocking connect is done): POLLOUT.
    public var isWritable: Bool { raw.revents & Int16(POLLOUT) != 0 }

    /// An error or a hang-up: POLLERR or POLLHUP.
    public var hasFailed: Bool { raw.revents & Int16(POLLERR | POLLHUP) != 0 }
}

/// Waiting on a few descriptors at once (the terminal client, the bench's
/// clients). The corresponding C function is `poll`.
public enum Poll {
    /// Waits up to `milliseconds` (-1: forever) for any entry to be ready;
    /// returns how many are. A signal ends the wait early with 0.
    @discardableResult
    public static func wait(_ entries: inout [PollEntry], milliseconds: Int32) -> Int {
        let count = entries.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: pollfd.self) { Glibc.poll($0.baseAddress, nfds_t($0.count), milliseconds) }
        }
        return max(0, Int(count))
    }

    /// Waits up to `milliseconds` for `descriptor` to have input; true if it has (or failed).
    public static func waitUntilReadable(_ descriptor: FileDescriptor, milliseconds: Int32) -> Bool {
        var entries = [PollEntry(descriptor)]
        return wait(&entries, milliseconds: milliseconds) > 0
    }

    /// Waits up to `milliseconds` for `descriptor` to take output; true if it does (or failed).
    public static func waitUntilWritable(_ descriptor: FileDescriptor, milliseconds: Int32) -> Bool {
        var entries = [PollEntry(descriptor, input: false, output: true)]
        return wait(&entries, milliseconds: milliseconds) > 0
    }

    /// Sleeps `milliseconds` (a poll on nothing: the bench paces itself so).
    public static func sleep(milliseconds: Int32) {
        var none: [PollEntry] = []
        wait(&none, milliseconds: milliseconds)
    }
}
