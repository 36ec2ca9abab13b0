import WordGame
import WordGameProtocol

/// A room: its members, its host, how games start, and the game being played.
///
/// Pure logic: it maps (command, member, instant) to messages in the outbox
/// and never sees a socket or reads a clock. Owned by the event loop thread.
final class Room {
    struct Member {
        var name: String
        var joinSerial: Int
        var state: PlayerState
        /// Counts toward an automatic start.
        var ready: Bool
    }

    let name: String
    private let settings: GameSettings
    private let outbox: Outbox
    private let nextTag: () -> Int
    private(set) var members: [ConnectionID: Member] = [:]
    private var nameKeys: Set<String> = []
    private(set) var hostID: ConnectionID?
    private var nextJoinSerial = 0
    private var joinOrder = JoinOrder()
    private var readyCount = 0
    private var gamesStarted = 0
    private(set) var match: Match?
    private var roundTag = -1
    private var countdownEnds: Instant?
    private var roomUpdate = Coalescer()
    private var progressUpdate = Coalescer()

    init(name: String, settings: GameSettings, outbox: Outbox, nextTag: @escaping () -> Int) {
        self.name = name
        self.settings = settings
        self.outbox = outbox
        self.nextTag = nextTag
    }

    var isEmpty: Bool { members.isEmpty }

    var state: RoomState { match != nil ? .playing : countdownEnds != nil ? .starting : .lobby }

    var info: RoomInfo {
        RoomInfo(name: name, state: state, members: members.count, host: hostID.flatMap { members[$0]?.name } ?? "",
                 autoStart: settings.autoStart)
    }

    /// Who is in the room, bounded: the host first, then the earliest others to join.
    var membersLine: ServerMessage {
        let hostName = hostID.flatMap { members[$0]?.name }
        let others = earliestMembers(membersListed).filter { $0 != hostID }.prefix(membersListed - 1)
        let names = (hostName.map { [$0] } ?? []) + others.compactMap { members[$0]?.name }
        return .members(total: members.count, names: names)
    }

    private func earliestMembers(_ count: Int) -> [ConnectionID] {
        let members = self.members
        return joinOrder.first(count) { members[$0]?.joinSerial == $1 }
    }

    func isNameTaken(_ name: String) -> Bool { nameKeys.contains(Names.nicknameKey(name)) }

    // MARK: Joining and leaving

    func join(_ id: ConnectionID, name: String, at now: Instant) {
        let watching = match != nil
        members[id] = Member(name: name, joinSerial: nextJoinSerial, state: watching ? .watching : .lobby, ready: !watching)
        joinOrder.append(id, serial: nextJoinSerial)
        nextJoinSerial += 1
        nameKeys.insert(Names.nicknameKey(name))
        if hostID == nil { hostID = id }
        if !watching { readyCount += 1 }
        outbox.send([.joined(room: self.name), .room(info), membersLine, .you(members[id]!.state), .info(joinHint(for: id))]
                     + inProgress(at: now), to: id)
        requestRoomUpdate(at: now, except: id)
        maybeStartByItself(at: now)
    }

    /// What a newcomer needs to follow what is already under way: the open
    /// pair (with the time left in it, counted from when it opened) or the
    /// countdown's time left. Without it, a watcher would get PROGRESS and
    /// REVEAL for a pair it never saw.
    private func inProgress(at now: Instant) -> [ServerMessage] {
        if let ends = countdownEnds {
            return [.starting(milliseconds: max(0, Int(ends.milliseconds(since: now))))]
        }
        guard let current = match, let open = current.round else { return [] }
        let left = open.openedAt.adding(milliseconds: settings.rules.roundMilliseconds).milliseconds(since: now)
        return [roundLine(open, milliseconds: max(0, Int(left)))]
    }

    func remove(_ id: ConnectionID, at now: Instant) {
        guard let member = members.removeValue(forKey: id) else { return }
        nameKeys.remove(Names.nicknameKey(member.name))
        if member.ready { readyCount -= 1 }
        let remaining = members
        joinOrder.sweep(memberCount: members.count) { remaining[$0]?.joinSerial == $1 }
        if hostID == id {
            hostID = earliestMembers(1).first
            if let host = hostID { outbox.send(.info("\(member.name) left; you are the host now. \(hostHint)"), to: host) }
        }
        if countdownEnds != nil && readyCount < settings.autoStart {
            countdownEnds = nil
            outbox.send([.info("Not enough players any more: the countdown stopped.")], to: members.keys)
        }
        if match != nil {
            match!.remove(id)
            closeRoundIfDone(at: now)
        }
        requestRoomUpdate(at: now)
    }

    // MARK: Commands

    func start(by id: ConnectionID, at now: Instant) {
        guard match == nil else {
            return outbox.send(.error(ProtocolError(.gameOn, "A game is on: wait for it to end (answer with y / n if you play).")), to: id)
        }
        if id == hostID { return startGame(at: now) }
        guard settings.autoStart > 0 else {
            return outbox.send(.error(ProtocolError(.notHost, "Only the host (\(info.host)) starts games. Wait for them, or LEAVE.")), to: id)
        }
        if members[id]?.ready == false {
            members[id]?.ready = true
            readyCount += 1
        }
        outbox.send(.info("You are ready. \(autoStartHint)"), to: id)
        maybeStartByItself(at: now)
    }

    func answer(_ answer: Answer, round number: Int?, by id: ConnectionID, at now: Instant) {
        guard let openNumber = match?.round.map({ $0.index + 1 }) else {
            let text = match == nil ? "No game is on. \(startHint(for: id))" : "No pair is open; wait for the next ROUND."
            return outbox.send(.error(ProtocolError(.noRound, text)), to: id)
        }
        if let number, number != openNumber {
            return outbox.send(.error(ProtocolError(.wrongRound, "Round \(number) is not open; the current round is \(openNumber): type ANSWER \(openNumber) CORRECT|WRONG, or y / n.")), to: id)
        }
        // Changed in place: a copy of the match here would copy its tables on every answer.
        switch match!.answer(answer, by: id, at: now, namesRound: number != nil) {
        case .taken:
            outbox.send(.answerTaken(round: openNumber, answer), to: id)
        case .late:
            outbox.send(.error(ProtocolError(.tooLate, "Time was up for round \(openNumber): it counts as a timeout. Answer the next pair before it lands.")), to: id)
        case .meantForPreviousPair:
            let since = match!.clock(for: id).map { now.milliseconds(since: $0.start) } ?? 0
            return outbox.send(.error(ProtocolError(.tooSoon, "That answer came \(max(0, since)) ms after pair \(openNumber) reached you, too soon to be for it: it was a late answer to pair \(openNumber - 1) and does not count. Pair \(openNumber) is still open: answer it with y / n.")), to: id)
        case .alreadyAnswered:
            return outbox.send(.error(ProtocolError(.alreadyAnswered, "You already answered round \(openNumber); wait for the next ROUND.")), to: id)
        case .out:
            return outbox.send(.error(ProtocolError(.notPlaying, "You are out of this game (\(settings.rules.maxIncorrect) wrong attempts); you watch until it ends.")), to: id)
        case .notInMatch:
            return outbox.send(.error(ProtocolError(.notPlaying, "You joined during this game: you watch, and play from the next one.")), to: id)
        case .noOpenRound:
            return
        }
        if !closeRoundIfDone(at: now), progressUpdate.request(at: now, interval: Coalescer.interval(members: members.count)) {
            sendProgress()
        }
    }

    func status(of id: ConnectionID) {
        outbox.send([.room(info), membersLine, .you(members[id]?.state ?? .outside)], to: id)
    }

    /// The open round's line left for `id`: their time starts.
    func delivered(_ id: ConnectionID, tag: Int, _ delivery: Delivery) {
        guard tag == roundTag else { return }
        match?.delivered(to: id, delivery)
    }

    // MARK: Time

    var nextWakeup: Instant? {
        [countdownEnds, match?.roundDeadline, progressUpdate.due, roomUpdate.due].compactMap { $0 }.min()
    }

    func tick(at now: Instant) {
        if let ends = countdownEnds, now >= ends {
            countdownEnds = nil
            startGame(at: now)
        }
        closeRoundIfDone(at: now)
        if progressUpdate.fire(at: now), match?.round != nil { sendProgress() }
        if roomUpdate.fire(at: now) { outbox.send([.room(info), membersLine], to: members.keys) }
    }

    // MARK: The game

    private func maybeStartByItself(at now: Instant) {
        guard settings.autoStart > 0, match == nil, countdownEnds == nil, readyCount >= settings.autoStart else { return }
        if settings.countdownMilliseconds == 0 { return startGame(at: now) }
        countdownEnds = now.adding(milliseconds: settings.countdownMilliseconds)
        outbox.send([.starting(milliseconds: settings.countdownMilliseconds)], to: members.keys)
        requestRoomUpdate(at: now)
    }

    private func startGame(at now: Instant) {
        countdownEnds = nil
        let players = members.sorted { $0.value.joinSerial < $1.value.joinSerial }.map(\.key)
        let rules = settings.rules
        gamesStarted += 1
        var generator = SeededGenerator(seed: settings.seed.map { GameSeed.derive(serverSeed: $0, room: name, game: gamesStarted) }
                                                  ?? UInt64.random(in: .min ... .max))
        let pairs = Dealer(words: settings.words).deal(count: rules.pairCount, using: &generator)
        match = Match(pairs: pairs, rules: rules, players: players)
        for id in players { members[id]!.state = .playing }
        outbox.send([.game(GameInfo(pairs: rules.pairCount, roundMilliseconds: rules.roundMilliseconds,
                                    maxIncorrect: rules.maxIncorrect, players: players.count)), .you(.playing)],
                    to: players)
        requestRoomUpdate(at: now)
        openRound(at: now)
    }

    private func openRound(at now: Instant) {
        let round = match!.openRound(at: now)
        roundTag = nextTag()
        progressUpdate.cancel()
        outbox.sendTracked(roundLine(round, milliseconds: settings.rules.roundMilliseconds), tag: roundTag, to: members.keys)
    }

    private func roundLine(_ round: Match.Round, milliseconds: Int) -> ServerMessage {
        .round(RoundInfo(number: round.index + 1, pairs: match!.pairs.count, english: round.pair.english,
                         spanish: round.pair.spanish, milliseconds: milliseconds))
    }

    /// Closes the open round if everyone answered or time is up; true if it did.
    @discardableResult
    private func closeRoundIfDone(at now: Instant) -> Bool {
        guard match?.roundCanClose(at: now) == true else { return false }
        let outcome = match!.closeRound(at: now)
        let standings = match!.ranking()
        let pair = outcome.pair
        let reveal = Reveal(number: outcome.index + 1, english: pair.english, spanish: pair.spanish,
                            truth: pair.isCorrect ? .correct : .wrong, translation: pair.translation)
        outbox.send([.reveal(reveal)], to: members.keys)
        let places = Dictionary(uniqueKeysWithValues: standings.map { ($0.player, $0) })
        for (id, verdict) in outcome.verdicts {
            let place = places[id]!
            outbox.send(.result(RoundResult(number: outcome.index + 1, verdict: verdict, correct: place.score.correct,
                                            wrong: place.score.incorrect, rank: place.rank, ranked: standings.count)), to: id)
        }
        outbox.send(leaderboard(standings), to: members.keys)
        for id in outcome.eliminated {
            members[id]?.state = .out
            outbox.send(.you(.out), to: id)
        }
        if match!.isOver { endGame(standings: places, ranked: standings.count, at: now) } else { openRound(at: now) }
        return true
    }

    /// The top rows, then `END TOP`, so a reader knows the board is whole.
    private func leaderboard(_ standings: [Standing]) -> [ServerMessage] {
        standings.prefix(settings.leaderboardSize).map { standing in
            .top(TopEntry(rank: standing.rank, name: members[standing.player]?.name ?? "?", correct: standing.score.correct,
                          wrong: standing.score.incorrect, milliseconds: standing.score.answerMilliseconds))
        } + [.end("TOP")]
    }

    private func endGame(standings: [PlayerID: Standing], ranked: Int, at now: Instant) {
        match = nil
        readyCount = 0
        for (id, member) in members {
            let final = standings[id].map {
                GameOver(rank: $0.rank, ranked: ranked, correct: $0.score.correct, wrong: $0.score.incorrect,
                         milliseconds: $0.score.answerMilliseconds)
            } ?? GameOver(rank: 0, ranked: ranked, correct: 0, wrong: 0, milliseconds: 0)
            members[id] = Member(name: member.name, joinSerial: member.joinSerial, state: .lobby, ready: false)
            outbox.send([.gameOver(final), .you(.lobby), .info("Game over. \(againHint(for: id))")], to: id)
        }
        requestRoomUpdate(at: now)
    }

    private func sendProgress() {
        guard let current = match, let open = current.round else { return }
        outbox.send([.progress(round: open.index + 1, answered: open.answeredCount, playing: current.playingCount)],
                    to: members.keys)
    }

    /// `except`: a member who was just sent the same ROOM line directly.
    private func requestRoomUpdate(at now: Instant, except: ConnectionID? = nil) {
        if roomUpdate.request(at: now, interval: Coalescer.interval(members: members.count)) {
            outbox.send([.room(info), membersLine], to: members.keys.filter { $0 != except })
        }
    }

    // MARK: Hints for people at nc

    private var hostHint: String { "Type START when everyone is in." }

    private var autoStartHint: String {
        "The game starts by itself when \(settings.autoStart) player\(settings.autoStart == 1 ? " is" : "s are") ready (\(readyCount) now)."
    }

    private func startHint(for id: ConnectionID) -> String {
        if id == hostID { return "You are the host: type START." }
        if settings.autoStart > 0 { return autoStartHint }
        return "The host (\(info.host)) starts the game with START."
    }

    private func joinHint(for id: ConnectionID) -> String {
        if match != nil { return "A game is on: you watch, and play from the next one." }
        if settings.autoStart > 0 && readyCount >= settings.autoStart {
            let seconds = settings.countdownMilliseconds / 1_000
            return seconds == 0 ? "The game starts now." : "The game starts in \(seconds) s."
        }
        if id == hostID { return "You are the host. \(hostHint) Others join with JOIN \(name)." }
        return startHint(for: id)
    }

    private func againHint(for id: ConnectionID) -> String {
        if id == hostID { return "Type AGAIN to play again, or QUIT." }
        if settings.autoStart > 0 { return "Type AGAIN when you are ready for another game, or QUIT." }
        return "The host (\(info.host)) starts the next game; QUIT to leave."
    }
}
