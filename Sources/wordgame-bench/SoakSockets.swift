import WordGamePOSIX

// Every soak socket in one poll() set: non-blocking connects to 127.0.0.1,
// buffered writes, lines split as they come, and two ways to hang up (a
// plain close, or SO_LINGER 0: a reset). One thread drives it all.

final class SoakSockets {
    enum Owner: Equatable { case none, bot(Int), hostile(Int) }

    struct Slot {
        var fd: FileDescriptor?
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
    private var polls: [PollEntry] = []
    private var free: [Int] = []
    private var chunk = [UInt8](repeating: 0, count: 65_536)
    private(set) var openCount = 0
    private var serials = 0

    init(port: UInt16) { self.port = port }

    func owner(of slot: Int) -> Owner { slots[slot].owner }
    func isOpen(_ slot: Int) -> Bool { slot < slots.count && slots[slot].fd != nil }

    /// A non-blocking connect to 127.0.0.1:port, whose first line (sent once
    /// connected) is `MODE MACHINE`: bots and hostile peers alike read
    /// Protocol.md's lines. Throws if the socket could not even be made (out of
    /// descriptors) or the connect failed at once. A receive buffer is set
    /// before the connect, so that it bounds the window the connection offers too.
    func open(for owner: Owner, receiveBuffer: Int32? = nil, reads: Bool = true) throws(Errno) -> Int {
        let remote = SocketAddress.loopback(port: port)
        let fd: FileDescriptor
        if let receiveBuffer { fd = try remote.startConnect(receiveBufferBytes: receiveBuffer) } else { fd = try remote.startConnect() }
        let index: Int
        if let reused = free.popLast() { index = reused } else {
            index = slots.count
            slots.append(Slot())
            polls.append(.none)
        }
        serials += 1
        // Connecting until poll says the socket is writable, even if the connect was done at once.
        slots[index] = Slot(fd: fd, owner: owner, out: Array(machineMode.utf8), connecting: true, reads: reads, serial: serials)
        openCount += 1
        updateEvents(index)
        return index
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
        guard isOpen(slot), let fd = slots[slot].fd else { return }
        if reset { Socket.resetOnClose(fd) }
        fd.close()
        slots[slot] = Slot()
        polls[slot] = .none
        free.append(slot)
        openCount -= 1
    }

    /// Waits up to `timeout` seconds; tells `woke` the time it woke (every
    /// event then happened by that time), and hands each event to
    /// `handle(slot, owner, event)`. A slot closed by its owner while its
    /// lines are handed over gets no more of them.
    func poll(timeout: Double, woke: (Double) -> Void, handle: (Int, Owner, Event) -> Void) {
        let milliseconds = Int32(max(0, min(1_000, (timeout * 1_000).rounded(.up))))
        Poll.wait(&polls, milliseconds: milliseconds)
        woke(now())
        // Each wait sets every entry's events afresh; an entry a handler below
        // closes or opens again is a new one, with none, until the next wait.
        for index in polls.indices where polls[index].isReady {
            let entry = polls[index]
            guard let fd = slots[index].fd else { continue }
            let serial = slots[index].serial
            if slots[index].connecting {
                // SO_ERROR: how the connect went (0 while it is still on its way).
                let error = SocketAddress.connectError(fd)
                if error != 0 { hangUp(index, reason: Self.name(error), handle: handle); continue }
                if entry.isWritable {
                    slots[index].connecting = false
                    flush(index)
                    updateEvents(index)
                }
            }
            if entry.isWritable && !slots[index].connecting {
                if let error = flush(index) { hangUp(index, reason: Self.name(error.code), handle: handle); continue }
                if slots[index].wantsWritable && queuedBytes(index) == 0 { handle(index, slots[index].owner, .writable) }
            }
            guard slots[index].serial == serial else { continue }
            if slots[index].reads && (entry.isReadable || entry.hasFailed) {
                readLines(index, fd: fd, handle: handle)
            } else if !slots[index].reads && entry.hasFailed {
                let error = SocketAddress.connectError(fd)  // SO_ERROR, the socket's pending error
                hangUp(index, reason: error == 0 ? "hang-up" : Self.name(error), handle: handle)
            }
        }
    }

    private func readLines(_ index: Int, fd: FileDescriptor, handle: (Int, Owner, Event) -> Void) {
        let owner = slots[index].owner, serial = slots[index].serial
        let received = chunk.withUnsafeMutableBytes { buffer in Result { () throws(Errno) in try Socket.receive(fd, into: buffer) } }
        let n: Int
        switch received {
        case .success(.wouldBlock): return
        case .success(.done(let count)): n = count
        case .failure(let error): return hangUp(index, reason: Self.name(error.code), handle: handle)
        }
        if n == 0 { return hangUp(index, reason: "eof", handle: handle) }
        var lines: [String] = []
        splitLines(&slots[index].pending, adding: chunk[0..<n]) { lines.append($0) }
        for line in lines {
            guard slots[index].serial == serial else { return }  // its owner hung up meanwhile
            handle(index, owner, .line(line))
        }
    }

    private func hangUp(_ index: Int, reason: String, handle: (Int, Owner, Event) -> Void) {
        let owner = slots[index].owner
        self.close(index, reset: false)
        handle(index, owner, .closed(reason: reason))
    }

    /// Sends what the kernel takes; the error if the peer is gone.
    @discardableResult
    private func flush(_ index: Int) -> Errno? {
        defer { updateEvents(index) }
        guard let fd = slots[index].fd else { return nil }
        sending: while slots[index].sentOut < slots[index].out.count {
            let offset = slots[index].sentOut
            let sent = slots[index].out.withUnsafeBytes { raw in
                Result { () throws(Errno) in try Socket.send(fd, UnsafeRawBufferPointer(rebasing: raw[offset...])) }
            }
            switch sent {
            case .success(.done(let count)) where count > 0: slots[index].sentOut += count
            case .success: break sending  // the socket is full: the rest waits for POLLOUT
            case .failure(let error): return error
            }
        }
        if slots[index].sentOut == slots[index].out.count {
            slots[index].out.removeAll(keepingCapacity: true)
            slots[index].sentOut = 0
        } else if slots[index].sentOut > 65_536 {
            slots[index].out.removeFirst(slots[index].sentOut)
            slots[index].sentOut = 0
        }
        return nil
    }

    private func updateEvents(_ index: Int) {
        let slot = slots[index]
        let output = slot.connecting || slot.sentOut < slot.out.count || slot.wantsWritable
        polls[index] = PollEntry(slot.fd, input: slot.reads, output: output)
    }

    static func name(_ code: Int32) -> String {
        switch code {
        case Errno.connectionReset: return "reset"
        case Errno.brokenPipe: return "broken pipe"
        case Errno.connectionRefused: return "refused"
        case Errno.timedOut: return "timed out"
        default: return Errno.text(code)
        }
    }
}
