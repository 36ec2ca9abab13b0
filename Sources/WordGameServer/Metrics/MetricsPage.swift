/// `/metrics`: what the server holds now and has done, in Prometheus' text
/// exposition format 0.0.4 (each family's `# HELP` and `# TYPE`, then its
/// samples; histograms as cumulative `_bucket{le}`, `_sum` and `_count`).
/// Pure: the server gathers the figures (`Server.metricsFigures`). Labels
/// are the fixed words below; nothing from the network is ever one.
struct MetricsPage {
    /// Who is connected with a seat, by transport (`tcp`, `websocket`) and what they are (`player`, `host`,
    /// `viewer`, or `outside` a room).
    var connections: [String: [String: Int]]
    /// Rooms held, by kind (`class`, `practice`), and those with a game on.
    var classRooms = 0, practiceRooms = 0, gamesOn = 0
    /// Whether a drain is on: no new room, a stop once the games end.
    var draining = false
    /// Bytes handed to the kernel since the start, on every connection.
    var bytesSent = 0
    /// Whether the fleet's directory answered last; nil on a server of no fleet.
    var directoryUp: Bool?
    var process: ProcessUsage?

    static let contentType = "text/plain; version=0.0.4; charset=utf-8"
    static let transports = ["tcp", "websocket"]
    static let roles = ["player", "host", "viewer", "outside"]

    func text(_ counters: ServerCounters) -> String {
        var out = Exposition()
        out.family("wordgame_connections", "Connections with a seat, by transport and what they are.", "gauge")
        for transport in Self.transports {
            for role in Self.roles {
                out.sample("wordgame_connections", ["transport": transport, "role": role], connections[transport]?[role] ?? 0)
            }
        }
        out.family("wordgame_rooms", "Rooms held, by kind.", "gauge")
        out.sample("wordgame_rooms", ["kind": "class"], classRooms)
        out.sample("wordgame_rooms", ["kind": "practice"], practiceRooms)
        out.family("wordgame_games_on", "Rooms with a game on.", "gauge")
        out.sample("wordgame_games_on", [:], gamesOn)
        out.family("wordgame_draining", "Whether the server is draining: it takes no new room and stops once its games end.", "gauge")
        out.sample("wordgame_draining", [:], draining ? 1 : 0)
        out.family("wordgame_answers_total", "Answers the rooms took.", "counter")
        out.sample("wordgame_answers_total", [:], counters.answers)
        out.histogram("wordgame_round_close_seconds", "Time a round's close took on the server's loop.", counters.roundClose)
        out.family("wordgame_messages_sent_total", "Pieces of output queued for a connection (lines that leave together count once).",
                   "counter")
        out.sample("wordgame_messages_sent_total", [:], counters.messagesQueued)
        out.family("wordgame_bytes_sent_total", "Bytes handed to the kernel for connections.", "counter")
        out.sample("wordgame_bytes_sent_total", [:], bytesSent)
        out.family("wordgame_refused_connections_total", "Connections turned away when accepted, by reason.", "counter")
        for reason in ServerCounters.Refusal.allCases {
            out.sample("wordgame_refused_connections_total", ["reason": reason.rawValue], counters.refusedCount(reason))
        }
        if let directoryUp {
            out.family("wordgame_directory_up", "Whether the fleet's directory (Redis) answered the last request.", "gauge")
            out.sample("wordgame_directory_up", [:], directoryUp ? 1 : 0)
            out.family("wordgame_directory_answers_total", "Answers from the fleet's directory, by outcome.", "counter")
            out.sample("wordgame_directory_answers_total", ["outcome": "ok"], counters.directoryAnswers - counters.directoryErrors)
            out.sample("wordgame_directory_answers_total", ["outcome": "error"], counters.directoryErrors)
            out.histogram("wordgame_directory_round_trip_seconds",
                          "Time from writing the server's record to the directory to its answer on the loop.", counters.directoryRoundTrip)
        }
        if let process {
            out.family("process_cpu_seconds_total", "Total user and system CPU time spent in seconds.", "counter")
            out.sample("process_cpu_seconds_total", [:], process.cpuSeconds)
            out.family("process_resident_memory_bytes", "Resident memory size in bytes.", "gauge")
            out.sample("process_resident_memory_bytes", [:], process.residentBytes)
        }
        return out.text
    }
}

/// The text format's lines, written in order.
private struct Exposition {
    var text = ""

    mutating func family(_ name: String, _ help: String, _ type: String) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }

    mutating func sample(_ name: String, _ labels: [String: String], _ value: Int) {
        line(name, labels, String(value))
    }

    mutating func sample(_ name: String, _ labels: [String: String], _ value: Double) {
        line(name, labels, value.isFinite ? "\(value)" : "NaN")
    }

    mutating func histogram(_ name: String, _ help: String, _ histogram: Histogram) {
        family(name, help, "histogram")
        let cumulative = histogram.cumulative
        for (bound, count) in zip(histogram.boundsNanoseconds, cumulative) {
            line(name + "_bucket", ["le": "\(Double(bound) / 1e9)"], String(count))
        }
        line(name + "_bucket", ["le": "+Inf"], String(histogram.count))
        line(name + "_sum", [:], "\(Double(histogram.sumNanoseconds) / 1e9)")
        line(name + "_count", [:], String(histogram.count))
    }

    /// Labels sorted by name, so a page reads the same each time; their values are this file's words, never escaped.
    private mutating func line(_ name: String, _ labels: [String: String], _ value: String) {
        text += name
        if !labels.isEmpty {
            text += "{" + labels.sorted { $0.key < $1.key }.map { "\($0.key)=\"\($0.value)\"" }.joined(separator: ",") + "}"
        }
        text += " " + value + "\n"
    }
}
