/// The URL of a Redis behind Sentinel: `redis-sentinel://[USER@]HOST:PORT[,HOST:PORT…]/MASTER[/DB]`.
///
/// The addresses are the sentinels' (one to `maxSentinels`, none twice),
/// asked in turn which Redis is the master named MASTER (as in the sentinels'
/// `sentinel monitor MASTER …` line: 1 to 64 letters, digits, '-', '_' or
/// '.'). USER, DB and the password are the data Redis's, as in `redis://`;
/// sentinels that want a password of their own get the client's
/// `sentinelPassword`.
extension RedisURL {
    static let sentinelScheme = "redis-sentinel://"

    /// More would only lengthen the worst wait (each sentinel tried in turn, each up to the client's
    /// connect and reply timeouts); a Sentinel deployment has three or five.
    public static let maxSentinels = 9

    public init(sentinels: [RedisAddress], masterName: String, user: String? = nil, database: Int = 0) {
        self.init(servers: .sentinels(sentinels, masterName: masterName), user: user, database: database)
    }

    /// `rest`: the text after the scheme.
    static func parseSentinel(_ text: Substring) -> Result<RedisURL, ParseError> {
        let user: String?, rest: Substring
        switch splitUser(text) {
        case .success(let split): (user, rest) = split
        case .failure(.passwordInURL): return .failure(.passwordInURL)
        case .failure: return .failure(.sentinel("the user before '@' must be 1 to 64 letters, digits, '-', '_' or '.'"))
        }
        guard let slash = rest.firstIndex(of: "/") else {
            return .failure(.sentinel("the master's name is missing: /MASTER follows the sentinels"))
        }
        let path = rest[rest.index(after: slash)...].split(separator: "/", omittingEmptySubsequences: false)
        guard path.count <= 2 else { return .failure(.sentinel("only /MASTER and /DB may follow the sentinels")) }
        guard isUserName(path[0]) else {
            return .failure(.sentinel("the master's name must be 1 to 64 letters, digits, '-', '_' or '.'"))
        }
        var database = 0
        if path.count == 2 {
            guard let number = databaseNumber(path[1]) else {
                return .failure(.sentinel("the database must be a number from 0 to \(maxDatabase)"))
            }
            database = number
        }
        switch sentinelAddresses(rest[..<slash]) {
        case .success(let sentinels):
            return .success(RedisURL(sentinels: sentinels, masterName: String(path[0]), user: user, database: database))
        case .failure(let error):
            return .failure(error)
        }
    }

    /// HOST:PORT[,HOST:PORT…], each checked, counted and none twice.
    private static func sentinelAddresses(_ text: Substring) -> Result<[RedisAddress], ParseError> {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= maxSentinels else { return .failure(.sentinel("at most \(maxSentinels) sentinels may be given")) }
        var sentinels: [RedisAddress] = []
        for (index, part) in parts.enumerated() {
            guard let address = RedisAddress(part) else {
                return .failure(.sentinel("sentinel \(index + 1) is not HOST:PORT (PORT 1 to 65535; an IPv6 address in brackets)"))
            }
            guard !sentinels.contains(address) else { return .failure(.sentinel("sentinel \(index + 1) is given twice")) }
            sentinels.append(address)
        }
        return .success(sentinels)
    }
}
