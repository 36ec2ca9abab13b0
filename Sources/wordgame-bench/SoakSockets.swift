import Glibc

// Every soak socket in one poll() set: non-blocking connects to 127.0.0.1,
// buffered writes, lines split as they come, and two ways to hang up (a
// plain close, or SO_LINGER 0: a reset). One thread drives it all.

final class SoakSockets {
    enum Owner: Equatable { case none, bot(Int), hostile(Int) }

    struct Slot {
        var fd: Int32 = -1
        var owner = Owner.none
        var pending: [UInt8] = []
        var out: [UInt8] = []
        var sentOut = 0
        var connecting = false
        /// Off for a peer that never reads (the flood): its input stays in the kernel.
        var reads = true
        /// Tell the owner each time the output has drained (the flood refills it).
        var wantsWritable = false
        /// Which connection the slot holds: slots and descriptor numbers are both reused.
        var serial = 0
    }

    /// What poll() found, for the slot's owner.
    enum Event {
        case line(String)
        case writable
        /// The connection is gone: `reason` is "eof", "reset", or the error's name.
        case closed(reason: String)
    }

    let port: UInt16
    private(set) var slots: [Slot] = []
    private var polls: [pollfd] = []
    private var free: [Int] = []
    private var chunk = [UInt8](repeating: 0, count: 65_536)
    private(set) var openCount = 0
    private var serials = 0

    init(port: UInt16) { self.port = port }

    func owner(of slot: Int) -> Owner { slots[slot].owner }
    func isOpen(_ slot: Int) -> Bool { slot < slots.count && slots[slot].fd >= 0 }

    /// A non-blocking connect to 127.0.0.1:port, whose first line (sent once
    /// connected) is `MODE MACHINE`: bots and hostile peers alike read
    /// Protocol.md's lines. Nil if the socket could not even be made (out of descriptors).
    func open(for owner: Owner, receiveBuffer: Int32? = nil, reads: Bool = true) -> Int? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return nil }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var remote = Self.address("127.0.0.1", port: port)
        let result = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if result != 0 && errno != EINPROGRESS { Glibc.close(fd); return nil }
        let index: Int
        if let reused = free.popLast() { index = reused } else {
            index = slots.count
            slots.append(Slot())
            polls.append(pollfd(fd: -1, events: 0, revents: 0))
        }
        serials += 1
        slots[index] = Slot(fd: fd, owner: owner, out: Array(machineMode.utf8), connecting: result != 0, reads: reads, serial: serials)
        openCount += 1
        updateEvents(index)
        return index
    }

    private static func address(_ text: String, port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr(text)
        return address
    }

    func send(_ text: String, on slot: Int) { send(Array(text.utf8), on: slot) }

    /// Queues `bytes` and sends what the socket takes now. A send that fails
    /// (the peer reset) is noticed by the next poll, as a hang-up.
    func send(_ bytes: [UInt8], on slot: Int) {
        guard isOpen(slot) else { return }
        slots[slot].out += bytes
        if !slots[slot].connecting { flush(slot) }
    }

    func setWantsWritable(_ slot: Int, _ wants: Bool) {
        guard isOpen(slot) else { return }
        slots[slot].wantsWritable = wants
        updateEvents(slot)
    }

    func queuedBytes(_ slot: Int) -> Int { isOpen(slot) ? slots[slot].out.count - slots[slot].sentOut : 0 }

    /// Hangs up: `reset` sends RST (SO_LINGER 0) instead of FIN.
    func close(_ slot: Int, reset: Bool) {
        guard isOpen(slot) else { return }
        let fd = slots[slot].fd
        if reset {
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        }
        Glibc.close(fd)
        slots[slot] = Slot()
        polls[slot] = pollfd(fd: -1, events: 0, revents: 0)
        free.append(slot)
        openCount -= 1
    }

    /// Waits up to `timeout` seconds; tells `woke` the time it woke (every
    /// event then happened by that time), and hands each event to
    /// `handle(slot, owner, event)`. A slot closed by its owner while its
    /// lines are handed over gets no more of them.
    func poll(timeout: Double, woke: (Double) -> Void, handle: (Int, Owner, Event) -> Void) {
        let milliseconds = Int32(max(0, min(1_000, (timeout * 1_000).rounded(.up))))
        let ready = Glibc.poll(&polls, nfds_t(polls.count), milliseconds)
        woke(now())
        guard ready > 0 else { return }
        for index in polls.indices where polls[index].revents != 0 {
            let revents = Int32(polls[index].revents)
            polls[index].revents = 0
            let fd = slots[index].fd, serial = slots[index].serial
            guard fd >= 0 else { continue }
            if slots[index].connecting {
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
                if error != 0 { hangUp(index, reason: Self.name(error), handle: handle); continue }
                if revents & Int32(POLLOUT) != 0 {
                    slots[index].connecting = false
                    flush(index)
                    updateEvents(index)
                }
            }
            if revents & Int32(POLLOUT) != 0 && !slots[index].connecting {
                if !flush(index) { hangUp(index, reason: Self.name(errno), handle: handle); continue }
                if slots[index].wantsWritable && queuedBytes(index) == 0 { handle(index, slots[index].owner, .writable) }
            }
            guard slots[index].serial == serial else { continue }
            if slots[index].reads && revents & Int32(POLLIN | POLLHUP | POLLERR) != 0 {
                readLines(index, fd: fd, handle: handle)
            } else if !slots[index].reads && revents & Int32(POLLHUP | POLLERR) != 0 {
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
                hangUp(index, reason: error == 0 ? "hang-up" : Self.name(error), handle: handle)
            }
        }
    }

    private func readLines(_ index: Int, fd: Int32, handle: (Int, Owner, Event) -> Void) {
        let owner = slots[index].owner, serial = slots[index].serial
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n < 0 && (errno == EAGAIN || errno == EINTR) { return }
        if n <= 0 { return hangUp(index, reason: n == 0 ? "eof" : Self.name(errno), handle: handle) }
        var lines: [String] = []
        splitLines(&slots[index].pending, adding: chunk[0..<n]) { lines.append($0) }
        for line in lines {
            guard slots[index].serial == serial else { return }  // its owner hung up meanwhile
            handle(index, owner, .line(line))
        }
    }

    private func hangUp(_ index: Int, reason: String, handle: (Int, Owner, Event) -> Void) {
        let owner = slots[index].owner
        close(index, reset: false)
        handle(index, owner, .closed(reason: reason))
    }

    /// Sends what the kernel takes; false if the peer is gone.
    @discardableResult
    private func flush(_ index: Int) -> Bool {
        defer { updateEvents(index) }
        let fd = slots[index].fd
        while slots[index].sentOut < slots[index].out.count {
            let offset = slots[index].sentOut
            let sent = slots[index].out.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 { slots[index].sentOut += sent; continue }
            if sent < 0 && (errno == EAGAIN || errno == EINTR) { break }
            return false
        }
        if slots[index].sentOut == slots[index].out.count {
            slots[index].out.removeAll(keepingCapacity: true)
            slots[index].sentOut = 0
        } else if slots[index].sentOut > 65_536 {
            slots[index].out.removeFirst(slots[index].sentOut)
            slots[index].sentOut = 0
        }
        return true
    }

    private func updateEvents(_ index: Int) {
        let slot = slots[index]
        var events: Int32 = slot.reads ? Int32(POLLIN) : 0
        if slot.connecting || slot.sentOut < slot.out.count || slot.wantsWritable { events |= Int32(POLLOUT) }
        polls[index] = pollfd(fd: slot.fd, events: Int16(events), revents: 0)
    }

    static func name(_ code: Int32) -> String {
        switch code {
        case ECONNRESET: return "reset"
        case EPIPE: return "broken pipe"
        case ECONNREFUSED: return "refused"
        case ETIMEDOUT: return "timed out"
        default: return String(cString: strerror(code))
        }
    }
}
