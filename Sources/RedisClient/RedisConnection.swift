import RedisWire
import WordGamePOSIX

/// One open TCP connection to Redis and the decoder of its replies. Blocking
/// calls with deadlines (the socket itself is non-blocking, waited on with
/// poll), for the one thread that owns the client.
final class RedisConnection {
    private let socket: FileDescriptor
    private var decoder: RedisReplyDecoder
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    private init(socket: FileDescriptor, limits: RedisWireLimits) {
        self.socket = socket
        decoder = RedisReplyDecoder(limits: limits)
    }

    /// Connects to the first of the host's addresses that answers, each within `timeoutMilliseconds`.
    static func open(_ place: RedisAddress, timeoutMilliseconds: Int, limits: RedisWireLimits) throws(RedisError) -> RedisConnection {
        let addresses: [SocketAddress]
        do { addresses = try SocketAddress.resolve(host: place.host, port: place.port) } catch { throw .refused }
        var failure = RedisError.refused
        for address in addresses {
            do throws(Errno) {
                let socket = try address.connect(timeoutMilliseconds: Int32(clamping: timeoutMilliseconds))
                Socket.setNoDelay(socket)
                return RedisConnection(socket: socket, limits: limits)
            } catch {
                failure = error.code == Errno.timedOut ? .timeout : .refused
            }
        }
        throw failure
    }

    /// True when the connection cannot carry a command: Redis closed it (or
    /// reset it) since the last reply, or sent something nobody asked for.
    /// Checked before sending, so a command is never sent into a dead socket
    /// when a fresh one could have carried it.
    var isStale: Bool {
        decoder.bufferedBytes > 0 || Poll.waitUntilReadable(socket, milliseconds: 0)
    }

    /// Sends `request` and reads `count` replies, all before `deadline`
    /// (seconds on the monotonic clock). Sending and reading overlap, so a
    /// long pipeline never waits on its own replies filling the socket.
    func exchange(_ request: [UInt8], replies count: Int, deadline: Double) throws(RedisError) -> [RedisValue] {
        var sent = 0
        var replies: [RedisValue] = []
        replies.reserveCapacity(count)
        while true {
            do throws(RedisProtocolError) {
                while replies.count < count, let value = try decoder.next() { replies.append(value) }
            } catch {
                throw .protocol(error.reason)
            }
            if replies.count == count { return replies }
            let left = deadline - MonotonicClock.seconds()
            guard left > 0 else { throw .timeout }
            var entries = [PollEntry(socket, input: true, output: sent < request.count)]
            Poll.wait(&entries, milliseconds: Int32(clamping: Int((left * 1_000).rounded(.up))))
            if entries[0].isWritable && sent < request.count { sent += try self.send(request, from: sent) }
            if entries[0].isReadable || entries[0].hasFailed {
                guard try receive() || !entries[0].hasFailed else { throw .disconnected }
            }
        }
    }

    /// What the kernel takes now of `request` from `offset`.
    private func send(_ request: [UInt8], from offset: Int) throws(RedisError) -> Int {
        let result = request[offset...].withUnsafeBytes { raw in Result { () throws(Errno) in try Socket.send(socket, raw) } }
        switch result {
        case .success(.done(let count)): return count
        case .success(.wouldBlock): return 0
        case .failure: throw .disconnected
        }
    }

    /// Reads what is there into the decoder; false if nothing was (a spurious wake-up).
    private func receive() throws(RedisError) -> Bool {
        let result = chunk.withUnsafeMutableBytes { raw in Result { () throws(Errno) in try Socket.receive(socket, into: raw) } }
        switch result {
        case .success(.done(0)), .failure: throw .disconnected
        case .success(.done(let count)):
            decoder.append(chunk[0..<count])
            return true
        case .success(.wouldBlock): return false
        }
    }

    func close() {
        socket.close()
    }
}
