import Foundation

/// One run of the fan-out comparison, one server, one size: its figures.
struct FanoutRun {
    /// Latencies in seconds, each the median over the run's triggers of that
    /// trigger's p50, max and min (the first connection to have the whole line).
    var p50 = Double.nan, max = Double.nan, first = Double.nan
    var joinSeconds = Double.nan
    var kibPerConnection = Double.nan
    /// wordgame: server CPU seconds per answer (read, judge, OK ANSWER).
    /// Redis: per PING answered, the same work for a command.
    var cpuPerAnswer = Double.nan
    /// wordgame: the whole round (answers, PROGRESS, close, fan-out) per player.
    /// Redis: one PUBLISH's delivery per subscriber.
    var cpuPerPlayerRound = Double.nan
    /// What the two CPU figures are per, as the line says it.
    var cpuUnits = (answer: "answer", round: "player-round")
    /// What one connection received for a trigger, in bytes (the last trigger).
    var bytesPerConnection = Double.nan

    /// Takes each trigger's latencies, one a connection.
    mutating func summarize(triggers: [[Double]]) {
        func median(_ figure: ([Double]) -> Double) -> Double { percentile(triggers.map(figure), 50) }
        p50 = median { percentile($0, 50) }
        max = median { $0.max() ?? .nan }
        first = median { $0.min() ?? .nan }
    }

    /// A line as the run completes: `label` names the server and the run.
    func line(players: Int, label: String) -> String {
        let cpu = "CPU \(format(cpuPerAnswer * 1e6, 2)) µs/\(cpuUnits.answer), \(format(cpuPerPlayerRound * 1e6, 2)) µs/\(cpuUnits.round)"
        return String(format: "%7d  ", players) + label.padding(toLength: 15, withPad: " ", startingAt: 0)
            + String(format: "p50 %7.1f ms  max %7.1f ms  first %6.1f ms  ", p50 * 1000, max * 1000, first * 1000)
            // The bare loop has no join and no memory of its own to speak of: "–".
            + "join " + padded(format(joinSeconds, 2), 5) + " s  " + padded(format(kibPerConnection, 2), 6) + " KiB/conn  "
            + String(format: "%4.0f B/conn  ", bytesPerConnection) + cpu
    }
}

/// `text` right-aligned in `width` characters.
private func padded(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}

/// `value` with `digits` decimals, or "–" when there is none (no redis-server).
func format(_ value: Double, _ digits: Int) -> String {
    value.isNaN ? "–" : String(format: "%.\(digits)f", value)
}
