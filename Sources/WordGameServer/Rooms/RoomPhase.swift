import WordGame

/// Where a room is: in its lobby, counting down to a game, or playing one.
/// One at a time, so a game's state exists only while it plays and a
/// countdown's only while it counts.
enum RoomPhase {
    case lobby
    case countdown(Countdown)
    case playing(GameSession)
}

/// The game starts at `ends`: the start delay of a host's START (`byHost`),
/// or the count a room with auto-start begins once enough are ready.
/// `first`: the English words it deals first (`START MISSED`), if any.
struct Countdown {
    let ends: Instant
    let byHost: Bool
    var first: [String] = []
}
