import WordGame
import WordGameProtocol

/// The game played in a room: starting, the rounds, answers, the end, and the
/// record kept for the results files.
extension Room {
    // MARK: Starting

    /// START from `id`: the host starts the game (after the start delay when it
    /// brings in others; a second START during it starts at once); in a room
    /// with auto-start, anyone else says they are ready. `first`: the English
    /// words the game deals first (`START MISSED`, `RoomMissed.swift`).
    func start(by id: PlayerID, at now: Instant, first: [String] = []) {
        if case .playing = phase {
            return outbox.send(.error(ProtocolError(.gameOn, Self.gameIsOn)), to: id)
        }
        if isHost(id) {
            let delay = settings.startDelayMilliseconds
            let pullsInOthers = roster.members.keys.contains { $0 != id }
            // A START during the countdown deals what the countdown would have; a START MISSED, the missed words.
            guard delay > 0, pullsInOthers, countdown == nil else { return startGame(by: id, at: now, first: first.isEmpty ? nil : first) }
            phase = .countdown(Countdown(ends: now.adding(milliseconds: delay), byHost: true, first: first))
            broadcast([.starting(milliseconds: delay)])
            environment.log(ConsoleTexts.startsIn(room: name, seconds: delay / 1_000))
            return requestRoomUpdate(at: now)
        }
        guard autoStart > 0, roster.members[id] != nil else {
            return outbox.send(.error(ProtocolError(.notHost, notHostText)), to: id)
        }
        roster.markReady(id)
        outbox.send(.info(readyText), to: id)
        maybeStartByItself(at: now)
    }

    func maybeStartByItself(at now: Instant) {
        guard autoStart > 0, case .lobby = phase, roster.readyCount >= autoStart else { return }
        if settings.countdownMilliseconds == 0 { return startGame(by: nil, at: now) }
        phase = .countdown(Countdown(ends: now.adding(milliseconds: settings.countdownMilliseconds), byHost: false))
        broadcast([.starting(milliseconds: settings.countdownMilliseconds)])
        requestRoomUpdate(at: now)
    }

    /// Starts a game with every member; `starter` is the host who asked, nil when it started by itself.
    /// `first`: the English words dealt first; nil, those of the countdown that ends (none without one).
    func startGame(by starter: PlayerID?, at now: Instant, first: [String]? = nil) {
        let byHost = starter != nil || countdown?.byHost == true
        let first = first ?? countdown?.first ?? []
        phase = .lobby
        guard !roster.members.isEmpty else {
            if let starter { outbox.send(.error(ProtocolError(.noPlayers, Self.nobodyYet)), to: starter) }
            return requestRoomUpdate(at: now)  // a countdown everyone left: the room is back in its lobby
        }
        gamesStarted += 1
        environment.changed()
        let players = roster.members.sorted { $0.value.joinSerial < $1.value.joinSerial }.map(\.key)
        var generator = SeededGenerator(seed: settings.seed.map { GameSeed.derive(serverSeed: $0, room: name, game: gamesStarted) }
                                                  ?? environment.random())
        let words = environment.lists.list(named: listName) ?? environment.lists.standard
        let pairs = Dealer(words: words).deal(count: rules.pairCount, first: first, using: &generator)
        let record = GameRecord(room: name, number: gamesStarted, rules: rules, wordList: listName, startedAt: environment.wallClock(),
                                pairs: pairs, players: players.map { roster.members[$0]!.name })
        let game = GameSession(match: Match(pairs: pairs, rules: rules, players: players), record: record)
        game.languages = (words.from, words.to)
        phase = .playing(game)
        for id in players { roster.members[id]!.state = .playing }
        let line = gameLine(players: players.count)
        outbox.send([line, .you(.playing)], to: players)
        outbox.send([line], to: observers)
        broadcast([.notice(.started, isPractice ? Self.practiceStarted : Self.started(byHost: byHost, missedFirst: !first.isEmpty))])
        environment.log(ConsoleTexts.started(room: name, game: gamesStarted, players: players.count))
        requestRoomUpdate(at: now)
        openRound(of: game, at: now)
    }

    /// The `GAME` line the game on began with (its players then, those who
    /// left since included), for whoever arrives or comes back mid-game.
    var currentGameLine: ServerMessage? {
        game.map { gameLine(players: $0.match.players.count) }
    }

    /// `GAME`: the rules of the game on (the host cannot change them while it plays), and how many play it.
    func gameLine(players: Int) -> ServerMessage {
        let rules = game?.match.rules ?? rules
        return .game(GameInfo(pairs: rules.pairCount, roundMilliseconds: rules.roundMilliseconds, maxIncorrect: rules.maxIncorrect,
                              players: players))
    }

    // MARK: Rounds

    /// Opens the next pair and sends it (the first pair of a game; the next
    /// ones go with the close of the one before, `RoomRoundClose.swift`).
    func openRound(of game: GameSession, at now: Instant) {
        let line = beginRound(of: game, at: now)
        // Only a playing member's clock starts with the line, so only theirs is
        // tracked (each tracked line costs a TCP_INFO read when it leaves).
        let playing = roster.members.compactMap { $0.value.state == .playing ? $0.key : nil }
        let watching = roster.members.compactMap { $0.value.state == .playing ? nil : $0.key }
        outbox.sendTracked(line, tag: game.roundTag, to: playing)
        for id in playing where roster.members[id]?.away == true { game.match.playerAway(id) }
        outbox.send([line], to: watching + observers)
        game.thinking = nil
        updateThinking()
        outbox.send(thinkingLines(), to: observers)
    }

    /// Opens the next pair in the match; returns its `ROUND` line.
    func beginRound(of game: GameSession, at now: Instant) -> ServerMessage {
        let round = game.match.openRound(at: now)
        game.roundTag = environment.nextTag()
        updates.progress.cancel()
        updates.watching.cancel()
        return roundLine(round, of: game, milliseconds: rules.roundMilliseconds)
    }

    /// The open round's line left for `id`: their time starts.
    func delivered(_ id: PlayerID, tag: Int, _ delivery: Delivery) {
        guard let game, tag == game.roundTag else { return }
        game.match.delivered(to: id, delivery)
    }

    func roundLine(_ round: Match.Round, of game: GameSession, milliseconds: Int) -> ServerMessage {
        .round(RoundInfo(number: round.index + 1, pairs: game.match.pairs.count, english: round.pair.english,
                         spanish: round.pair.spanish, milliseconds: milliseconds))
    }

    func answer(_ answer: Answer, round number: Int?, by id: PlayerID, at now: Instant) {
        guard let game, let open = game.match.round else {
            let text = game == nil ? noGameText(for: id) : Self.noPairOpen
            return outbox.send(.error(ProtocolError(.noRound, text)), to: id)
        }
        let openNumber = open.index + 1
        if let number, number != openNumber {
            return outbox.send(.error(ProtocolError(.wrongRound, Self.roundNotOpen(number, open: openNumber))), to: id)
        }
        // Changed in place: a copy of the match here would copy its tables on every answer.
        switch game.match.answer(answer, by: id, at: now, namesRound: number != nil) {
        case .taken:
            environment.counters?.answers += 1
            outbox.send(.answerTaken(round: openNumber, answer), to: id)
        case .late:
            outbox.send(.error(ProtocolError(.tooLate, Self.timeWasUp(openNumber))), to: id)
        case .meantForPreviousPair:
            // Before the pair left, the clock shown is the fallback one, still ahead: "before it reached you".
            let since = game.match.clock(for: id).map { now.milliseconds(since: $0.start) } ?? -1
            return outbox.send(.error(ProtocolError(.tooSoon, Self.tooSoon(millisecondsAfter: since, open: openNumber))), to: id)
        case .alreadyAnswered:
            return outbox.send(.error(ProtocolError(.alreadyAnswered, Self.alreadyAnswered(openNumber))), to: id)
        case .out:
            return outbox.send(.error(ProtocolError(.notPlaying, Self.outOfGame(maxIncorrect: rules.maxIncorrect))), to: id)
        case .notInMatch:
            let text = roster.members[id] == nil ? Self.notAPlayer(hosting: role(of: id) == .hosting) : Self.joinedMidGame
            return outbox.send(.error(ProtocolError(.notPlaying, text)), to: id)
        case .noOpenRound:
            return
        }
        game.thinking?.removeAll { $0 == id }
        updateThinking()
        guard !closeRoundIfDone(at: now) else { return }
        let members = roster.members.count
        if updates.progress.request(at: now, interval: Coalescer.progressInterval(members: members)) { sendProgress() }
        if updates.watching.request(at: now, interval: Coalescer.interval(members: members)) { sendWatching() }
    }

    /// Starts naming the players still thinking once they are few enough: one
    /// pass over the room a round at most, and only then (a room of thousands
    /// pays nothing per answer for it).
    func updateThinking() {
        guard let game, game.thinking == nil, let open = game.match.round, open.waitingForAnswer <= waitingListed else { return }
        game.thinking = game.match.unanswered().sorted { (game.slots[$0] ?? 0) < (game.slots[$1] ?? 0) }
    }

    /// WAITING for the observers: the count, and the names once few enough.
    func thinkingLines() -> [ServerMessage] {
        guard let game, let open = game.match.round else { return [] }
        let names = game.thinking?.compactMap { roster.members[$0]?.name } ?? []
        return [.waiting(count: open.waitingForAnswer, names: names)]
    }

    /// PROGRESS to the members.
    func sendProgress() {
        guard let line = progressLine() else { return }
        outbox.send([line], to: roster.members.keys)
    }

    /// PROGRESS and WAITING to the observers.
    func sendWatching() {
        guard let line = progressLine() else { return }
        outbox.send([line] + thinkingLines(), to: observers)
    }

    private func progressLine() -> ServerMessage? {
        guard let game, let open = game.match.round else { return nil }
        return .progress(round: open.index + 1, answered: open.answeredCount, playing: game.match.playingCount)
    }

    /// The top rows, then `END TOP`, so a reader knows the board is whole.
    func leaderboard(_ standings: [Standing]) -> [ServerMessage] {
        standings.prefix(settings.leaderboardSize).map { standing in
            .top(TopEntry(rank: standing.rank, name: roster.members[standing.player]?.name ?? "?", correct: standing.score.correct,
                          wrong: standing.score.incorrect, milliseconds: standing.score.answerMilliseconds))
        } + [.end(.top)]
    }

    // MARK: The end

    /// The game is over: after its last pair, when nobody is still in, or
    /// when the host stops it. Everyone gets their final score, the observers
    /// the whole ranking, and the record goes to the results files.
    func endGame(standings: [Standing], stoppedEarly: Bool, at now: Instant) {
        guard let session = game else { return }
        environment.changed()
        let ranked = standings.count
        let places = Dictionary(uniqueKeysWithValues: standings.map { ($0.player, $0) })
        let playedPairs = session.match.roundsPlayed
        phase = .lobby
        roster.readyCount = 0
        // Kept before the goodbyes: the host's hint offers the missed words when there are some.
        lastGame = LastGame(list: session.record.wordList, tallies: session.record.pairTallies)
        for (id, member) in roster.members {
            let final = places[id].map {
                GameOver(rank: $0.rank, ranked: ranked, correct: $0.score.correct, wrong: $0.score.incorrect,
                         milliseconds: $0.score.answerMilliseconds)
            } ?? GameOver(rank: 0, ranked: ranked, correct: 0, wrong: 0, milliseconds: 0)
            roster.members[id] = Roster.Member(name: member.name, joinSerial: member.joinSerial, state: .lobby, ready: false,
                                               away: member.away)
            outbox.send([.gameOver(final), .you(.lobby), .info(gameOverText(for: id))], to: id)
        }
        let watched = GameOver(rank: 0, ranked: ranked, correct: 0, wrong: 0, milliseconds: 0)
        // The ranking (up to 2,000 lines) and the hardest pairs are encoded once for all observers; only the hint differs.
        outbox.send([.gameOver(watched)] + wholeRanking(standings, of: session) + hardestLines, to: observers)
        for id in observers { outbox.send(.info(observerGameOverText(for: id)), to: id) }
        if stoppedEarly { broadcast([.notice(.stopped, Self.endedEarly(afterPair: playedPairs))]) }
        var finished = session.record
        finished.finish(at: environment.wallClock(), ranks: Dictionary(uniqueKeysWithValues: standings.compactMap { standing in
            session.slots[standing.player].map { ($0, standing.rank) }
        }), stoppedEarly: stoppedEarly)
        environment.log(ConsoleTexts.over(room: name, game: finished.number, pairs: playedPairs,
                                          first: standings.first.flatMap { roster.members[$0.player]?.name }))
        // A practice game is the student's own: nothing of it goes to the results.
        if !isPractice { environment.gameEnded(finished, session.languages ?? environment.lists.languages(of: finished.wordList)) }
        announceListAfterGame(played: session.languages)
        requestRoomUpdate(at: now)
    }

    /// Every ranked player, best first, for the observers' podium and pages:
    /// at most `rankingListed` rows (the results files hold everyone).
    func wholeRanking(_ standings: [Standing], of session: GameSession) -> [ServerMessage] {
        standings.prefix(Self.rankingListed).map { standing in
            let outAt = session.slots[standing.player].flatMap { session.record.totals(slot: $0).outAt } ?? 0
            return .ranking(RankingEntry(rank: standing.rank, name: roster.members[standing.player]?.name ?? "?",
                                         correct: standing.score.correct, wrong: standing.score.incorrect,
                                         milliseconds: standing.score.answerMilliseconds, outAt: outAt))
        } + [.end(.ranking)]
    }

    /// RANKING lists at most this many rows.
    static let rankingListed = 2_000
}
