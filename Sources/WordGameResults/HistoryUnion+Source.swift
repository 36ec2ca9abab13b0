extension HistoryUnion {
    /// What the report's first line names after `from`: one file's path, as
    /// always, or several files each on a line of its own, with the games it
    /// held, so a folder left out or a copy counted once is seen at a glance:
    ///
    ///     3 history files:
    ///       a/wordgame-results/history.jsonl: 2 games
    ///       b/wordgame-results/history.jsonl: 3 games, 1 already counted
    ///       c/wordgame-results/history.jsonl: 0 games
    public var source: String {
        if sources.count == 1, sources[0].repeated == 0 { return sources[0].path }
        let lines = sources.map { source in
            "  \(source.path): \(source.games) game\(source.games == 1 ? "" : "s")"
                + (source.repeated == 0 ? "" : ", \(source.repeated) already counted")
        }
        return "\(sources.count) history file\(sources.count == 1 ? "" : "s"):\n" + lines.joined(separator: "\n")
    }
}
