import WordGame
import WordGameProtocol

/// The comings and goings announced to everyone in a room, gathered between
/// two room updates so that a burst of joins or leaves costs each member one
/// line per update, not one per event: "Bo joined.", "Bo and Cy left.",
/// "Ana, Bo, Cy and 12 others joined." The host and viewers also get every
/// event, exactly, as ARRIVED and DEPARTED lines.
struct NoticeBoard {
    /// Names listed in one notice before the rest are counted.
    static let namesListed = 3

    /// How long a dropped member's seat is held: "Bo dropped; 60 s to come back."
    let dropGraceSeconds: Int
    private var pending: [(event: NoticeEvent, names: [String], count: Int)] = []
    /// A notice whose latest news replaces the earlier (who hosts now).
    private var latest: [(event: NoticeEvent, text: String)] = []
    /// Whom this update's notices of joining and coming back are about, and which: they hear the
    /// others' news, never their own (Protocol.md §4, JOIN and RESUME: "everyone else"). At most the room's members.
    private(set) var subjects: [PlayerID: Set<NoticeEvent>] = [:]

    init(dropGraceSeconds: Int) { self.dropGraceSeconds = dropGraceSeconds }

    /// A notice about `id` (joined, back), whom the update does not tell of it.
    mutating func add(_ event: NoticeEvent, _ name: String, about id: PlayerID) {
        subjects[id, default: []].insert(event)
        add(event, name)
    }

    mutating func add(_ event: NoticeEvent, _ name: String) {
        if let index = pending.firstIndex(where: { $0.event == event }) {
            if pending[index].names.count < Self.namesListed { pending[index].names.append(name) }
            pending[index].count += 1
        } else {
            pending.append((event, [name], 1))
        }
    }

    /// Keeps only the newest `text` for `event`: when hosts change ten times
    /// in one interval, members hear who hosts now, once.
    mutating func replace(_ event: NoticeEvent, _ text: String) {
        latest.removeAll { $0.event == event }
        latest.append((event, text))
    }

    /// The gathered notices, as lines, in the order their kinds first came; empties the board.
    mutating func take() -> [ServerMessage] {
        defer {
            pending.removeAll()
            latest.removeAll()
            subjects.removeAll()
        }
        return pending.map { .notice($0.event, sentence(for: $0)) }
            + latest.map { .notice($0.event, $0.text) }
    }

    private func sentence(for notice: (event: NoticeEvent, names: [String], count: Int)) -> String {
        let text = NoticeTexts.sentence(notice.names, count: notice.count,
                                        verb: NoticeTexts.verb(for: notice.event, plural: notice.count > 1))
        return notice.event == .dropped ? NoticeTexts.withGrace(text, seconds: dropGraceSeconds) : text
    }

    static func event(for departure: Departure) -> NoticeEvent {
        switch departure {
        case .left: .left
        case .dropped: .dropped
        case .removed: .removed
        }
    }
}
