import WordGame

/// What people and the console are told when a server restarts and takes its lesson up again.
extension Room {
    static func everyoneBack(pair: Int, seconds: Int) -> String {
        "Everyone is back: pair \(pair) comes again in \(seconds) s."
    }

    /// Whoever comes back during the wait after a restart.
    static func waitingAfterRestart(pair: Int, seconds: Int) -> String {
        "The server restarted; seats and scores are as they were. Pair \(pair) is played again once everyone is back "
            + "(in \(seconds) s at most)."
    }
}

extension ConsoleTexts {
    static func restored(room: String, game: Int, nextPair: Int) -> String {
        "\(room): game \(game) taken up again after a restart; pair \(nextPair) opens once its players are back"
    }
}

/// The server's own lines about the lesson it keeps on disk.
enum StateTexts {
    static func restored(_ restored: Hub.Restored, from path: String) -> String {
        "restored \(restored.rooms) room\(restored.rooms == 1 ? "" : "s"), \(restored.seats) seat\(restored.seats == 1 ? "" : "s") "
            + "and \(restored.games) game\(restored.games == 1 ? "" : "s") on from \(path)"
    }
}
