// The district's figures: what the server, the bench and the rooms had done at
// each end of the window, and what one run measured from the difference.

/// The counters read at one end of the window.
struct DistrictSnapshot {
    let time: Double
    let serverCPU: Double
    let benchCPU: Double
    let metrics: MetricsText
    let linesRead: Int
    let answersSent: Int

    init(_ run: DistrictRun) {
        metrics = scrapeMetrics(webPort: run.server.webPort)
        time = now()
        serverCPU = run.server.cpuSeconds
        benchCPU = ownCPUSeconds()
        linesRead = run.sockets.linesRead
        answersSent = run.tally.answersSent
    }
}

struct DistrictFigures {
    var rooms: Int
    var connections = 0, webSockets = 0
    var seconds = 0.0
    /// Percent of one core, user + system, over the window.
    var serverCPU = 0.0, benchCPU = 0.0
    var residentMiB = Double.nan, peakResidentMiB = Double.nan
    /// The server's round closes in the window (its /metrics histogram): percentiles as bucket bounds, seconds.
    var closes = 0.0
    var closeP50 = Double.nan, closeP99 = Double.nan, closeMax = Double.nan, closeMean = Double.nan
    /// Each pair's close, from when it was due (deadline or last answer) to the last player's REVEAL, seconds.
    var rounds = 0, roundsClosedByAnswers = 0
    var lagP50 = Double.nan, lagP99 = Double.nan, lagMax = Double.nan
    var answersPerSecond = 0.0, serverAnswersPerSecond = 0.0
    /// Pieces of output queued a second (the server's count) and lines the bench read a second.
    var messagesPerSecond = 0.0, linesPerSecond = 0.0
    /// Answers sent and never taken (no OK ANSWER, or a RESULT of TIMEOUT), over the whole run.
    var answersLost = 0
    var tally = DistrictTally()
    /// How late the bench fired its answers in the window, p99, seconds.
    var latenessP99 = Double.nan

    init(rooms: Int, before: DistrictSnapshot, after: DistrictSnapshot, run: DistrictRun) {
        self.rooms = rooms
        connections = run.seats.count
        webSockets = run.sockets.connections.filter(\.webSocket).count
        seconds = after.time - before.time
        serverCPU = (after.serverCPU - before.serverCPU) / seconds * 100
        benchCPU = (after.benchCPU - before.benchCPU) / seconds * 100
        let name = "wordgame_round_close_seconds"
        let histogram = after.metrics.histogram(name).since(before.metrics.histogram(name))
        closes = histogram.count
        (closeP50, closeP99, closeMax) = (histogram.percentileBound(50), histogram.percentileBound(99), histogram.percentileBound(100))
        closeMean = histogram.count > 0 ? histogram.sum / histogram.count : .nan
        let inWindow = run.tally.rounds.filter { $0.trigger >= before.time && $0.trigger < after.time }
        rounds = inWindow.count
        roundsClosedByAnswers = inWindow.filter(\.closedByAnswers).count
        let lags = inWindow.map(\.lag)
        (lagP50, lagP99, lagMax) = (percentile(lags, 50), percentile(lags, 99), lags.max() ?? .nan)
        answersPerSecond = Double(after.answersSent - before.answersSent) / seconds
        func delta(_ name: String) -> Double { ((after.metrics[name] ?? .nan) - (before.metrics[name] ?? .nan)) / seconds }
        serverAnswersPerSecond = delta("wordgame_answers_total")
        messagesPerSecond = delta("wordgame_messages_sent_total")
        linesPerSecond = Double(after.linesRead - before.linesRead) / seconds
        tally = run.tally
        // Every answer sent is acknowledged, or refused as late (the bench's delay, counted apart); the rest are lost,
        // and so are those acknowledged and then judged a timeout.
        answersLost = tally.answersSent - tally.answersAcknowledged - tally.refusedLate + tally.answersTimedOut
        latenessP99 = percentile(tally.lateness, 99)
    }

    /// A line as the run completes.
    var line: String {
        "\(rooms) rooms, \(connections) connections (\(webSockets) WebSocket): server CPU \(format(serverCPU, 1))% of a core, "
            + "RSS \(format(residentMiB, 0)) MiB (peak \(format(peakResidentMiB, 0))); "
            + "round close on the server p50 ≤\(milliseconds(closeP50)) p99 ≤\(milliseconds(closeP99)) max ≤\(milliseconds(closeMax)) ms "
            + "(mean \(format(closeMean * 1_000, 3)), \(Int(closes)) closes); "
            + "due to last REVEAL p50 \(format(lagP50 * 1_000, 2)) p99 \(format(lagP99 * 1_000, 2)) max \(format(lagMax * 1_000, 2)) ms "
            + "(\(rounds) pairs, \(roundsClosedByAnswers) closed by the last answer); "
            + "answers \(format(answersPerSecond, 0))/s (server \(format(serverAnswersPerSecond, 0))/s), lost \(answersLost); "
            + "messages \(format(messagesPerSecond, 0))/s, bench lines \(format(linesPerSecond, 0))/s; "
            + "bench CPU \(format(benchCPU, 1))%, its answers late p99 \(format(latenessP99 * 1_000, 1)) ms"
            + (tally.stale + tally.misjudged + tally.phantom + tally.incompleteRounds > 0 || !tally.errors.isEmpty
               ? "; the bench late: \(tally.stale) answers not sent, \(tally.refusedLate) refused as late; "
                 + "misjudged \(tally.misjudged), phantom \(tally.phantom), incomplete pairs \(tally.incompleteRounds), "
                 + "errors \(tally.errors)" : "")
    }
}

/// A bucket bound in milliseconds, as short as it reads ("0.1", "2.5", "+Inf").
func milliseconds(_ seconds: Double) -> String {
    if seconds.isNaN { return "–" }
    if seconds.isInfinite { return "+Inf" }
    let value = seconds * 1_000
    return value == value.rounded() ? String(Int(value)) : format(value, value < 1 ? 2 : 1)
}
