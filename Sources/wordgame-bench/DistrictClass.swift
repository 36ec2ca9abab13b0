// What the district bench knows of each class: its room's pair in play and the
// pair closing, and of each connection, its seat and the answer it gave.

/// One room: its host's connection and its players', the open pair, and the pair whose REVEAL is arriving.
struct DistrictRoom {
    let host: Int
    var players: [Int] = []
    /// The room's code, from `OK HOST`; empty until then.
    var code = ""
    var games = 0

    /// The open pair: its number, the latest moment a player read its ROUND, its time, and the answers sent to it.
    var round = 0
    var roundArrival = 0.0
    var roundSeconds = 5.0
    var answersSent = 0
    var lastAnswerSent = 0.0

    /// The pair closing: when it was due to close (`trigger`), and its REVEAL's arrivals so far.
    var closing = 0
    var trigger = 0.0
    var closedByAnswers = false
    var reveals = 0
    var lastReveal = 0.0

    init(host: Int) { self.host = host }

    /// A player read `ROUND n` at `arrival`: a new pair, or another player's copy of the open one.
    mutating func roundArrived(_ n: Int, seconds: Double, at arrival: Double) {
        if n != round {
            (round, roundArrival, roundSeconds, answersSent) = (n, arrival, seconds, 0)
        } else {
            roundArrival = max(roundArrival, arrival)
        }
    }

    mutating func answerSent(_ n: Int, at moment: Double) {
        guard n == round else { return }
        answersSent += 1
        lastAnswerSent = moment
    }

    /// A player read `REVEAL n` at `arrival`. The first of a pair sets when the pair was due to close: the last
    /// answer's send when every player answered, or else the deadline (the last ROUND's arrival and the pair's
    /// time). Returns the pair's record once every player has it, and the pair left incomplete if a new one began.
    mutating func revealArrived(_ n: Int, at arrival: Double) -> (done: DistrictRound?, abandoned: Bool) {
        var abandoned = false
        if n != closing {
            abandoned = closing != 0 && reveals < players.count
            closedByAnswers = n == round && answersSent == players.count
            trigger = closedByAnswers ? lastAnswerSent : roundArrival + roundSeconds
            (closing, reveals, lastReveal) = (n, 0, arrival)
        }
        reveals += 1
        lastReveal = max(lastReveal, arrival)
        guard reveals == players.count else { return (nil, abandoned) }
        return (DistrictRound(trigger: trigger, lag: lastReveal - trigger, closedByAnswers: closedByAnswers), abandoned)
    }
}

/// One pair of one room, as the bench lived it: when it was due to close, and how long after that its
/// REVEAL was in every player's hands.
struct DistrictRound {
    var trigger: Double
    var lag: Double
    var closedByAnswers: Bool
}

/// A connection: its room and seat (0 the host), the last pair it read, and its answer to it.
struct DistrictSeat {
    let room: Int
    let seat: Int
    var round = 0
    /// The pair it answered last, whether it said yes (a correct translation), and the last pair the server
    /// acknowledged an answer to (`OK ANSWER`).
    var answered = 0
    var saidYes = false
    var acknowledged = 0
    /// The last pair revealed to it, and whether its shown translation was correct.
    var revealed = 0
    var truth = false
}
