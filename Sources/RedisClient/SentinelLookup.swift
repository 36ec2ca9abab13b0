import RedisWire
import WordGamePOSIX

/// Which Redis is the master now, asked of the sentinels as Redis's
/// "Sentinel client spec" says: each in turn, on a connection of its own
/// (closed after), until one names it; the first that answers is asked
/// first next time. For the one thread that owns the client.
final class SentinelLookup {
    let masterName: String
    /// The sentinels, the last one that answered first.
    private(set) var sentinels: [RedisAddress]
    private let options: RedisClientOptions
    private let limits: RedisWireLimits

    init(sentinels: [RedisAddress], masterName: String, options: RedisClientOptions, limits: RedisWireLimits) {
        self.sentinels = sentinels
        self.masterName = masterName
        self.options = options
        self.limits = limits
    }

    /// The master's address as the first sentinel that knows it says. Throws `.sentinelRefused` if a
    /// sentinel refused the login and none named a master, else `.noMaster` saying why.
    func master() throws(RedisError) -> RedisAddress {
        var refusal: String?, unknown = false, failure = RedisError.refused
        for sentinel in sentinels {
            do throws(RedisError) {
                switch try ask(sentinel) {
                case .success(let address?):
                    sentinels.removeAll { $0 == sentinel }
                    sentinels.insert(sentinel, at: 0)
                    return address
                case .success(nil): unknown = true
                case .failure(.sentinelRefused(let message)): refusal = message
                case .failure(let error): failure = error
                }
            } catch {
                failure = error
            }
        }
        if let refusal { throw .sentinelRefused(refusal) }
        if unknown { throw .noMaster("the sentinels know no master named \(masterName)") }
        throw .noMaster("no sentinel answered (last: \(failure))")
    }

    /// One sentinel's answer: `AUTH` first when there is a sentinel password, then the question. Thrown:
    /// the connection's failures; returned as a failure: the sentinel's refusals and broken answers.
    private func ask(_ sentinel: RedisAddress) throws(RedisError) -> Result<RedisAddress?, RedisError> {
        let connection = try RedisConnection.open(sentinel, timeoutMilliseconds: options.connectTimeoutMilliseconds, limits: limits)
        defer { connection.close() }
        var commands: [RedisCommand] = []
        if let password = options.sentinelPassword { commands.append(RedisCommand(["AUTH", password.text])) }
        commands.append(RedisCommand(["SENTINEL", "get-master-addr-by-name", masterName]))
        let deadline = MonotonicClock.seconds() + Double(options.replyTimeoutMilliseconds) / 1_000
        let replies = try connection.exchange(RedisCommand.pipeline(commands), replies: commands.count, deadline: deadline)
        guard case .error(let message) = replies[replies.count - 1] else { return SentinelReplies.master(replies[replies.count - 1]) }
        guard SentinelReplies.isRefusal(message) else { return .failure(.server(message)) }
        // AUTH's own refusal (a wrong password) says more than the question's NOAUTH.
        if case .error(let authMessage) = replies[0], commands.count == 2 {
            return .failure(.sentinelRefused("\(sentinel): \(authMessage)"))
        }
        return .failure(.sentinelRefused("\(sentinel): \(message)"))
    }
}
