import RedisClient
import WordGameFleet

/// How a server joins a fleet (`--directory redis://[USER@]HOST:PORT[/DB]`, or
/// `redis-sentinel://…` for a Redis behind Sentinel): where the directory is
/// and who logs in to it (the user and database in the URL, the passwords in
/// `client`), the server's name in it, and the address other servers send
/// players to.
public struct FleetConfiguration: Sendable {
    public var directory: RedisURL
    /// Unique in the fleet (`FleetKeys.isServerID`).
    public var serverID: String
    /// The id was made up at start (no `--server-id`): a lesson kept from before the restart brings its own
    /// id back instead, so that the rooms claimed under it are this server's again.
    public var serverIDIsMadeUp: Bool
    /// How players of other servers reach this one: a name or an address. The
    /// game's and the web port's numbers are the server's own, known once it listens.
    public var advertisedHost: String
    public var timings: FleetTimings
    /// The client's limits, and the password it logs in with (`FleetLogin`).
    public var client: RedisClientOptions

    /// A Redis that is back is tried again within a second: a longer backoff would
    /// keep telling students the directory is down after it has returned.
    public static let clientOptions = RedisClientOptions(backoff: ReconnectBackoff(initialMilliseconds: 100, maxMilliseconds: 1_000))

    public init(directory: RedisURL, serverID: String, serverIDIsMadeUp: Bool = false, advertisedHost: String,
                timings: FleetTimings = FleetTimings(),
                client: RedisClientOptions = FleetConfiguration.clientOptions) {
        self.directory = directory
        self.serverID = serverID
        self.serverIDIsMadeUp = serverIDIsMadeUp
        self.advertisedHost = advertisedHost
        self.timings = timings
        self.client = client
    }
}
