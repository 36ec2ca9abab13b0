import RedisWire
import WordGamePOSIX

/// A client of one Redis, for one thread: every call blocks until its replies
/// come, the reply timeout passes or the connection fails, so it is made to
/// run off the game's event loop, on a thread or serial queue its owner
/// keeps for it. Blocking was chosen over a step API driven by the loop's
/// poll because the directory's traffic is a few small commands now and
/// then: a thread that may wait costs nothing, keeps this client a plain
/// sequence of calls, and no Redis delay can ever reach the loop.
///
/// The connection is made on the first call and made again on the call after
/// a failure, with the backoff of `ReconnectBackoff`. A call is never sent
/// twice: a command whose replies did not come may or may not have run.
///
/// Behind Sentinel (`redis-sentinel://`), each new connection is made to the
/// master the sentinels name now (`SentinelLookup`), checked with `ROLE`.
/// A failover is followed the same way: the old master's connection breaks
/// or times out, or it answers `-READONLY`/`-MASTERDOWN` (the call throws
/// `.noMaster` and the connection is closed), and the next call asks the
/// sentinels again.
public final class RedisClient {
    public let url: RedisURL
    public let options: RedisClientOptions
    public let limits: RedisWireLimits
    private var connection: RedisConnection?
    private var failures = 0
    private var lastFailure = RedisError.refused
    private var lastFailureTime = 0.0
    /// Where each new connection goes: the URL's Redis, or the master the sentinels name then.
    private let route: Route

    private enum Route {
        case direct(RedisAddress)
        case sentinels(SentinelLookup)
    }

    public init(url: RedisURL, options: RedisClientOptions = RedisClientOptions(), limits: RedisWireLimits = .default) {
        self.url = url
        self.options = options
        self.limits = limits
        switch url.servers {
        case .direct(let address): route = .direct(address)
        case .sentinels(let addresses, let masterName):
            route = .sentinels(SentinelLookup(sentinels: addresses, masterName: masterName, options: options, limits: limits))
        }
    }

    deinit { connection?.close() }

    /// Whether a connection is open now (it may still turn out to be broken).
    public var isConnected: Bool { connection != nil }

    /// Sends the commands at once and returns their replies in order; an
    /// `-ERR` reply is a `.error` value among them, not a thrown error. The
    /// whole call gets `replyTimeoutMilliseconds`.
    public func pipeline(_ commands: [RedisCommand]) throws(RedisError) -> [RedisValue] {
        guard !commands.isEmpty else { return [] }
        let connection = try connected()
        let deadline = MonotonicClock.seconds() + Double(options.replyTimeoutMilliseconds) / 1_000
        do throws(RedisError) {
            let replies = try connection.exchange(RedisCommand.pipeline(commands), replies: commands.count, deadline: deadline)
            if case .sentinels = route, let sign = replies.lazy.compactMap(Self.failoverSign).first {
                throw RedisError.noMaster("the master answered \(sign)")
            }
            failures = 0
            return replies
        } catch {
            drop(after: error)
            throw error
        }
    }

    /// One command's reply; an error reply is thrown as `.server`.
    public func send(_ command: RedisCommand) throws(RedisError) -> RedisValue {
        let reply = try pipeline([command])[0]
        if case .error(let message) = reply { throw .server(message) }
        return reply
    }

    /// Closes the connection; the next call opens a new one.
    public func close() {
        connection?.close()
        connection = nil
    }

    /// The open connection, or a new one if the backoff allows it.
    private func connected() throws(RedisError) -> RedisConnection {
        if let connection {
            if !connection.isStale { return connection }
            self.close()
        }
        let waited = (MonotonicClock.seconds() - lastFailureTime) * 1_000
        if Double(options.backoff.delayMilliseconds(afterFailures: failures)) > waited { throw lastFailure }
        do throws(RedisError) {
            let place: RedisAddress
            switch route {
            case .direct(let address): place = address
            case .sentinels(let sentinels): place = try sentinels.master()
            }
            let opened = try RedisConnection.open(place, timeoutMilliseconds: options.connectTimeoutMilliseconds, limits: limits)
            connection = opened
            try logIn(opened, at: place)
            return opened
        } catch {
            drop(after: error)
            throw error
        }
    }

    /// `AUTH` and `SELECT` as the URL and the options ask, pipelined, before
    /// any other command on a new connection (a reconnect logs in again);
    /// behind Sentinel, `ROLE` after them: the sentinels may name a master
    /// that a failover has just demoted.
    private func logIn(_ connection: RedisConnection, at place: RedisAddress) throws(RedisError) {
        var commands: [(name: String, command: RedisCommand)] = []
        if let password = options.password {
            commands.append(("AUTH", RedisCommand(["AUTH"] + (url.user.map { [$0] } ?? []) + [password.text])))
        }
        if url.database != 0 { commands.append(("SELECT \(url.database)", RedisCommand(["SELECT", "\(url.database)"]))) }
        if case .sentinels = route { commands.append(("ROLE", RedisCommand(["ROLE"]))) }
        guard !commands.isEmpty else { return }
        let deadline = MonotonicClock.seconds() + Double(options.replyTimeoutMilliseconds) / 1_000
        let replies = try connection.exchange(RedisCommand.pipeline(commands.map(\.command)), replies: commands.count, deadline: deadline)
        for (sent, reply) in zip(commands, replies) {
            if case .error(let message) = reply { throw .loginRefused(sent.name == "AUTH" ? message : "\(sent.name): \(message)") }
        }
        if case .sentinels(let sentinels) = route, let role = replies.last, !SentinelReplies.isMaster(role) {
            throw .noMaster("\(place), named by the sentinels as \(sentinels.masterName), is no master "
                            + "(ROLE: \(SentinelReplies.role(role)))")
        }
    }

    /// A reply that says the connected Redis is no master any more (behind Sentinel).
    private static func failoverSign(_ reply: RedisValue) -> String? {
        guard case .error(let message) = reply, SentinelReplies.isFailoverSign(message) else { return nil }
        return message
    }

    private func drop(after error: RedisError) {
        self.close()
        failures += 1
        lastFailure = error
        lastFailureTime = MonotonicClock.seconds()
    }
}
