/// What one connection, or one address, may cost the server (Protocol.md §8).
/// Defaults are chosen for a classroom; the comments say whose we compared.
public struct ConnectionLimits: Sendable, Equatable {
    /// Connections beyond this are told the server is full and closed. Lowered
    /// at start to fit the descriptor limit (`ulimit -n`), as Redis does with `maxclients`.
    public var maxConnections = 10_000
    /// Connections from one address beyond this are refused. A school behind
    /// one NAT address has a few hundred players at most; IRC servers allow
    /// 3 to 10 (they have no classrooms), Redis and memcached have no cap.
    public var maxPerAddress = 500
    /// A connection that has not entered a room (JOIN, HOST, WATCH or
    /// RESUME) this long after connecting is closed: ngIRCd and solanum give
    /// unregistered connections about a minute too.
    public var registrationMilliseconds = 60_000
    /// A connection that sends no line for this long is closed (a drop: a
    /// member's seat is held). wordgame-client sends PING every minute.
    /// Redis has no default idle limit; a game needs one, or a frozen client holds its name forever.
    public var idleMilliseconds = 15 * 60_000
    /// Lines one connection may have executed in one turn of the loop, so
    /// that no client delays the others by more than about a millisecond.
    public var linesPerTurn = 16
    /// Lines executed at once after a quiet spell, then one every
    /// `lineIntervalMilliseconds` (20 a second). Lines beyond wait in the
    /// client's socket (never dropped): the pacing IRC servers call fake lag.
    public var burstLines = 40
    public var lineIntervalMilliseconds = 50
    /// A line that keeps going past this many bytes without a line end
    /// closes the connection (Redis closes at 64 KiB of inline request too).
    public var maxDiscardedBytes = 64 * 1024
    /// A connection's lines wait while this much output is queued for it,
    /// so a client that reads everything is never dropped for pipelining
    /// (the output cap is 4 times this).
    public var pauseInputAboveQueuedBytes = 64 * 1024
    /// Wrong RESUME codes per address: 10, then one every 6 s. Past them, a
    /// wrong code is `slow-down` and holds its connection's next line back
    /// 6 s; a right code still works.
    public var resumeGuesses = 10
    public var resumeGuessIntervalMilliseconds = 6_000
    /// Addresses remembered for wrong codes; when all are in use, a wrong
    /// code from a new address is treated as past its allowance.
    public var resumeGuessAddresses = 10_000

    /// An HTTP request on the web port must come whole within this (slowloris):
    /// a browser sends its request at once; nginx gives 60 s (`client_header_timeout`).
    public var webRequestMilliseconds = 10_000
    /// A WebSocket nothing came from for this long is pinged: it keeps a
    /// school's proxy from closing an idle connection, as many do after a minute.
    public var webSocketPingMilliseconds = 30_000
    /// A connection to the web port turned away by either cap above is held
    /// this long for its request, so that a WebSocket is refused in the
    /// protocol's words, not by an HTTP error a browser's page never sees
    /// (`WebRefusals`). A browser sends its request as soon as it connects.
    public var webRefusalMilliseconds = 2_000
    /// Refused web connections held at once; one more, or one that would
    /// take a descriptor of the reserve below, gets the `503` at once, so
    /// that a flood of them costs at most this many descriptors and requests.
    public var webRefusalsHeld = 64

    public init() {}

    /// Descriptors the server needs besides connections: the listener,
    /// epoll, the wake pipe, the reserved descriptor, results files, stdio.
    public static let reservedDescriptors = 32
}
