import WordGameProtocol

/// The sentences of NOTICE lines that gather comings and goings
/// (`NoticeBoard`): "Bo joined.", "Ana, Bo, Cy and 12 others left."
enum NoticeTexts {
    static func sentence(_ names: [String], count: Int, verb: String) -> String {
        let others = count - names.count
        let who: String
        switch (names.count, others) {
        case (1, 0): who = names[0]
        case (_, 0): who = names.dropLast().joined(separator: ", ") + " and " + names.last!
        default: who = names.joined(separator: ", ") + " and \(others) other\(others == 1 ? "" : "s")"
        }
        return "\(who) \(verb)."
    }

    static func verb(for event: NoticeEvent, plural: Bool) -> String {
        switch event {
        case .joined: "joined"
        case .dropped: "dropped"
        case .back: plural ? "are back" : "is back"
        case .removed: plural ? "were removed by the host" : "was removed by the host"
        default: "left"
        }
    }

    /// A drop's notice says how long the seat is held: "Bo dropped; 60 s to come back."
    static func withGrace(_ sentence: String, seconds: Int) -> String {
        sentence.dropLast() + "; \(seconds) s to come back."
    }
}
