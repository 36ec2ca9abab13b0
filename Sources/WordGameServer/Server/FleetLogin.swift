import RedisClient
import RedisWire

/// Whether the fleet's Redis takes this server's login, asked once at start:
/// a wrong password or user is a mistake of the operator's to say at once,
/// where a Redis that is down is not (the server starts and waits for it, as
/// it does for a Redis that goes down later).
extension FleetConfiguration {
    /// Where the password is read from when no `--directory-password-file` is given.
    public static let passwordVariable = "WORDGAME_DIRECTORY_PASSWORD"
    /// Where the sentinels' password is read from when no `--sentinel-password-file` is given.
    public static let sentinelPasswordVariable = "WORDGAME_SENTINEL_PASSWORD"

    /// A sentence naming the problem when Redis answers and refuses the login
    /// (or asks for a password none was given for); nil when it takes it, or
    /// cannot be reached. Blocks up to the client's connect and reply timeouts.
    public func loginProblem() -> String? {
        let client = RedisClient(url: directory, options: client)
        defer { client.close() }
        do throws(RedisError) {
            _ = try client.send(RedisCommand(["PING"]))
            return nil
        } catch {
            if case .sentinelRefused(let message) = error {
                return "the sentinels of the fleet's directory \(directory) refused this server (\(message)): put their password "
                    + "(requirepass) in a file given with --sentinel-password-file, or in \(Self.sentinelPasswordVariable)"
            }
            if case .loginRefused(let message) = error, message.hasPrefix("ROLE: ") {
                return "the fleet's directory \(directory) does not let this server's user ask ROLE (\(message)), which a server "
                    + "behind Sentinel asks each master: give the user +role in Redis's ACL"
            }
            guard let refusal = Self.loginRefusal(error) else { return nil }
            if case .server(let message) = error, message.hasPrefix("NOAUTH") {
                return "the fleet's directory \(directory) asks for a password (\(message)): put it in a file given with "
                    + "--directory-password-file, or in \(Self.passwordVariable)"
            }
            return "the fleet's directory \(directory) refused this server's login (\(refusal)): check the user in "
                + "--directory and the password (--directory-password-file, or \(Self.passwordVariable))"
        }
    }

    /// Redis's reason when `error` is a refused login (`AUTH` or `SELECT`), or a
    /// command refused for want of one (`NOAUTH`) or of a right (`NOPERM`); nil otherwise.
    public static func loginRefusal(_ error: RedisError) -> String? {
        switch error {
        case .loginRefused(let message): message
        case .server(let message) where message.hasPrefix("NOAUTH") || message.hasPrefix("NOPERM"): message
        default: nil
        }
    }
}
