// What the bots of one room saw together: which game is which, and every
// pair's truth. A bot coming back after a drop missed part of its game; its
// room-mates, still connected, saw it, and the resume check (SoakResume.swift)
// reads it here.
//
// The server names no game on the wire, so games are told apart by time: all
// members get a game's GAME line (and GAMEOVER) in one turn of the server's
// loop, and two games of a room are seconds apart (a game is 10 pairs of at
// least a few hundred ms, and AGAIN comes after GAMEOVER), so GAME lines read
// within `sameEventSeconds` of each other are one game.

final class SoakRoom {
    static let sameEventSeconds = 3.0

    let name: String
    /// Games started, as counted from their GAME lines; the latest one's number.
    private(set) var games = 0
    private var lastGameAt = -Double.infinity
    /// Games ended, counted from GAMEOVER lines.
    private(set) var gamesOver = 0
    private var lastGameOverAt = -Double.infinity

    struct Reveal {
        var game: Int
        var truthCorrect: Bool
        var at: Double
    }

    /// Reveals by "n|english|spanish"; a key can come back in a later game,
    /// so each lookup says when it wants it.
    private var reveals: [String: [Reveal]] = [:]

    init(name: String) { self.name = name }

    /// A member read a GAME line live (not in a resume block): the game's number.
    func noteGame(at time: Double) -> Int {
        if time - lastGameAt > Self.sameEventSeconds { games += 1 }
        lastGameAt = max(lastGameAt, time)
        return games
    }

    func noteGameOver(at time: Double) {
        if time - lastGameOverAt > Self.sameEventSeconds { gamesOver += 1 }
        lastGameOverAt = max(lastGameOverAt, time)
    }

    static func key(_ number: Int, _ english: String, _ spanish: String) -> String { "\(number)|\(english)|\(spanish)" }

    func noteReveal(_ key: String, game: Int, truthCorrect: Bool, at time: Double) {
        if let last = reveals[key]?.last, abs(last.at - time) < Self.sameEventSeconds { return }
        reveals[key, default: []].append(Reveal(game: game, truthCorrect: truthCorrect, at: time))
    }

    /// The reveal of `key` read between `from` and `to`, by a member who knew its game.
    func reveal(_ key: String, from: Double, to: Double) -> Reveal? {
        reveals[key]?.last { $0.at >= from && $0.at <= to }
    }

    /// Forgets reveals older than `time` (a minute is plenty for any check).
    func prune(before time: Double) {
        reveals = reveals.compactMapValues { list in
            let kept = list.filter { $0.at >= time }
            return kept.isEmpty ? nil : kept
        }
    }
}
