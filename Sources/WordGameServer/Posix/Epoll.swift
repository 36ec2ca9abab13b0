import CSystem
import Glibc

/// A level-triggered epoll instance. The corresponding C functions are
/// `epoll_create1`, `epoll_ctl` and `epoll_wait`.
final class Epoll {
    struct Event {
        var fd: Int32
        var readable: Bool
        var writable: Bool
        /// Error or hang-up: the peer is gone.
        var failed: Bool
    }

    let fd: Int32
    private var buffer: [epoll_event]

    init(capacity: Int = 1024) throws(Errno) {
        fd = try syscallBlocking("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
        buffer = Array(repeating: epoll_event(), count: capacity)
    }

    deinit { close(fd) }

    func add(_ watched: Int32, writable: Bool = false) throws(Errno) {
        try control(EPOLL_CTL_ADD, watched, writable: writable)
    }

    /// `readable` false stops reporting input (errors and hang-ups still come).
    func modify(_ watched: Int32, readable: Bool = true, writable: Bool) throws(Errno) {
        try control(EPOLL_CTL_MOD, watched, readable: readable, writable: writable)
    }

    func remove(_ watched: Int32) throws(Errno) {
        var event = epoll_event()
        try syscallBlocking("epoll_ctl") { epoll_ctl(fd, EPOLL_CTL_DEL, watched, &event) }
    }

    private func control(_ operation: Int32, _ watched: Int32, readable: Bool = true, writable: Bool) throws(Errno) {
        var event = epoll_event()
        event.events = (readable ? csystem_EPOLLIN | csystem_EPOLLRDHUP : 0) | (writable ? csystem_EPOLLOUT : 0)
        event.data.fd = watched
        try syscallBlocking("epoll_ctl") { epoll_ctl(fd, operation, watched, &event) }
    }

    /// Waits up to `timeoutMilliseconds` (-1: forever) and returns the ready descriptors.
    func wait(timeoutMilliseconds: Int32) throws(Errno) -> [Event] {
        let count = try syscallBlocking("epoll_wait") { () -> Int32 in
            let n = buffer.withUnsafeMutableBufferPointer { epoll_wait(fd, $0.baseAddress, Int32($0.count), timeoutMilliseconds) }
            // A signal interrupting the wait is not an error: report no events.
            return n < 0 && errno == EINTR ? 0 : n
        }
        return buffer[0..<Int(count)].map { raw in
            Event(fd: raw.data.fd,
                  readable: raw.events & (csystem_EPOLLIN | csystem_EPOLLRDHUP) != 0,
                  writable: raw.events & csystem_EPOLLOUT != 0,
                  failed: raw.events & (csystem_EPOLLERR | csystem_EPOLLHUP) != 0)
        }
    }
}
