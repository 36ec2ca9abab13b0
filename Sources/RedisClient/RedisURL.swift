/// Where Redis is, and as whom: `redis://[USER@]HOST:PORT[/DB]`, or through
/// Redis Sentinel, `redis-sentinel://[USER@]HOST:PORT[,HOST:PORT…]/MASTER[/DB]`
/// (`RedisSentinelURL.swift`), and nothing else.
///
/// HOST:PORT is a `RedisAddress`. USER is an ACL user's name (`AUTH USER
/// PASSWORD` once connected); DB is the database number (`SELECT DB`), 0 when
/// not given. Never a password: a URL is given on the command line, where
/// anyone on the machine reads it with `ps`, so the password comes from a file
/// or the environment (`RedisPassword`). No query or TLS (`rediss://`)
/// either: a URL that asks for more than this client does is refused rather
/// than half-honoured.
public struct RedisURL: Equatable, Sendable, CustomStringConvertible {
    /// Redis itself, or the sentinels that name its master.
    public enum Servers: Equatable, Sendable {
        case direct(RedisAddress)
        /// The sentinels, in the order they are asked first, and the name they know the master by.
        case sentinels([RedisAddress], masterName: String)
    }

    public var servers: Servers
    /// The ACL user to log in as; nil: `AUTH PASSWORD` alone (the `default` user, `requirepass`).
    public var user: String?
    /// The database's number (`SELECT`), 0 to `maxDatabase`.
    public var database: Int

    /// Redis's own default is 16 databases; a server configured with more may be given up to this.
    public static let maxDatabase = 65_535

    public init(host: String, port: UInt16, user: String? = nil, database: Int = 0) {
        self.init(servers: .direct(RedisAddress(host: host, port: port)), user: user, database: database)
    }

    public init(servers: Servers, user: String? = nil, database: Int = 0) {
        self.servers = servers
        self.user = user
        self.database = database
    }

    /// Why a text is not a URL this client takes; never quotes a password the text may hold.
    public enum ParseError: Error, Equatable, Sendable {
        /// `USER:PASSWORD@`: the password would show in `ps`.
        case passwordInURL
        /// Anything else the `redis://` format does not allow.
        case malformed
        /// What a `redis-sentinel://` URL got wrong, in words that quote none of it (a password typed in the
        /// wrong place must not show).
        case sentinel(String)
    }

    /// Nil unless `text` is exactly one of the formats above.
    public init?(_ text: String) {
        guard case .success(let url) = Self.parse(text) else { return nil }
        self = url
    }

    /// The URL in `text`, or why it is not one.
    public static func parse(_ text: String) -> Result<RedisURL, ParseError> {
        if text.hasPrefix(sentinelScheme) { return parseSentinel(text.dropFirst(sentinelScheme.count)) }
        let scheme = "redis://"
        guard text.hasPrefix(scheme) else { return .failure(.malformed) }
        let user: String?, rest: Substring
        switch splitUser(text.dropFirst(scheme.count)) {
        case .success(let split): (user, rest) = split
        case .failure(let error): return .failure(error)
        }
        var place = rest, database = 0
        if let slash = rest.firstIndex(of: "/") {
            guard let number = databaseNumber(rest[rest.index(after: slash)...]) else { return .failure(.malformed) }
            database = number
            place = rest[..<slash]
        }
        guard let address = RedisAddress(place) else { return .failure(.malformed) }
        return .success(RedisURL(servers: .direct(address), user: user, database: database))
    }

    /// `USER@` taken off the front, if there: the user, and the rest.
    static func splitUser(_ rest: Substring) -> Result<(String?, Substring), ParseError> {
        guard let at = rest.firstIndex(of: "@") else { return .success((nil, rest)) }
        let userPart = rest[..<at]
        if userPart.contains(":") { return .failure(.passwordInURL) }
        guard isUserName(userPart) else { return .failure(.malformed) }
        return .success((String(userPart), rest[rest.index(after: at)...]))
    }

    /// 0 to `maxDatabase` in plain digits.
    static func databaseNumber(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 5, text.allSatisfy({ $0.isASCII && $0.isNumber }),
              let value = Int(text), value <= maxDatabase else { return nil }
        return value
    }

    /// An ACL user's name as a URL can carry it plainly: 1 to 64 letters, digits, '-', '_' or '.'.
    public static func isUserName(_ name: Substring) -> Bool {
        !name.isEmpty && name.count <= 64 && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
    }

    public var description: String {
        let user = self.user.map { $0 + "@" } ?? "", database = self.database == 0 ? "" : "/\(self.database)"
        switch servers {
        case .direct(let address):
            return "redis://\(user)\(address)\(database)"
        case .sentinels(let sentinels, let masterName):
            return "\(Self.sentinelScheme)\(user)\(sentinels.map(\.description).joined(separator: ","))/\(masterName)\(database)"
        }
    }
}
