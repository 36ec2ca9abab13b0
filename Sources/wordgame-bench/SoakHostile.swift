// Connections that misbehave while the bots play, each cycling through the
// kinds below, from 127.0.0.1 like the bots: the server limits wrong RESUME
// codes per address, and a guesser must not keep the bots behind the same
// address from coming back (a school's shared NAT address is the case this
// stands for). Each records how it ended: the server's BYE, a
// close or reset by the server, or still open when the hostile gave up.

enum HostileKind: String, CaseIterable {
    case silent = "silent after MODE MACHINE"
    case flood = "HELP flood, never reads"
    case longLine = "80 KiB line, no line end"
    case garbage = "random bytes, invalid UTF-8"
    case wrongCodes = "wrong RESUME codes in a loop"
    case churn = "rapid connect/disconnect"

    /// How long a connection of this kind keeps at it before it gives up.
    var patience: Double {
        switch self {
        case .silent: return 90
        case .flood: return 100
        case .longLine: return 30
        case .garbage: return 10
        case .wrongCodes: return 15
        case .churn: return 2
        }
    }
}

final class HostileStats {
    var opened: [HostileKind: Int] = [:]
    var endings: [HostileKind: [String: Int]] = [:]
    var notes: [HostileKind: [String: Int]] = [:]
    var openedTotal: Int { opened.values.reduce(0, +) }

    func ended(_ kind: HostileKind, _ how: String) { endings[kind, default: [:]][how, default: 0] += 1 }
    func note(_ kind: HostileKind, _ what: String, _ count: Int = 1) { notes[kind, default: [:]][what, default: 0] += count }
}

protocol HostileWorld: AnyObject {
    var now: Double { get }
    var random: SoakRandom { get }
    var hostileStats: HostileStats { get }
    /// A new socket for `hostile`; nil if none could be made.
    func open(for hostile: SoakHostile, reads: Bool, receiveBuffer: Int32?) -> Int?
    func send(_ bytes: [UInt8], from hostile: SoakHostile)
    func close(_ hostile: SoakHostile, reset: Bool)
    func schedule(_ hostile: SoakHostile, after seconds: Double)
    func setWantsWritable(_ hostile: SoakHostile)
    func queuedBytes(_ hostile: SoakHostile) -> Int
}

final class SoakHostile {
    let index: Int
    unowned let world: HostileWorld
    private(set) var kind: HostileKind
    var slot: Int?
    var generation = 0
    private var startedAt = 0.0
    private var bye: String?
    private var errors: [String: Int] = [:]
    private var sent = 0
    private var lastDrainAt = 0.0
    private var stalledAfter: Double?
    private var churnLeft = 0
    private var churnGreeted = false
    private var stopped = false

    init(index: Int, world: HostileWorld) {
        self.index = index
        self.world = world
        kind = HostileKind.allCases[index % HostileKind.allCases.count]
    }

    private var stats: HostileStats { world.hostileStats }
    private var age: Double { world.now - startedAt }

    /// Starts the current kind's connection.
    func begin() {
        guard !stopped else { return }
        if kind == .churn && churnLeft == 0 { churnLeft = 40 }
        bye = nil
        errors = [:]
        sent = 0
        stalledAfter = nil
        churnGreeted = false
        startedAt = world.now
        lastDrainAt = world.now
        generation += 1
        let flood = kind == .flood
        guard let slot = world.open(for: self, reads: !flood, receiveBuffer: flood ? 4_096 : nil) else {
            stats.note(kind, "could not make a socket")
            return world.schedule(self, after: 1)
        }
        self.slot = slot
        stats.opened[kind, default: 0] += 1
        switch kind {
        case .silent: break
        case .flood: world.setWantsWritable(self)
        case .longLine: sendBytes(Array(repeating: UInt8(ascii: "x"), count: 80 * 1_024))
        case .garbage, .wrongCodes: tick()
        case .churn:
            // Half hang up at once, half once greeted.
            if churnLeft % 2 == 0 { return end("closed by us at once", reset: churnLeft % 4 == 0) }
        }
        world.schedule(self, after: kind == .garbage || kind == .wrongCodes ? 0.15 : kind == .flood ? 1 : kind.patience)
    }

    /// Stops for good (the soak is over): an open connection is closed as "still open at the end".
    func stop() {
        guard !stopped else { return }
        if slot != nil { end("still open when the soak ended", reset: false) }
        stopped = true
    }

    private func sendBytes(_ bytes: [UInt8]) {
        sent += bytes.count
        world.send(bytes, from: self)
    }

    // MARK: Events

    func timer() {
        guard slot != nil else { return begin() }
        if age >= kind.patience {
            switch kind {
            case .silent: return end("open after \(Int(kind.patience)) s: closed by us", reset: false)
            case .flood:
                stats.note(kind, "KiB sent", sent / 1_024)
                let stall = stalledAfter.map { "sending stalled after \(bucket($0)) s" } ?? "never stalled"
                return end("open after \(Int(kind.patience)) s (\(stall)): closed by us", reset: true)
            case .longLine: return end("open after \(Int(kind.patience)) s: closed by us", reset: false)
            case .garbage: return end("kept open by the server for \(Int(kind.patience)) s (as it should): closed by us", reset: false)
            case .wrongCodes: return end("kept open \(Int(kind.patience)) s: closed by us", reset: false)
            case .churn: return end("no greeting within 2 s: closed by us", reset: false)
            }
        }
        tick()
        world.schedule(self, after: kind == .garbage || kind == .wrongCodes ? 0.15 : 1)
    }

    /// One step of the kinds that keep sending.
    private func tick() {
        switch kind {
        case .garbage: sendBytes(garbage())
        case .wrongCodes:
            let alphabet = Array("ABCDEFGHJKMNPQRTUVWXY346789".utf8)
            sendBytes(Array("RESUME ".utf8) + (0..<8).map { _ in world.random.pick(alphabet) } + [0x0A])
        case .flood:
            if world.queuedBytes(self) > 0 && stalledAfter == nil && world.now - lastDrainAt > 5 { stalledAfter = lastDrainAt - startedAt }
        default: break
        }
    }

    /// Bytes no command is made of: no ASCII letters; high bytes that are
    /// rarely valid UTF-8; control characters; line ends now and then.
    private func garbage() -> [UInt8] {
        (0..<120).map { _ in
            let roll = world.random.int(0..<100)
            if roll < 5 { return 0x0A }
            if roll < 60 { return UInt8(0x80 + world.random.int(0..<128)) }
            if roll < 75 { return UInt8(world.random.int(0..<32)) }
            return UInt8(ascii: "0") + UInt8(world.random.int(0..<10))
        }
    }

    func writable() {
        guard kind == .flood, slot != nil else { return }
        lastDrainAt = world.now
        sendBytes(Array(String(repeating: "HELP\n", count: 13_000).utf8))
    }

    func line(_ text: String) {
        let keyword = SoakLine.keyword(of: text)
        if keyword == "BYE" { bye = SoakLine(text)?.string(0) ?? text }
        if keyword == "ERROR", let code = SoakLine(text)?.string(0) {
            errors[code, default: 0] += 1
            if kind == .wrongCodes || kind == .garbage { stats.note(kind, "ERROR \(code)") }
        }
        if kind == .churn && keyword == "WORDGAME" && !churnGreeted {
            churnGreeted = true
            end("closed by us once greeted", reset: churnLeft % 4 == 1)
        }
    }

    /// The server hung up.
    func closed(reason: String) {
        slot = nil
        var how: String
        switch (kind, bye) {
        case (.silent, let text?): how = "BYE \"\(text)\" after \(bucket(age)) s, then closed by the server"
        case (.longLine, let text?):
            how = "\(errors.keys.sorted().map { "ERROR \($0)" }.joined(separator: ", ")), BYE \"\(text)\", closed by the server"
        case (_, let text?): how = "BYE \"\(text)\", then closed by the server"
        case (_, nil): how = "closed by the server without BYE (\(reason)) after \(bucket(age)) s"
        }
        if kind == .flood { stats.note(kind, "KiB sent", sent / 1_024) }
        stats.ended(kind, how)
        next(after: 0.5)
    }

    private func end(_ how: String, reset: Bool) {
        world.close(self, reset: reset)
        slot = nil
        stats.ended(kind, how)
        next(after: kind == .churn ? 0.02 : 0.5)
    }

    /// The next connection: another churn, or the next kind.
    private func next(after seconds: Double) {
        generation += 1
        if kind == .churn { churnLeft -= 1 }
        if kind != .churn || churnLeft <= 0 {
            let kinds = HostileKind.allCases
            kind = kinds[(kinds.firstIndex(of: kind)! + 1) % kinds.count]
            churnLeft = 0
        }
        if !stopped { world.schedule(self, after: seconds) }
    }

    /// Seconds rounded to a readable step, so that endings group.
    private func bucket(_ seconds: Double) -> Int {
        seconds < 10 ? Int(seconds.rounded()) : Int((seconds / 5).rounded()) * 5
    }
}
