import Foundation
import WordGamePOSIX

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
        let (listener, port) = listenLoopback()  // non-blocking, as the loop below wants it
        Signal.ignoreBrokenPipe()  // a gone peer is a failed send, reported below
        print("port \(port)")
        StandardOutput.flush()

        let epoll: Epoll
        do {
            epoll = try Epoll(capacity: 1_024)
            try epoll.add(listener)
        } catch {
            fail("bare loop: \(error)")
        }
        var connections: [FileDescriptor] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var reply: [UInt8] = []
        reply.reserveCapacity(64)
        while true {
            // The closure form: the ready descriptors are handed over one by one, in no array.
            do {
                try epoll.wait(timeoutMilliseconds: -1) { event in
                    let fd = FileDescriptor(rawValue: event.id)
                    if fd == listener {
                        while case .done(let accepted)? = try? Socket.accept(listener) {
                            Socket.setNoDelay(accepted.socket)  // as wordgame's sockets: a line goes out when written
                            do { try epoll.add(accepted.socket) } catch { fail("bare loop: \(error)") }
                            connections.append(accepted.socket)
                        }
                        return
                    }
                    switch buffer.withUnsafeMutableBytes({ raw in try? fd.read(into: raw) }) {
                    case .wouldBlock?: return
                    case .done(let n)? where n > 0: serve(buffer[0..<n], from: fd, to: connections, reply: &reply)
                    default: exit(0)  // end of stream or an error: the bench is done with us
                    }
                }
            } catch {
                fail("bare loop: \(error)")
            }
        }
    }

    /// The bench sends whole lines in one send each, so a read holds whole
    /// lines. `reply` is kept between calls: an answer allocates nothing.
    private static func serve(_ bytes: ArraySlice<UInt8>, from fd: FileDescriptor, to connections: [FileDescriptor], reply: inout [UInt8]) {
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
                // A slice, not `line.dropLast()`: beside `+=` that is Sequence's
                // dropLast, which builds arrays (three allocations an answer).
                reply += line[..<(line.endIndex - 1)]
                reply += correct
                sendWhole(reply, to: fd)
            }
        }
    }

    private static let broadcast = Array("BROADCAST ".utf8), answer = Array("ANSWER ".utf8)
    private static let ok = Array("OK ".utf8), correct = Array("CORRECT\n".utf8)

    private static func sendWhole(_ bytes: [UInt8], to fd: FileDescriptor) {
        let sent = bytes.withUnsafeBytes { raw in Result { () throws(Errno) in try Socket.send(fd, raw) } }
        switch sent {
        case .success(.done(bytes.count)): return
        case .success(.done(let n)): fail("bare loop: a send took \(n) of \(bytes.count) bytes")
        case .success(.wouldBlock): fail("bare loop: a send took 0 of \(bytes.count) bytes (the socket was full)")
        case .failure(let error): fail("bare loop: a send of \(bytes.count) bytes: \(error)")
        }
    }
}
