// One soak player: a state machine fed the server's lines and its own
// timers, acting through `SoakWorld` (send, hang up, reconnect, set a timer).
// It plays game after game, answering y or n at random moments (some after
// its deadline), keeps its own correct/wrong counts from its answers and each
// REVEAL's truth, and compares them with every RESULT, YOU OUT and GAMEOVER.
// Some of the time it drops on purpose and comes back with RESUME; the score
// it finds then is checked by SoakResume.swift.

/// The pace of the games, as the server was started.
struct SoakRules {
    var pairs: Int
    var roundMilliseconds: Int
    var maxIncorrect: Int
    var graceSeconds: Int
}

protocol SoakWorld: AnyObject {
    var stats: SoakStats { get }
    var random: SoakRandom { get }
    var rules: SoakRules { get }
    var now: Double { get }
    func send(_ text: String, from bot: SoakBot)
    func schedule(_ timer: BotTimer, for bot: SoakBot, after seconds: Double)
    /// Closes the bot's socket now: with RST (`reset`) or FIN.
    func hangUp(_ bot: SoakBot, reset: Bool)
    /// Opens a new socket for the bot; `connected()` follows at once.
    func reconnect(_ bot: SoakBot)
    /// A resume whose check waits for the room's log.
    func watchResume(_ bot: SoakBot)
}

enum BotTimer {
    case answer(round: Int)
    case again
    case ping
    case dropDue
    case reconnect
    case retryResume
}

/// When a planned drop happens, once due.
enum DropMoment: String, CaseIterable {
    case anyMoment = "at a random moment"
    case afterAnswer = "mid-round, after its answer was taken"
    case atRound = "as a pair opened (between rounds)"
    case inLobby = "in the lobby, after GAMEOVER"
}

struct DropPlan {
    var moment: DropMoment
    var reset: Bool
    var pause: Double
    var armed = false
}

final class SoakBot {
    enum Phase { case idle, joining, resuming, inRoom, away }
    enum AnswerState: Equatable { case none, inFlight(saidCorrect: Bool), taken(saidCorrect: Bool), late }

    struct OpenPair {
        var number: Int
        var key: String
        var answer = AnswerState.none
    }

    let index: Int
    let room: SoakRoom
    let pinger: Bool
    unowned let world: SoakWorld
    var name: String
    var phase = Phase.idle
    var slot: Int?
    /// Bumped on each new connection: timers from an older one are ignored.
    var generation = 0
    var token: String?

    // The game, as this bot keeps it.
    var state = "OUTSIDE"
    var participant = false
    var out = false
    var game = 0
    var correct = 0
    var wrong = 0
    var lastClosed = 0
    var open: OpenPair?
    var expected: (number: Int, verdict: String, correct: Int, wrong: Int)?
    var youOutSeen = false
    /// A GAME line read: the next line tells whether it starts a game (YOU PLAYING) or is a resume block's (SCORE).
    var gameLineAt: Double?

    // Drops and resumes.
    var plan: DropPlan?
    var dropped: DropRecord?
    var resumeBlock = false
    var awaitingScore = false
    var resumeCheck: ResumeCheck?
    var pingSentAt: Double?
    var byeText: String?

    init(index: Int, room: SoakRoom, pinger: Bool, world: SoakWorld) {
        self.index = index
        self.room = room
        self.pinger = pinger
        self.world = world
        name = "b\(index)"
    }

    private var stats: SoakStats { world.stats }
    private var rules: SoakRules { world.rules }

    // MARK: Connections

    /// A new socket is this bot's: join, or take the seat back.
    func connected(slot: Int) {
        self.slot = slot
        generation += 1
        byeText = nil
        pingSentAt = nil
        if let token, dropped != nil {
            phase = .resuming
            stats.resumesAttempted += 1
            world.send("RESUME \(token)\n", from: self)
        } else {
            phase = .joining
            world.send("NAME \(name)\nJOIN \(room.name)\n", from: self)
        }
        if pinger { world.schedule(.ping, for: self, after: world.random.double(1...3)) }
    }

    /// The server closed this bot's connection (the bot did not).
    func connectionLost(reason: String) {
        slot = nil
        stats.botConnectionsLost[byeText.map { "BYE \($0)" } ?? reason, default: 0] += 1
        if phase == .inRoom && token != nil {
            // Unplanned: an answer may have been in flight, or a resume block cut short. Its resume is not checked.
            let doubtful = !mayDrop
            recordDrop()
            if doubtful { dropped?.checkable = false }
        } else if phase == .resuming {
            // Still resuming: try again with the same record.
        } else {
            dropped = nil
        }
        phase = .away
        generation += 1
        world.schedule(.reconnect, for: self, after: 0.5)
    }

    // MARK: Timers

    func fire(_ timer: BotTimer) {
        switch timer {
        case .answer(let round):
            guard phase == .inRoom, participant, !out, var pair = open, pair.number == round, pair.answer == .none else { return }
            let saidCorrect = world.random.chance(0.5)
            pair.answer = .inFlight(saidCorrect: saidCorrect)
            open = pair
            stats.answersSent += 1
            world.send("ANSWER \(round) \(saidCorrect ? "y" : "n")\n", from: self)
        case .again:
            guard phase == .inRoom, !participant, state == "LOBBY" else { return }
            stats.againSent += 1
            world.send("AGAIN\n", from: self)
        case .ping:
            if phase == .inRoom && pingSentAt == nil {
                pingSentAt = now()  // the moment it is sent, not when the loop woke
                world.send("PING\n", from: self)
            }
            world.schedule(.ping, for: self, after: world.random.double(2...4))
        case .dropDue:
            guard var plan else { return }
            if plan.armed { plan.moment = .anyMoment }  // its moment did not come within 30 s
            plan.armed = true
            self.plan = plan
            if plan.moment == .anyMoment || (plan.moment == .inLobby && !participant && phase == .inRoom) {
                dropIfAble()
            } else {
                world.schedule(.dropDue, for: self, after: 30)
            }
        case .reconnect:
            guard phase == .away else { return }
            world.reconnect(self)
        case .retryResume:
            guard phase == .resuming, let token else { return }
            stats.resumeRetries += 1
            world.send("RESUME \(token)\n", from: self)
        }
    }

    // MARK: Drops

    /// Able to drop without doubt about its own score: in a room, with a
    /// code, no answer in flight, and its last resume checked.
    var mayDrop: Bool {
        guard phase == .inRoom, token != nil, resumeCheck == nil, !resumeBlock, !awaitingScore, gameLineAt == nil else { return false }
        if case .inFlight? = open?.answer { return false }
        return true
    }

    private func dropIfAble() {
        guard let plan, plan.armed else { return }
        guard mayDrop else {
            self.plan?.moment = .anyMoment
            return world.schedule(.dropDue, for: self, after: world.random.double(0.05...0.3))
        }
        stats.drops[plan.moment, default: 0] += 1
        if plan.reset { stats.dropsByReset += 1 } else { stats.dropsByClose += 1 }
        recordDrop()
        self.plan = nil
        phase = .away
        generation += 1
        world.hangUp(self, reset: plan.reset)
        slot = nil
        world.schedule(.reconnect, for: self, after: plan.pause)
    }

    private func recordDrop() {
        var pending: (number: Int, key: String, saidCorrect: Bool)?
        if let open, case .taken(let saidCorrect) = open.answer { pending = (open.number, open.key, saidCorrect) }
        dropped = DropRecord(at: world.now, participant: participant, out: out, game: game, correct: correct, wrong: wrong,
                             lastClosed: lastClosed, pending: pending)
        open = nil
        expected = nil
        gameLineAt = nil
    }

    // MARK: Lines

    func received(_ line: String, at time: Double) {
        let keyword = SoakLine.keyword(of: line)
        if gameLineAt != nil, keyword != "YOU" {
            stats.note(anomaly: "GAME not followed by YOU PLAYING", "\(name): \(line)")
            gameLineAt = nil
        }
        switch keyword {
        case "ROUND": roundLine(line, at: time)
        case "OK": okLine(line)
        case "REVEAL": revealLine(line, at: time)
        case "RESULT": resultLine(line)
        case "ERROR": errorLine(line, at: time)
        case "YOU": youLine(line, at: time)
        case "GAME":
            if awaitingScore { return }
            gameLineAt = time
        case "SCORE": scoreLine(line)
        case "GAMEOVER": gameOverLine(line, at: time)
        case "TOKEN":
            token = SoakLine(line)?.string(0)
        case "PONG":
            if let sent = pingSentAt { stats.pingMilliseconds.append((time - sent) * 1000) }
            pingSentAt = nil
        case "BYE": byeText = SoakLine(line)?.string(0) ?? line
        case "NOTICE":
            if pinger, let event = SoakLine(line)?.string(0) { stats.notices[event, default: 0] += 1 }
        default: break
        }
    }

    private func okLine(_ line: String) {
        guard let parsed = SoakLine(line), let what = parsed.string(0) else { return }
        switch what {
        case "JOIN":
            phase = .inRoom
            participant = false
            out = false
            stats.joins += 1
        case "RESUME":
            phase = .inRoom
            resumeBlock = true
            stats.resumesSucceeded += 1
            if let dropped { stats.awayMilliseconds.append((world.now - dropped.at) * 1000) }
        case "ANSWER":
            guard let number = parsed.int(1), let said = parsed.string(2), var pair = open, pair.number == number,
                  case .inFlight(let saidCorrect) = pair.answer else {
                return stats.note(anomaly: "OK ANSWER for no answer in flight", "\(name): \(line)")
            }
            if (said == "CORRECT") != saidCorrect { stats.note(anomaly: "OK ANSWER echoes another answer", "\(name): \(line)") }
            pair.answer = .taken(saidCorrect: saidCorrect)
            open = pair
            stats.answersTaken += 1
            if plan?.armed == true && plan?.moment == .afterAnswer { dropIfAble() }
        default: break
        }
    }

    private func roundLine(_ line: String, at time: Double) {
        if participant && out && !youOutSeen {
            stats.note(mismatch: "no YOU OUT after the last wrong attempt", "\(name): \(wrong) wrong, then \(line)")
            youOutSeen = true
        }
        guard participant, !out, let parsed = SoakLine(line), let number = parsed.int(0),
              let english = parsed.string(2), let spanish = parsed.string(3), let ms = parsed.int(4) else { return }
        open = OpenPair(number: number, key: SoakRoom.key(number, english, spanish))
        // Mostly well within the time, some close to the deadline either side, some never.
        let seconds = Double(ms) / 1000
        let roll = world.random.unit()
        if roll < 0.85 {
            world.schedule(.answer(round: number), for: self, after: seconds * world.random.double(0.1...0.95))
        } else if roll < 0.95 {
            world.schedule(.answer(round: number), for: self, after: seconds * world.random.double(0.95...1.1))
        }
        if plan?.armed == true && plan?.moment == .atRound { dropIfAble() }
    }

    private func revealLine(_ line: String, at time: Double) {
        guard let parsed = SoakLine(line), let number = parsed.int(0), let english = parsed.string(1), let spanish = parsed.string(2),
              let truth = parsed.string(3) else { return }
        let key = SoakRoom.key(number, english, spanish)
        let truthCorrect = truth == "CORRECT"
        if participant && game > 0 { room.noteReveal(key, game: game, truthCorrect: truthCorrect, at: time) }
        if resumeCheck != nil && resumeCheck?.firstReveal == nil { resumeCheck?.firstReveal = (number, key, time) }
        guard participant, !out else { return }
        if let missing = expected { stats.note(mismatch: "no RESULT", "\(name): RESULT \(missing.number) never came; then \(line)") }
        var verdict = "TIMEOUT"
        if let pair = open, pair.key == key, case .taken(let saidCorrect) = pair.answer {
            verdict = saidCorrect == truthCorrect ? "RIGHT" : "WRONG"
        }
        if verdict == "RIGHT" { correct += 1 } else { wrong += 1 }
        if verdict == "TIMEOUT" { stats.timeoutsExpected += 1 }
        expected = (number, verdict, correct, wrong)
        lastClosed = number
        open = nil
        if wrong >= rules.maxIncorrect { out = true; youOutSeen = false }
    }

    private func resultLine(_ line: String) {
        guard let parsed = SoakLine(line), let number = parsed.int(0), let verdict = parsed.string(1),
              let c = parsed.int(2), let w = parsed.int(3) else { return }
        stats.resultsChecked += 1
        guard let want = expected, want.number == number else {
            return stats.note(mismatch: "RESULT not expected",
                              "\(name): \(line) (expected \(expected.map { "pair \($0.number)" } ?? "none"))")
        }
        expected = nil
        if verdict != want.verdict || c != want.correct || w != want.wrong {
            stats.note(mismatch: "RESULT differs", "\(name): \(line); expected \(want.verdict) \(want.correct) \(want.wrong)")
            correct = c
            wrong = w
            out = w >= rules.maxIncorrect
        }
    }

    private func youLine(_ line: String, at time: Double) {
        guard let parsed = SoakLine(line), let new = parsed.string(0) else { return }
        state = new
        if resumeBlock {
            resumeBlock = false
            afterResume(state: new)
            return
        }
        if let started = gameLineAt {
            gameLineAt = nil
            guard new == "PLAYING" else { return stats.note(anomaly: "GAME not followed by YOU PLAYING", "\(name): \(line)") }
            game = room.noteGame(at: started)
            participant = true
            out = false
            youOutSeen = false
            correct = 0
            wrong = 0
            lastClosed = 0
            open = nil
            expected = nil
            stats.gamesStartedSeen += 1
            return
        }
        if new == "OUT" {
            youOutSeen = true
            stats.outsChecked += 1
            if !participant || wrong != rules.maxIncorrect {
                stats.note(mismatch: "YOU OUT differs", "\(name): YOU OUT with \(correct)/\(wrong) by its own count")
            }
        }
    }

    /// The resume block's YOU line: in a game (SCORE follows), or not.
    private func afterResume(state: String) {
        let record = dropped
        dropped = nil
        open = nil
        expected = nil
        if state == "PLAYING" || state == "OUT" {
            // An answer taken before the drop stands: if its pair is still open, its verdict comes in this pair's RESULT.
            if let pending = record?.pending {
                open = OpenPair(number: pending.number, key: pending.key, answer: .taken(saidCorrect: pending.saidCorrect))
            }
            awaitingScore = true
            out = state == "OUT"
            youOutSeen = out
            if let record, record.checkable {
                resumeCheck = ResumeCheck(drop: record)
            } else {
                stats.resumesUnchecked += 1
            }
            return
        }
        if record?.participant == true { stats.resumesAfterGameEnded += 1 } else { stats.resumesOutsideGame += 1 }
        participant = false
        out = false
        correct = 0
        wrong = 0
        game = 0
        if state == "LOBBY" { world.schedule(.again, for: self, after: world.random.double(0.1...1.0)) }
    }

    private func scoreLine(_ line: String) {
        guard awaitingScore, let parsed = SoakLine(line), let c = parsed.int(0), let w = parsed.int(1) else {
            return stats.note(anomaly: "SCORE not expected", "\(name): \(line)")
        }
        awaitingScore = false
        participant = true
        correct = c
        wrong = w
        game = 0
        lastClosed = -1
        if resumeCheck != nil {
            resumeCheck?.score = (c, w)
            world.watchResume(self)
        }
    }

    /// Called by the soak's sweep until the check is decided.
    func checkResume() -> Bool {
        guard let check = resumeCheck else { return true }
        let outcome = check.outcome(room: room, maxIncorrect: rules.maxIncorrect, now: world.now)
        switch outcome {
        case .waiting:
            // A bot that left its game before any REVEAL (the game ended first): nothing to compare.
            if world.now - check.drop.at > 120 {
                stats.resumesUnchecked += 1
                resumeCheck = nil
                return true
            }
            return false
        case .exact(let sameGame):
            if sameGame { stats.resumeScoresExactSameGame += 1 } else { stats.resumeScoresExactNewGame += 1 }
        case .loose(let why):
            stats.resumeScoresLoose[why, default: 0] += 1
        case .mismatch(let detail):
            stats.note(mismatch: "SCORE after RESUME differs", "\(name): \(detail)")
        }
        if let reveal = check.firstReveal {
            game = room.reveal(reveal.key, from: reveal.at - 3, to: reveal.at + 3)?.game ?? 0
        }
        resumeCheck = nil
        return true
    }

    private func gameOverLine(_ line: String, at time: Double) {
        room.noteGameOver(at: time)
        if participant, let parsed = SoakLine(line), let c = parsed.int(2), let w = parsed.int(3) {
            if let missing = expected { stats.note(mismatch: "no RESULT", "\(name): RESULT \(missing.number) never came before \(line)") }
            stats.gameOversChecked += 1
            if c != correct || w != wrong {
                stats.note(mismatch: "GAMEOVER differs", "\(name): \(line); own count \(correct) \(wrong)")
            }
        }
        participant = false
        out = false
        open = nil
        expected = nil
        correct = 0
        wrong = 0
        if plan?.armed == true && plan?.moment == .inLobby && mayDrop {
            dropIfAble()
            return
        }
        // The room's host (its first member) starts at once with AGAIN; the others' AGAIN says "ready" (auto-start).
        world.schedule(.again, for: self, after: world.random.double(0.1...2.5))
    }

    private func errorLine(_ line: String, at time: Double) {
        let code = SoakLine(line)?.string(0) ?? "?"
        switch (phase, code) {
        case (.resuming, "bad-code"):
            stats.resumesFailed += 1
            stats.note(failure: "\(name): RESUME refused: \(line) "
                           + "(\(String(format: "%.1f", world.now - (dropped?.at ?? world.now))) s after the drop)")
            dropped = nil
            token = nil
            phase = .joining
            world.send("NAME \(name)\nJOIN \(room.name)\n", from: self)
        case (.resuming, "slow-down"):
            stats.resumeSlowDowns += 1
            if world.now - (dropped?.at ?? world.now) < Double(rules.graceSeconds) - 5 {
                world.schedule(.retryResume, for: self, after: 2)
            } else {
                stats.resumesFailed += 1
                stats.note(failure: "\(name): RESUME slowed down until the grace was nearly over")
            }
        case (.joining, "name-taken"):
            name += "x"
            world.send("NAME \(name)\nJOIN \(room.name)\n", from: self)
        case (_, "too-late"):
            if var pair = open, case .inFlight = pair.answer {
                pair.answer = .late
                open = pair
                stats.answersLate += 1
            } else {
                stats.note(anomaly: "too-late for no answer in flight", "\(name): \(line)")
            }
        case (_, "wrong-round"), (_, "no-round"):
            stats.answersAfterClose += 1
        case (_, "game-on"):
            stats.againRaced += 1
        default:
            stats.unexpectedErrors["\(code)", default: 0] += 1
            stats.note(failure: "\(name) (\(phase)): \(line)")
        }
    }
}
