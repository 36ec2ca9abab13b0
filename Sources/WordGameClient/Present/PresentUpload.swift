import WordGame
import WordGameProtocol

/// `--upload FILE` on the projector: once the room is hosted, the list goes up a line at a time (`UPLOAD`,
/// its `OK`, the `LINE`s, `SAVE`), and the room then plays it (`RULES LIST`). Whatever else comes meanwhile
/// (the room's lines) is handed on to the screen's state, in order.
enum PresentUpload {
    struct Outcome: Equatable {
        var summary: UploadSummary
        var skipped: [SkippedLine]
        var key: String
    }

    /// Sends `file` as the list of its name; `languages` (`--languages`) stand before the file's own.
    static func run(_ file: ListFileLines, languages: (from: String, to: String)?, key: String?, on connection: ServerConnection,
                    others: (ServerMessage) -> Void) throws(ClientError) -> Outcome {
        let from = languages?.from ?? file.from ?? "", to = languages?.to ?? file.to ?? ""
        connection.send(.lists(.upload(.init(name: file.name, from: from, to: to, key: key))))
        try wait(on: connection, others: others) { message throws(ClientError) in
            if case .error(let problem) = message { throw ClientError("--upload: \(problem.text)") }
            return message == .done(.upload) ? () : nil
        }
        for (index, line) in file.lines.enumerated() {
            connection.send(.lists(.line(line)))
            // The connection holds 64 KiB of output at most: a long list waits for the network now and then.
            if index % 32 == 31 { connection.drainOutput(milliseconds: 10_000) }
        }
        connection.send(.lists(.save))
        var skipped: [SkippedLine] = []
        var summary: UploadSummary?
        var key: String?
        try wait(on: connection, others: others) { message throws(ClientError) in
            switch message {
            case .skipped(let line): skipped.append(line)
            case .uploaded(let told): summary = told
            case .listKey(_, let given): key = given
            case .error(let problem): throw ClientError(report(skipped, of: skipped.count) + "--upload: \(problem.text)")
            case .done(.save): return ()
            default: break  // not ours (`wait` hands it on), or the block's end
            }
            return nil
        }
        guard let summary, let key else { throw ClientError("--upload: the server saved the list but did not say how") }
        // The room plays it from its next game; its languages and rules (or why not: a game on) go to the screen.
        connection.send(.rules(RulesChange(list: file.name)))
        try wait(on: connection, others: others) { message throws(ClientError) in
            switch message {
            case .rules(let rules) where rules.list == file.name:
                others(message)  // after OK RULES and LANGUAGES, which went to the screen as they came
                return ()
            case .error:
                others(message)
                return ()
            default: return nil
            }
        }
        return Outcome(summary: summary, skipped: skipped, key: key)
    }

    /// Reads messages until `take` returns one of its own; what it leaves (nil) goes to `others`, except the
    /// lines of the exchange itself, which `take` keeps.
    private static func wait(on connection: ServerConnection, others: (ServerMessage) -> Void,
                             _ take: (ServerMessage) throws(ClientError) -> Void?) throws(ClientError) {
        while true {
            let message = try connection.next(timeout: 30)
            if try take(message) != nil { return }
            if !isOurs(message) { others(message) }
        }
    }

    private static func isOurs(_ message: ServerMessage) -> Bool {
        switch message {
        case .skipped, .end(.skipped), .uploaded, .listKey, .done: true
        default: false
        }
    }

    /// What the teacher reads of a saved list: its pairs and languages, each line not read and why, and its key.
    static func report(_ outcome: Outcome, file: String) -> [String] {
        let summary = outcome.summary
        return ["List \(summary.name) saved from \(file): \(summary.pairs) pair\(summary.pairs == 1 ? "" : "s"), "
                + "\(summary.from) → \(summary.to); the room plays it."]
            + report(outcome.skipped, of: summary.skipped).split(separator: "\n").map(String.init)
            + ["Its key is \(outcome.key): --upload \(file) --list-key \(outcome.key) replaces it on this server."]
    }

    /// "3 lines not read:" and each with its number and why; nothing when every line was read.
    static func report(_ skipped: [SkippedLine], of count: Int) -> String {
        guard count > 0 else { return "" }
        var text = "\(count) line\(count == 1 ? "" : "s") not read:\n"
        for line in skipped { text += "  line \(line.line) (\(line.why.sentence)): \(ScreenText.safe(line.text))\n" }
        if count > skipped.count { text += "  and \(count - skipped.count) more\n" }
        return text
    }
}
