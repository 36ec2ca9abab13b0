import CSystem
import Glibc

/// A level-triggered epoll instance. The corresponding C functions are
/// `epoll_create1`, `epoll_ctl` and `epoll_wait`.
public final class Epoll {
    public struct Event {
        /// What the descriptor was registered with: its number, unless another was given.
        public var id: Int32
        public var readable: Bool
        public var writable: Bool
        /// Error or hang-up: the peer is gone.
        public var failed: Bool
    }

    private let fd: Int32
    private var buffer: [epoll_event]

    public init(capacity: Int = 1024) throws(Errno) {
        fd = try syscallBlocking("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
        buffer = Array(repeating: epoll_event(), count: capacity)
    }

    deinit { Glibc.close(fd) }

    /// Watches `watched` for input (and output if `writable`); its events carry `id`.
    public func add(_ watched: FileDescriptor, id: Int32? = nil, writable: Bool = false) throws(Errno) {
        try control(EPOLL_CTL_ADD, watched, id: id, writable: writable)
    }

    /// `readable` false stops reporting input (errors and hang-ups still come).
    public func modify(_ watched: FileDescriptor, id: Int32? = nil, readable: Bool = true, writable: Bool) throws(Errno) {
        try control(EPOLL_CTL_MOD, watched, id: id, readable: readable, writable: writable)
    }

    public func remove(_ watched: FileDescriptor) throws(Errno) {
        var event = epoll_event()
        try syscallBlocking("epoll_ctl") { epoll_ctl(fd, EPOLL_CTL_DEL, watched.rawValue, &event) }
    }

    private func control(_ operation: Int32, _ watched: FileDescriptor, id: Int32?, readable: Bool = true, writable: Bool) throws(Errno) {
        var event = epoll_event()
        event.events = (readable ? csystem_EPOLLIN | csystem_EPOLLRDHUP : 0) | (writable ? csystem_EPOLLOUT : 0)
        event.data.fd = id ?? watched.rawValue
        try syscallBlocking("epoll_ctl") { epoll_ctl(fd, operation, watched.rawValue, &event) }
    }

    /// Waits up to `timeoutMilliseconds` (-1: forever) and returns the ready descriptors.
    public func wait(timeoutMilliseconds: Int32) throws(Errno) -> [Event] {
        let count = try waitForEvents(timeoutMilliseconds)
        return buffer[0..<count].map(Self.event)
    }

    /// Waits as `wait` does, then hands each ready descriptor to `body`,
    /// without making an array of them (a loop that wakes for every line
    /// allocates nothing a line).
    public func wait(timeoutMilliseconds: Int32, _ body: (Event) -> Void) throws(Errno) {
        let count = try waitForEvents(timeoutMilliseconds)
        for index in 0..<count { body(Self.event(buffer[index])) }
    }

    private func waitForEvents(_ timeoutMilliseconds: Int32) throws(Errno) -> Int {
        let count = try syscallBlocking("epoll_wait") { () -> Int32 in
            let n = buffer.withUnsafeMutableBufferPointer { epoll_wait(fd, $0.baseAddress, Int32($0.count), timeoutMilliseconds) }
            // A signal interrupting the wait is not an error: report no events.
            return n < 0 && errno == EINTR ? 0 : n
        }
        return Int(count)
    }

    @inline(__always)
    private static func event(_ raw: epoll_event) -> Event {
        Event(id: raw.data.fd,
              readable: raw.events & (csystem_EPOLLIN | csystem_EPOLLRDHUP) != 0,
              writable: raw.events & csystem_EPOLLOUT != 0,
              failed: raw.events & (csystem_EPOLLERR | csystem_EPOLLHUP) != 0)
    }
}
