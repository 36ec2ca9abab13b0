import Foundation
import RedisClient
import RedisWire
import WordGamePOSIX

/// A client of 127.0.0.1:`port` with short limits, so a test that waits fails in seconds, not minutes.
func loopbackClient(port: UInt16, replyTimeoutMilliseconds: Int = 2_000, backoff: ReconnectBackoff = ReconnectBackoff()) -> RedisClient {
    let options = RedisClientOptions(connectTimeoutMilliseconds: 1_000, replyTimeoutMilliseconds: replyTimeoutMilliseconds,
                                     backoff: backoff)
    return RedisClient(url: RedisURL(host: "127.0.0.1", port: port), options: options)
}

/// What a call threw (nil if it returned; a failed cast shows as nil too, and fails the test's comparison).
func redisError<T>(_ body: () throws -> T) -> RedisError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? RedisError
    }
}

/// A listener of the test's own on 127.0.0.1 that accepts (the kernel does, in its backlog) and never answers.
struct SilentListener {
    let socket: FileDescriptor
    let port: UInt16

    init() throws {
        socket = try Socket.listen(address: "127.0.0.1", port: 0, backlog: 16)
        port = try Socket.localPort(socket)
    }

    init(port: UInt16) throws {
        socket = try Socket.listen(address: "127.0.0.1", port: port, backlog: 16)
        self.port = port
    }

    /// Whether someone connected (a connection waits in the backlog).
    var hasCaller: Bool { Poll.waitUntilReadable(socket, milliseconds: 0) }

    /// Accepts the first caller within a few seconds, sends it `bytes` and closes after `holdMilliseconds`, on a thread of its own.
    func answerFirstCaller(with bytes: [UInt8], holdMilliseconds: Int32 = 2_000) {
        let listener = socket
        let thread = Thread {
            guard Poll.waitUntilReadable(listener, milliseconds: 5_000),
                  case .done(let peer)? = try? Socket.accept(listener) else { return }
            try? Socket.sendAll(peer.socket, bytes)
            Poll.sleep(milliseconds: holdMilliseconds)
            peer.socket.close()
        }
        thread.start()
    }

    func close() { socket.close() }
}
