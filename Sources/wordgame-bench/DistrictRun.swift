import Foundation
import WordGamePOSIX

// One run of the district bench: a fresh server, its rooms filled, the classes
// playing, a steady window measured (DistrictFigures), then everything closed.
// One thread drives every connection (DistrictSockets) and every timer: the
// answers players give and the teachers' STARTs.

final class DistrictRun {
    enum Timer {
        case answer(connection: Int, round: Int, yes: Bool)
        case start(room: Int)
    }

    let options: DistrictOptions
    let roomCount: Int
    let server: ServerProcess
    let sockets = DistrictSockets()
    let random: SoakRandom
    var rooms: [DistrictRoom] = []
    /// One a connection, at the connection's index.
    var seats: [DistrictSeat] = []
    var timers = TimerQueue<Timer>()
    /// Off once the window is over: no new answer or game, what is under way drains.
    var playing = true
    var tally = DistrictTally()
    /// The measured window, once it has begun.
    var window: (start: Double, end: Double)?
    private var nextSample = 0.0
    private var residentSamples: [Double] = []

    init(options: DistrictOptions, rooms: Int, run: Int, folder: String) {
        self.options = options
        roomCount = rooms
        random = SoakRandom(seed: options.seed &+ UInt64(rooms) &* 1_000 &+ UInt64(run))
        let connections = rooms * (options.players + 1)
        // As a school runs it (the lesson and results kept, the default start delay and rules), with room for the
        // district's connections, which all come from 127.0.0.1 here.
        server = ServerProcess(arguments: ["--state", folder + "/state", "--results", folder + "/results",
                                           "--max-connections", "\(connections + 64)", "--max-per-address", "\(connections + 64)"])
    }

    /// Fills the rooms, plays through the warm-up and the window, and returns what was measured.
    func measure() -> DistrictFigures {
        fillRooms()
        let begin = now()
        for room in rooms.indices {
            // Staggered: a pair's time (5 s) spread evenly over the rooms, as classes start when they start.
            let offset = options.aligned ? 0 : Double(room) * 5 / Double(roomCount)
            timers.add(.start(room: room), at: begin + offset)
        }
        play(until: begin + options.warmupSeconds)
        let before = DistrictSnapshot(self)
        window = (before.time, before.time + options.seconds)
        play(until: before.time + options.seconds)
        let after = DistrictSnapshot(self)
        // The rest drains: answers already sent are acknowledged, rounds under way close.
        playing = false
        timers = TimerQueue()
        play(until: now() + 1.5)
        var figures = DistrictFigures(rooms: roomCount, before: before, after: after, run: self)
        figures.residentMiB = percentile(residentSamples, 50) / 1_024
        figures.peakResidentMiB = peakResidentKiB(ofProcess: server.process.processIdentifier) / 1_024
        server.stop()
        sockets.closeAll()
        return figures
    }

    /// A host a room, each with its code and rules (everyone plays every pair), then its players, joined.
    private func fillRooms() {
        for room in 0..<roomCount {
            let host = open(room: room, seat: 0)
            rooms.append(DistrictRoom(host: host))
            sockets.send("HOST\n", to: host)
            pump(limit: 30, "room \(room)'s OK HOST") { rooms[room].code.isEmpty == false }
            // A teacher's choice: nobody sits out after 3 wrong answers, so every room keeps its 30 players.
            sockets.send("RULES OUT NEVER\n", to: host)
            for seat in 1...options.players {
                let player = open(room: room, seat: seat)
                rooms[room].players.append(player)
                sockets.send("NAME p\(seat)\nJOIN \(rooms[room].code)\n", to: player)
            }
            sockets.pump(milliseconds: 0, onLine: handle)
        }
        pump(limit: 120, "every player's OK JOIN and every room's OK RULES") {
            tally.joined == roomCount * options.players && tally.rulesSet == roomCount
        }
        play(until: now() + 1)  // the rooms' coalesced news of arrivals goes out
    }

    private func open(room: Int, seat: Int) -> Int {
        let index = sockets.open(webSocket: options.isWebSocket(seat: seat), port: server.port, webPort: server.webPort)
        seats.append(DistrictSeat(room: room, seat: seat))
        return index
    }

    private func pump(limit: Double, _ what: String, until done: () -> Bool) {
        let deadline = now() + limit
        while !done() {
            if now() > deadline { fail("\(what): not within \(Int(limit)) s") }
            sockets.pump(milliseconds: 100, onLine: handle)
        }
    }

    /// Reads and fires timers until `end`; samples the server's memory each second of the window.
    private func play(until end: Double) {
        while true {
            let moment = now()
            if moment >= end { return }
            while let (timer, lateness) = timers.popDue(at: now()) { fire(timer, lateness: lateness) }
            if let window, moment >= nextSample, moment >= window.start, moment < window.end {
                residentSamples.append(residentKiB(ofProcess: server.process.processIdentifier))
                nextSample = moment + 1
            }
            let next = min(timers.nextDue ?? end, end)
            // Rounded up: a wait of 0 ms would spin, one a millisecond short would fire early and wait again.
            let milliseconds = Int32(min(100, max(0, ((next - now()) * 1_000).rounded(.up))))
            sockets.pump(milliseconds: milliseconds, onLine: handle)
        }
    }

    private func fire(_ timer: Timer, lateness: Double) {
        switch timer {
        case .start(let room):
            guard playing else { return }
            sockets.send("START\n", to: rooms[room].host)
        case .answer(let connection, let round, let yes):
            // The pair closed before the answer's moment came (the bench ran late): not sent.
            guard playing, seats[connection].round == round else {
                tally.stale += 1
                return
            }
            sockets.send("ANSWER \(round) \(yes ? "y" : "n")\n", to: connection)
            seats[connection].answered = round
            seats[connection].saidYes = yes
            tally.answersSent += 1
            rooms[seats[connection].room].answerSent(round, at: now())
            if let window, now() >= window.start, now() < window.end { tally.lateness.append(lateness) }
        }
    }
}
