import CSystem
import Glibc

/// `wordgame-bench bare-loop`: next to nothing but the kernel's work for the
/// fan-out bench's traffic, as the floor beside wordgame and Redis. One
/// thread, one level-triggered epoll, one `send` per line and connection, no
/// queues, no game: it answers `ANSWER <n> y` with `OK ANSWER <n> CORRECT` and sends the
/// text of `BROADCAST <text>` as a line to every connection. What it costs is
/// almost all the kernel's: a read, and a send per line, each of which on
/// loopback also runs the receiving socket's TCP work (FanoutBare drives it).
///
/// It listens on 127.0.0.1 and a free port, prints `port <n>` and serves
/// until killed. A send the kernel does not take whole ends it with a
/// message: the floor is only a floor while every line goes out in one send.
enum BareLoopServer {
    static func run() -> Never {
        let (listener, port) = bindLoopback()
        guard listen(listener, 4_096) == 0 else { fail("bare loop: cannot listen on 127.0.0.1: \(String(cString: strerror(errno)))") }
        setNonBlocking(listener)
        signal(SIGPIPE, SIG_IGN)  // a gone peer is a failed send, reported below
        print("port \(port)")
        fflush(nil)

        let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        watch(listener, in: epoll)
        var connections: [Int32] = []
        var events = [epoll_event](repeating: epoll_event(), count: 1_024)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var reply: [UInt8] = []
        reply.reserveCapacity(64)
        while true {
            let count = events.withUnsafeMutableBufferPointer { epoll_wait(epoll, $0.baseAddress, Int32($0.count), -1) }
            for index in 0..<max(0, Int(count)) {
                let fd = events[index].data.fd
                if fd == listener {
                    while true {
                        let accepted = accept(listener, nil, nil)
                        if accepted < 0 { break }
                        setNonBlocking(accepted)
                        var on: Int32 = 1  // as wordgame's sockets: a line goes out when written
                        setsockopt(accepted, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
                        watch(accepted, in: epoll)
                        connections.append(accepted)
                    }
                    continue
                }
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n <= 0 {
                    if n < 0 && errno == EAGAIN { continue }
                    exit(0)  // the bench is done with us
                }
                serve(buffer[0..<n], from: fd, to: connections, reply: &reply)
            }
        }
    }

    private static func watch(_ fd: Int32, in epoll: Int32) {
        var event = epoll_event()
        event.events = csystem_EPOLLIN
        event.data.fd = fd
        if epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event) != 0 { fail("bare loop: epoll_ctl: \(String(cString: strerror(errno)))") }
    }

    /// The bench sends whole lines in one send each, so a read holds whole
    /// lines. `reply` is kept between calls: an answer allocates nothing.
    private static func serve(_ bytes: ArraySlice<UInt8>, from fd: Int32, to connections: [Int32], reply: inout [UInt8]) {
        var start = bytes.startIndex
        while let end = bytes[start...].firstIndex(of: 0x0A) {
            let line = bytes[start..<end]
            start = end + 1
            if line.starts(with: broadcast) {
                let text = Array(line.dropFirst(broadcast.count)) + [0x0A]  // made once for all
                for connection in connections { sendWhole(text, to: connection) }
            } else if line.starts(with: answer), line.last == UInt8(ascii: "y") {
                // "ANSWER <n> y" -> "OK ANSWER <n> CORRECT", as wordgame replies.
                reply.removeAll(keepingCapacity: true)
                reply += ok
                reply += line.dropLast()
                reply += correct
                sendWhole(reply, to: fd)
            }
        }
    }

    private static let broadcast = Array("BROADCAST ".utf8), answer = Array("ANSWER ".utf8)
    private static let ok = Array("OK ".utf8), correct = Array("CORRECT\n".utf8)

    private static func sendWhole(_ bytes: [UInt8], to fd: Int32) {
        let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        if sent != bytes.count { fail("bare loop: a send took \(sent) of \(bytes.count) bytes") }
    }
}
