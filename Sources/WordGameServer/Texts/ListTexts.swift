import WordGame
import WordGameProtocol

/// The sentences of the word list commands (Protocol.md §4, "Word lists"), for a teacher at `nc` or a page.
enum ListTexts {
    static let notInRoom = "Lists are uploaded from the room you host: type HOST first."
    static let notHost = "Only the host of a room made with HOST (the holder of its key) uploads or deletes lists."
    static let noUpload = "No upload is open: type UPLOAD <name> <from> <to> first, then LINE and your lines, then CHECK or SAVE."

    static func serverList(_ name: String) -> String {
        "The list \(name) is the server's own: it cannot be replaced or deleted over the network. Give yours another name."
    }

    static func needsKey(_ name: String) -> String {
        "A list named \(name) was saved before: add its key to replace it (UPLOAD \(name) <from> <to> <key>), or give yours another name."
    }

    static func wrongKey(_ name: String) -> String {
        "That is not the key of the list \(name): only the key it was saved with replaces or deletes it."
    }

    static func busy(_ name: String) -> String { "The list \(name) is being saved or deleted right now: try again in a moment." }

    static func tooManyLists(_ limit: Int) -> String {
        "The server has \(limit) lists already, the most it keeps: delete one of yours (DELETE <name> <key>) first."
    }

    static func tooManyUploads(_ limit: Int) -> String {
        "\(limit) uploads are open on the server, the most at once: try again in a moment."
    }

    static func tooBig(lines: Int, bytes: Int) -> String {
        "An upload is at most \(thousands(lines)) lines and \(bytes / 1_024) KiB: this one is discarded, and its "
            + "next lines with it. Split the list in two, and UPLOAD each part under its own name."
    }

    static func discarded(lines: Int, bytes: Int) -> String {
        "This upload passed \(thousands(lines)) lines or \(bytes / 1_024) KiB and was discarded: nothing was read or saved."
    }

    static func tooManyPairs(_ pairs: Int, _ limit: Int) -> String {
        "A list holds at most \(thousands(limit)) pairs, and this one has \(thousands(pairs)): "
            + "split it in two, each under its own name. Nothing was saved."
    }

    static func noLanguages(from: String?, to: String?) -> String {
        let missing = [from == nil ? "the language of the first column" : nil, to == nil ? "of the second" : nil].compactMap { $0 }
        return "The list's languages are not known (\(missing.joined(separator: ", "))): give them with UPLOAD <name> <from> <to>, "
            + "or begin the text with a line naming them (English, French). Nothing was saved."
    }

    static func noPairs(skipped: Int) -> String {
        skipped == 0
            ? "No pair was read: the upload had no line with two sides. Nothing was saved."
            : "No pair was read: every line was skipped (SKIPPED says why: two sides a line, a tab or a comma between). Nothing was saved."
    }

    static func tooFewWrong(from: String, to: String) -> String {
        "A game shows each \(from) word with a \(to) word that may be wrong, so at least 2 \(from) words need a \(to) word "
            + "that is not their translation: add pairs. Nothing was saved."
    }

    static func noSuchList(_ name: String) -> String { "There is no list named \(name). LISTS shows them." }

    static func inUse(_ name: String, room: String) -> String {
        "Room \(room) plays the list \(name) (its rules name it): its host chooses another list with RULES LIST first."
    }

    static func notStored(_ name: String) -> String {
        "The server could not write the list \(name) to its disk; nothing changed. Tell the person who runs the server "
            + "(its console says why)."
    }

    // MARK: The console

    static func savedConsole(_ name: String, _ list: WordList, replaced: Bool) -> String {
        "list \(name) \(replaced ? "replaced" : "saved") by a host: \(list.entries.count) pairs, \(list.from) → \(list.to)"
    }

    static func deletedConsole(_ name: String) -> String { "list \(name) deleted by a host" }

    static func notStoredConsole(_ name: String, _ problem: String) -> String { "list \(name) could not be written: \(problem)" }

    /// `1,200`, as people read a count.
    private static func thousands(_ n: Int) -> String {
        n < 1_000 ? "\(n)" : "\(n / 1_000),\(String(n % 1_000 + 1_000).dropFirst())"
    }
}
