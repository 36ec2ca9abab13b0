import WordGame

/// One pass over a batch. Each message is written where it stands, looking
/// at its neighbours where they change how it reads.
struct HumanReading {
    let batch: [ServerMessage]
    let context: HumanText.Context
    var lines: [String] = []
    /// INFO, NOTICE, GAME and GAMEOVER say in words what a YOU line means: it adds nothing beside them.
    let youIsExplained: Bool
    /// Someone who is playing reads this batch: its ROUND is theirs to answer.
    let answering: Bool
    /// The batch is about a room made with HOST: its code is written in
    /// capitals, as the projector shows it and as the server's own texts say it.
    let hosted: Bool

    init(batch: [ServerMessage], context: HumanText.Context) {
        self.batch = batch
        self.context = context
        youIsExplained = batch.contains { message in
            switch message {
            case .info, .notice, .game, .gameOver: return true
            default: return false
            }
        }
        answering = context.answering || batch.contains(.you(.playing))
        hosted = batch.indices.contains { index in
            switch batch[index] {
            case .hosted, .you(.hosting): return true
            // A room made with JOIN lists its host first among its members; a hosted room's host is no member.
            case .room(let room):
                guard !room.host.isEmpty, index + 1 < batch.count, case .members(_, let names) = batch[index + 1] else { return false }
                return names.first != room.host
            default: return false
            }
        }
    }

    private func spoken(_ room: String) -> String { hosted ? room.uppercased() : room }

    private func message(_ index: Int) -> ServerMessage? { batch.indices.contains(index) ? batch[index] : nil }

    /// The run of messages from `index` on that `take` accepts.
    private func run<T>(from index: Int, _ take: (ServerMessage) -> T?) -> [T] {
        var items: [T] = []
        var cursor = index
        while let message = message(cursor), let item = take(message) {
            items.append(item)
            cursor += 1
        }
        return items
    }

    mutating func write(at index: Int) {
        let previous = message(index - 1), next = message(index + 1)
        typealias S = HumanSentences
        // No default: a new message does not compile until it is given its human form here.
        switch batch[index] {
        case .welcome:
            lines.append(batch[index].line)  // the one line that is the same in both modes
        case .help:
            if case .help? = previous { return }
            lines += HumanBlocks.help(run(from: index) { if case .help(let text) = $0 { text } else { nil } })
        case .end(let block):
            // A block's end is news only when the block was empty: "Nobody plays in the room yet."
            // (An empty PLAYED block, before the first reveal, has nothing to say.)
            switch block {
            case .roster:
                if case .roster? = previous { return }
                lines += HumanBlocks.roster([])
            case .hardest:
                if case .hardest? = previous { return }
                lines += HumanBlocks.hardest([])
            default: return
            }
        case .nameSet(let name):
            lines.append(S.nameSet(name, openRooms: context.openRooms))
        case .joined(let room):
            lines.append("You are in room \(spoken(room)).")
        case .left(let room):
            lines.append("You left room \(spoken(room)).")
        case .hosted(let room, let key):
            lines += S.hosted(room: room, key: key)
        case .watchingRoom(let room):
            if !youIsExplained { lines.append("You are watching room \(spoken(room)).") }
        case .lockSet(let locked):
            lines.append(locked ? "You locked the room." : "You unlocked the room.")
        case .kicked(let name):
            lines.append("You removed \(name) from the room.")
        case .stopped:
            lines.append("You stopped the game.")
        case .closed:
            lines.append("You closed the room.")
        case .answerTaken(let round, let answer):
            lines.append(S.answerTaken(round: round, answer, waiting: next == nil && context.endsTurn))
        case .error(let problem):
            lines.append("Sorry: \(problem.text)")
        case .room(let room):
            // Alone with MEMBERS, it is a room update (counts, host, state): the NOTICE beside it tells
            // the news. With YOU, it answers JOIN, STATUS or RESUME: where you are.
            guard batch.contains(where: { if case .you = $0 { true } else { false } }) else { return }
            // Practice: "You are practising alone" said it; "Room practice.3 has 1 player: Player" would add nothing.
            if batch.contains(where: { if case .practising = $0 { true } else { false } }) { return }
            let members: (Int, [String])? = if case .members(let total, let names)? = next { (total, names) } else { nil }
            lines.append(HumanBlocks.room(room, spokenName: spoken(room.name), members: members))
        case .members:
            return  // said with its ROOM line
        case .you(let state):
            if !youIsExplained { lines.append(S.you(state, openRooms: context.openRooms)) }
        case .starting(let milliseconds):
            lines.append(S.starting(milliseconds))
        case .game(let game):
            lines.append(S.game(game))
        case .round(let round):
            lines.append(S.round(round, answering: answering))
        case .progress:
            return  // many a pair in a class, and nothing to do about it; "Wait for the others…" says enough
        case .reveal(let reveal):
            guard case .result(let result)? = next, result.number == reveal.number else { return lines.append(S.reveal(reveal)) }
            lines.append(S.verdict(result, reveal))
        case .result(let result):
            if case .reveal(let reveal)? = previous, reveal.number == result.number {} else { lines.append(S.verdict(result, nil)) }
            lines.append(S.score(correct: result.correct, wrong: result.wrong, rank: result.rank, ranked: result.ranked))
        case .top:
            if case .top? = previous { return }
            let rows = run(from: index) { if case .top(let row) = $0 { row } else { nil } }
            guard rows.count > 1 else { return }  // a board of one repeats your score
            // After a pair, the first three on one line, so that the next pair stays on a small terminal
            // (your own rank is in your score's line, and GAMEOVER says your place); on coming back, the whole board.
            let whole = batch.contains { if case .score = $0 { true } else { false } }
            lines += whole ? HumanBlocks.leaderboard(rows) : HumanBlocks.podium(rows)
        case .gameOver(let over):
            // An observer's ranking follows; the INFO after it says the game is over.
            if over.rank == 0, case .ranking? = next { return }
            lines.append(S.gameOver(over))
        case .info(let text):
            if case .token? = previous { return }  // the TOKEN line said it
            // After "Game over! You finished…", the INFO's own "Game over." would say it twice.
            let gameOverSaid = batch[..<index].contains { if case .gameOver = $0 { true } else { false } }
            let prefix = "Game over. "
            lines.append(gameOverSaid && text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text)
        case .pong:
            lines.append("Pong: the server is there.")
        case .bye(let text):
            lines.append(text)
        case .notice(_, let text):
            lines.append(text)
        case .roster:
            if case .roster? = previous { return }
            lines += HumanBlocks.roster(run(from: index) { if case .roster(let name) = $0 { name } else { nil } })
        case .arrived, .departed:
            return  // the room's NOTICE names them, gathered ("Ana, Bo and 12 others joined.")
        case .waiting(let count, let names):
            lines.append(S.waiting(count: count, names: names))
        case .tally(let tally):
            // With one player in the pair, the tally is that player's verdict again.
            if tally.right + tally.wrong + tally.timeout > 1 { lines.append(S.tally(tally)) }
        case .ranking:
            if case .ranking? = previous { return }
            lines += HumanBlocks.ranking(run(from: index) { if case .ranking(let row) = $0 { row } else { nil } })
        case .resumed(let name, let room):
            lines.append("You have your seat back: \(name), in room \(spoken(room)).")
        case .token(let code, let grace):
            lines.append(S.token(code: code, graceSeconds: grace))
        case .restarting(let grace):
            lines.append(S.restarting(graceSeconds: grace))
        case .score(let correct, let wrong, let rank, let ranked):
            lines.append(S.score(correct: correct, wrong: wrong, rank: rank, ranked: ranked, lead: "Your score so far"))
        case .played:
            if case .played? = previous { return }
            lines += HumanBlocks.played(run(from: index) { if case .played(let pair) = $0 { pair } else { nil } })
        case .web(let url):
            lines.append(S.web(url))
        case .saved:
            return  // the INFO after it says where, in words
        case .games(let games):
            if games > 0 { lines.append("This room has played \(HumanFormat.count(games, "game")) before.") }
        case .rules(let rules):
            lines.append(S.rules(rules))
        case .wordList:
            if case .wordList? = previous { return }
            lines += HumanBlocks.wordLists(run(from: index) { if case .wordList(let name, let words) = $0 { (name, words) } else { nil } })
        case .rulesSet:
            lines.append("You changed the rules; everyone in the room is told.")
        case .moved:
            return  // the ERROR moved after it says where, in words
        case .hardest:
            if case .hardest? = previous { return }
            lines += HumanBlocks.hardest(run(from: index) { if case .hardest(let pair) = $0 { pair } else { nil } })
        case .practising(let list):
            lines.append("You are practising alone, on list \(list): nobody else can join this room.")
        case .languages(let from, let to):
            lines.append(S.languages(from: from, to: to))
        case .list:
            if case .list? = previous { return }
            lines += HumanBlocks.lists(run(from: index) { if case .list(let list) = $0 { list } else { nil } })
        case .skipped:
            if case .skipped? = previous { return }
            let counted: Int? = batch[index...].lazy
                .compactMap { if case .uploaded(let summary) = $0 { summary.skipped } else { nil } }.first
            lines += HumanBlocks.skipped(run(from: index) { if case .skipped(let line) = $0 { line } else { nil } }, of: counted)
        case .uploaded(let summary):
            lines.append(S.uploaded(summary))
        case .listKey(let name, let key):
            lines.append(S.listKey(name: name, key: key))
        case .done(let command):
            let name: String? = batch[..<index].lazy.compactMap { if case .uploaded(let summary) = $0 { summary.name } else { nil } }.last
            if let sentence = S.listDone(command, name: name) { lines.append(sentence) }
        }
    }
}
