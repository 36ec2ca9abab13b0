import Foundation
import Testing
import WordGame
import WordGamePOSIX
import WordGameProtocol
@testable import WordGameServer

/// The hub and its rooms with a made-up world around them, as isowords tests
/// its features: no sockets and no clock. Instants are given, random bits
/// come from a seeded generator, the wall clock stands still, and every line
/// a client would read is recorded for the test to compare whole (`expect`).
///
/// Clients stand for connections: messages to a seat go to the client that
/// speaks for it now, as the server's `ConnectionTable` does, and a seat held
/// for RESUME gets nothing. A client reads Protocol.md's lines (machine
/// mode, what most tests want) or, like a person at `nc`, sentences: those
/// are written by the server's own `HumanStream` and `HumanBatch`, and each
/// action of the test is one turn of the loop, whose end releases what a
/// human stream held back, as the server's flush does.
final class HubWorld {
    /// A connection, as the world keeps it.
    final class Client: SpeaksForASeat, CustomStringConvertible {
        let number: Int
        var player: PlayerID
        let address: String
        /// Lines received and not yet checked.
        var unread: [String] = []
        /// Every line received.
        var transcript: [String] = []
        /// Asked to close after its last lines (BYE): nothing more is queued for it.
        var closing = false
        var gone = false
        /// Its talk with the hub, as a server's connection has one.
        let session: Session

        init(number: Int, player: PlayerID, address: String, mode: LineMode) {
            self.number = number
            self.player = player
            self.address = address
            session = Session(mode: mode)
        }

        var mode: LineMode { session.mode }
        var standing: SeatStanding { session.seat }

        var description: String { "client \(number)" }
    }

    private(set) var hub: Hub!
    private(set) var now: Instant
    let settings: GameSettings
    let limits: ConnectionLimits
    private var clients: [Client] = []
    /// Human clients whose stream holds lines, for the turn's end.
    private var holding: [Client] = []
    private var byPlayer = SeatTable<Client>()
    private var nextNumber = 1
    /// Tracked lines, in order: the tag and who got it.
    private(set) var tracked: [(tag: Int, player: PlayerID)] = []
    /// Tracked lines not yet delivered (`deliverTracked`).
    private var undelivered: [(tag: Int, player: PlayerID)] = []
    /// Holds on addresses (wrong RESUME codes), in order.
    private(set) var holds: [(address: String, milliseconds: Int)] = []
    /// The console's lines.
    private(set) var log: [String] = []
    /// Finished games, as the results writer would get them.
    private(set) var games: [GameRecord] = []
    /// The fleet's directory, in a world whose server is one of a fleet (`fleet: true`).
    private(set) var directory: DirectoryDouble?
    /// Changes the lesson kept on disk would be saved for (`RoomEnvironment.changed`), counted.
    private(set) var lessonChanges = 0
    /// What the hub was made with, for a hub made again after a restart (`restart`).
    private var environment: RoomEnvironment!
    /// Clients whose command has its directory answer: their waiting lines run at the turn's end.
    private var answered: [Client] = []
    /// The list store, in a world given one (`listStore: true`): its requests wait for `answerListStore`.
    private(set) var listStore: ListStoreDouble?
    /// Seats whose connection has an upload open (`ConnectionControl.uploadOpen`): their LINEs are not paced.
    private(set) var uploadsOpen: Set<PlayerID> = []

    /// `browserAddress`: the web port's address, as a server with one gives rooms (nil: none).
    init(settings: GameSettings, limits: ConnectionLimits = ConnectionLimits(), seed: UInt64 = 9, start: Instant = .milliseconds(0),
         browserAddress: String? = nil, fleet: Bool = false, listStore: Bool = false) {
        self.settings = settings
        self.limits = limits
        now = start
        var tags = 0
        var generator = SeededGenerator(seed: seed)
        let store = listStore ? ListStoreDouble() : nil
        self.listStore = store
        let environment = RoomEnvironment(outbox: self, nextTag: { tags += 1; return tags }, random: { generator.next() },
                                          wallClock: { 1_763_900_000 }, log: { [unowned self] in log.append($0) },
                                          gameEnded: { [unowned self] in games.append($0) },
                                          changed: { [unowned self] in lessonChanges += 1 },
                                          browserAddress: { room in browserAddress.map { $0 + "?room=" + room.uppercased() } },
                                          lists: WordListCatalog(settings), listStore: store)
        self.environment = environment
        hub = Hub(settings: settings, environment: environment, control: self, limits: limits)
        if fleet {
            directory = DirectoryDouble()
            hub.directory = directory
        }
    }

    /// The game's defaults as a test wants them: the server's own word list,
    /// seed 1 (the same pairs every run), no start delay, `rules` as given.
    convenience init(rules: Rules = .original, seed: UInt64? = 1, autoStart: Int = 0, countdownMilliseconds: Int = 0,
                     startDelayMilliseconds: Int = 0, openRooms: Bool = true,
                     resumeGraceMilliseconds: Int = GameSettings.defaultResumeGraceMilliseconds,
                     limits: ConnectionLimits = ConnectionLimits(), fleet: Bool = false, listStore: Bool = false) {
        self.init(settings: GameSettings(words: TestServer.defaultWords, rules: rules, seed: seed, autoStart: autoStart,
                                         countdownMilliseconds: countdownMilliseconds, startDelayMilliseconds: startDelayMilliseconds,
                                         openRooms: openRooms, resumeGraceMilliseconds: resumeGraceMilliseconds),
                  limits: limits, fleet: fleet, listStore: listStore)
    }

    // MARK: Driving it

    /// A new connection: the hub greets it. Its seat is numbered as the
    /// server numbers them. `mode`: machine, as a program that sends `MODE
    /// MACHINE` first; human, as a person at `nc`.
    @discardableResult
    func connect(from address: String = "192.0.2.1", mode: LineMode = .machine) -> Client {
        let client = Client(number: nextNumber, player: PlayerID(nextNumber), address: address, mode: mode)
        nextNumber += 1
        clients.append(client)
        byPlayer.add(client)
        hub.connected(client.player, address: address)
        endTurn()
        return client
    }

    /// A line from `client`, run as the server runs it (`Session.run`).
    func type(_ line: String, from client: Client) {
        precondition(!client.gone, "\(client) is gone")
        guard !client.closing else { return }  // the server throws a closing connection's input away
        run(.line(line), from: client)
        endTurn()
    }

    private func run(_ frame: LineFramer.Frame, from client: Client) {
        switch client.session.run(frame, as: client.player, in: hub, at: now, maxLineBytes: LineFramer.defaultMaxLineBytes) {
        case .nothing: break
        case .lines(let lines): queue(lines, for: client)
        case .message(let message): deliver([message], to: client)
        }
    }

    /// `NAME` and `JOIN` from a new connection, and the lines they bring left unread.
    @discardableResult
    func player(_ name: String, room: String? = nil, from address: String = "192.0.2.1", mode: LineMode = .machine) -> Client {
        let client = connect(from: address, mode: mode)
        type("NAME \(name)", from: client)
        type(room.map { "JOIN \($0)" } ?? "JOIN", from: client)
        client.unread.removeAll()
        return client
    }

    /// The server process ends without a word (a crash, `kill -9`) and starts again: every connection is
    /// gone, and a new hub takes up the lesson as the old one kept it, through the file's JSON.
    @discardableResult
    /// `lists`: the lists the new server finds (a list's file taken away meanwhile); nil: the same as before.
    func restart(lists: WordListCatalog? = nil) throws -> Hub.Restored {
        let saved = try JSONEncoder().encode(hub.lessonState(savedAt: 1_763_900_000, serverID: nil))
        for client in clients where !client.gone {
            client.gone = true
            byPlayer.remove(client)
        }
        if let lists { environment.lists = lists }
        hub = Hub(settings: settings, environment: environment, control: self, limits: limits)
        return hub.restore(try JSONDecoder().decode(LessonState.self, from: saved), at: now)
    }

    /// Time passes: the hub's deadlines up to `instant` are met, in order.
    func advance(to instant: Instant) {
        precondition(instant >= now, "time runs forward")
        while let due = hub.nextWakeup, due <= instant {
            now = max(now, due)
            hub.tick(at: now)
        }
        now = instant
        hub.tick(at: now)
        endTurn()
    }

    func advance(by milliseconds: Int) { advance(to: now.adding(milliseconds: milliseconds)) }

    /// The tracked line with `tag` left for `client` at `instant` (now if not
    /// given), after a round trip of `roundTrip` milliseconds: their clock starts.
    func deliver(tag: Int, to client: Client, at instant: Instant? = nil, roundTrip: Int64? = nil) {
        hub.delivered(client.player, tag: tag, Delivery(at: instant ?? now, roundTripNanoseconds: roundTrip.map { $0 * 1_000_000 }))
        endTurn()
    }

    /// The directory answers the oldest request it holds (the server's loop
    /// gets it in the mail); the request must be `request`.
    func answerDirectory(_ request: DirectoryDouble.Request, _ answer: DirectoryAnswer,
                         sourceLocation: SourceLocation = #_sourceLocation) {
        guard let directory, !directory.pending.isEmpty else {
            Issue.record("the directory holds no request", sourceLocation: sourceLocation)
            return
        }
        let (ticket, asked) = directory.pending.removeFirst()
        #expect(asked == request, sourceLocation: sourceLocation)
        hub.directoryAnswered(ticket: ticket, answer, at: now)
        endTurn()
    }

    /// The list store answers the oldest request it holds (`problem` nil: done), as the server's loop gets it in the mail.
    func answerListStore(problem: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let listStore, !listStore.pending.isEmpty else {
            Issue.record("the list store holds no request", sourceLocation: sourceLocation)
            return
        }
        let request = listStore.pending.removeFirst()
        hub.listStored(ListStoreOutcome(ticket: request.ticket, problem: problem))
        endTurn()
    }

    /// Every tracked line not yet delivered leaves now, for every seat that got one.
    func deliverTracked() {
        let leaving = undelivered
        undelivered.removeAll()
        for (tag, player) in leaving { hub.delivered(player, tag: tag, Delivery(at: now)) }
        endTurn()
    }

    /// The tag of the last tracked line (the open pair's).
    var lastTag: Int? { tracked.last?.tag }

    /// A named answer from `client` to the last pair it was sent, right or
    /// wrong as asked, judged by the game's own word list (`BotAnswer`).
    func answer(from client: Client, rightly: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let round = lastRound(of: client) else {
            Issue.record("\(client) was sent no pair", sourceLocation: sourceLocation)
            return
        }
        type(BotAnswer.line(for: round, rightly: rightly, words: settings.words), from: client)
    }

    /// The connection goes without a goodbye (reset, closed, silent): its seat may be held.
    func drop(_ client: Client) {
        guard !client.gone else { return }
        client.gone = true
        byPlayer.remove(client)
        hub.disconnected(client.player, at: now)
        endTurn()
    }

    /// The end of a turn of the loop: what a human stream held back goes out
    /// as the last lines for now (`WritePath.flush`).
    private func endTurn() {
        let waiting = holding
        holding.removeAll()
        for client in waiting where !client.gone {
            if let held = client.session.human.releaseAtPause() { queue(held, for: client) }
        }
        // Lines that waited for a directory's answer run now, in order (one that waits again keeps the rest waiting).
        let released = answered
        answered.removeAll()
        for client in released where !client.gone && !client.closing {
            // A closing connection's input is thrown away, as the server's input path does.
            for frame in client.session.takeWaitingLines() where !client.closing { run(frame, from: client) }
            endTurn()
        }
    }

    // MARK: Checking it

    /// The lines `client` got since the last check, which must be `lines` exactly.
    func expect(_ client: Client, _ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(client.unread == lines, "\(client)", sourceLocation: sourceLocation)
        client.unread.removeAll()
    }

    /// The resume code the hub gave `client`'s seat (its last `TOKEN` line).
    func code(of client: HubWorld.Client) -> String {
        for line in client.transcript.reversed() {
            if case .token(let code, _)? = try? ServerMessage(line: line) { return code }
            if line.hasPrefix("If your connection drops"), let range = line.range(of: "RESUME ") {
                return String(line[range.upperBound...].prefix(8))
            }
        }
        return hub.sessions[client.player]?.token ?? "(none)"
    }

    /// The last pair `client` was sent (its latest `ROUND` line, read or not).
    func lastRound(of client: Client) -> RoundInfo? {
        for line in client.transcript.reversed() {
            if case .round(let round)? = try? ServerMessage(line: line) { return round }
        }
        return nil
    }

    /// The lines `client` got since the last check, taken.
    func take(_ client: Client) -> [String] {
        defer { client.unread.removeAll() }
        return client.unread
    }

    /// The messages `client` got since the last check, taken.
    func messages(_ client: Client) -> [ServerMessage] {
        take(client).compactMap { try? ServerMessage(line: $0) }
    }

    /// Every client has had every line checked.
    func expectNothingUnread(sourceLocation: SourceLocation = #_sourceLocation) {
        for client in clients where !client.unread.isEmpty {
            Issue.record("\(client) has unread lines: \(client.unread)", sourceLocation: sourceLocation)
        }
    }

    /// Messages for `client`, as its connection would write them: lines, or
    /// sentences through its human stream (`WritePathOutbox.deliver`).
    private func deliver(_ messages: [ServerMessage], tag: Int? = nil, answering: Bool = false, to client: Client) {
        guard client.mode == .human else {
            for message in messages { queue(message.line, for: client) }
            return
        }
        let render = { (messages: [ServerMessage]) in HumanBatch(messages, context: HumanText.Context(openRooms: self.settings.openRooms)) }
        let batch = HumanBatch(messages, context: HumanText.Context(openRooms: settings.openRooms, answering: answering))
        for piece in client.session.human.deliver(batch, tag: tag, render: render) { queue(piece.bytes, for: client) }
        if client.session.human.isHolding { holding.append(client) }  // as the write path marks it dirty
    }

    private func queue(_ bytes: [UInt8], for client: Client) {
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            queue(String(line), for: client)
        }
    }

    private func queue(_ line: String, for client: Client) {
        guard !client.closing, !client.gone else { return }
        client.unread.append(line)
        client.transcript.append(line)
    }
}

extension HubWorld: Outbox {
    func send(_ message: ServerMessage, to player: PlayerID) {
        send([message], to: CollectionOfOne(player))
    }

    func send<C: Collection>(_ messages: [ServerMessage], to players: C) where C.Element == PlayerID {
        guard !messages.isEmpty else { return }
        for player in players {
            guard let client = byPlayer[player] else { continue }
            deliver(messages, to: client)
        }
    }

    func sendTracked<C: Collection>(_ message: ServerMessage, tag: Int, to players: C) where C.Element == PlayerID {
        for player in players {
            guard let client = byPlayer[player] else { continue }
            deliver([message], tag: tag, answering: true, to: client)
            tracked.append((tag, player))
            undelivered.append((tag, player))
        }
    }
}

extension HubWorld: ConnectionControl {
    func closeAfterFlush(_ player: PlayerID) {
        byPlayer[player]?.closing = true
    }

    func rebind(_ held: PlayerID, to newcomer: PlayerID) {
        byPlayer.rebind(held, to: newcomer) {
            defer { nextNumber += 1 }
            return PlayerID(nextNumber)
        }
    }

    func holdInput(fromAddressOf player: PlayerID, milliseconds: Int) {
        guard let client = byPlayer[player] else { return }
        holds.append((client.address, milliseconds))
    }

    func seatChanged(_ player: PlayerID, _ standing: SeatStanding) {
        byPlayer[player]?.session.seat = standing
    }

    func readsSentences(_ player: PlayerID) -> Bool {
        byPlayer[player]?.mode == .human
    }

    func uploadOpen(_ player: PlayerID, _ open: Bool) {
        if open { uploadsOpen.insert(player) } else { uploadsOpen.remove(player) }
        byPlayer[player]?.session.uploadOpen = open
    }

    func awaitDirectory(_ player: PlayerID, _ waiting: Bool) {
        guard let client = byPlayer[player] else { return }
        client.session.awaitDirectory(waiting)
        if !waiting { answered.append(client) }  // as the server parks it: its waiting lines run at the turn's end
    }
}
