// What a district connection does with each server line: a teacher takes the
// room's code and starts the next game when one ends; a player answers each
// pair at a moment of its own and checks its RESULT against its answer and the
// REVEAL. Lines nobody acts on (PROGRESS, TOP, ROOM, WAITING…) are only counted.

/// What the district's connections counted, over the whole run.
struct DistrictTally {
    var joined = 0, rulesSet = 0
    var answersSent = 0, answersAcknowledged = 0
    /// Answers the server acknowledged whose RESULT then said TIMEOUT: taken, then lost.
    var answersTimedOut = 0
    /// RESULTs that disagree with the answer and the REVEAL's truth, and RIGHT or WRONG for a pair not answered.
    var misjudged = 0, phantom = 0
    /// Answers not sent because their pair had closed by their moment: the bench ran late.
    var stale = 0
    /// Answers the server refused as late (`too-late`, `wrong-round`): sent late by a bench that fell behind.
    var refusedLate: Int { errors["too-late", default: 0] + errors["wrong-round", default: 0] }
    var errors: [String: Int] = [:]
    var rounds: [DistrictRound] = []
    /// Pairs whose REVEAL had not reached every player when the room's next one began.
    var incompleteRounds = 0
    /// How late each answer's timer fired in the window, in seconds: the bench's own delay.
    var lateness: [Double] = []
}

extension DistrictRun {
    func handle(_ connection: Int, _ line: String, _ arrival: Double) {
        switch SoakLine.keyword(of: line) {
        case "ROUND": if seats[connection].seat > 0 { roundArrived(connection, line, arrival) }
        case "REVEAL": if seats[connection].seat > 0 { revealArrived(connection, line, arrival) }
        case "RESULT": resultArrived(connection, line)
        case "GAMEOVER":
            // The teacher starts the next game a second after one ends (the server's start delay follows).
            let room = seats[connection].room
            guard rooms[room].host == connection else { return }
            rooms[room].games += 1
            if playing { timers.add(.start(room: room), at: arrival + 1) }
        case "OK":
            if line.hasPrefix("OK ANSWER ") {
                tally.answersAcknowledged += 1
                if let round = SoakLine(line)?.int(1) { seats[connection].acknowledged = round }
            } else if line.hasPrefix("OK JOIN ") {
                tally.joined += 1
            } else if line.hasPrefix("OK RULES") {
                tally.rulesSet += 1
            } else if line.hasPrefix("OK HOST "), let code = SoakLine(line)?.string(1) {
                rooms[seats[connection].room].code = code
            }
        case "ERROR": tally.errors[SoakLine(line)?.string(0) ?? "?", default: 0] += 1
        default: break
        }
    }

    private func roundArrived(_ connection: Int, _ line: String, _ arrival: Double) {
        guard let fields = SoakLine(line), let round = fields.int(0), let milliseconds = fields.int(4) else { return }
        let seconds = Double(milliseconds) / 1_000
        seats[connection].round = round
        seats[connection].answered = 0
        rooms[seats[connection].room].roundArrived(round, seconds: seconds, at: arrival)
        guard playing else { return }
        // In the worst case the last player of each room never answers: every pair closes on its deadline.
        let answers = options.aligned ? seats[connection].seat < options.players : !random.chance(0.05)
        guard answers else { return }
        // A person: between an eighth and seven eighths of the time, most often near the middle.
        let think = seconds * (0.12 + 0.76 * (random.unit() + random.unit()) / 2)
        timers.add(.answer(connection: connection, round: round, yes: random.chance(0.4)), at: arrival + think)
    }

    private func revealArrived(_ connection: Int, _ line: String, _ arrival: Double) {
        guard let fields = SoakLine(line), let round = fields.int(0) else { return }
        seats[connection].revealed = round
        seats[connection].truth = fields.string(3) == "CORRECT"
        seats[connection].round = 0  // no pair open for it until the next ROUND
        let (done, abandoned) = rooms[seats[connection].room].revealArrived(round, at: arrival)
        if abandoned { tally.incompleteRounds += 1 }
        if let done { tally.rounds.append(done) }
    }

    private func resultArrived(_ connection: Int, _ line: String) {
        guard let fields = SoakLine(line), let round = fields.int(0), let verdict = fields.string(1) else { return }
        let seat = seats[connection]
        guard seat.answered == round else {
            if verdict != "TIMEOUT" { tally.phantom += 1 }
            return
        }
        if verdict == "TIMEOUT" {
            // Refused as late (the bench sent it late: `too-late`, `wrong-round`) is not lost; taken, then a timeout, is.
            if seat.acknowledged == round { tally.answersTimedOut += 1 }
        } else if (verdict == "RIGHT") != (seat.saidYes == seat.truth) {
            tally.misjudged += 1
        }
    }
}
