import WordGame
import WordGameProtocol

/// The lesson file written as JSON by hand, in the shape `Codable` reads back with
/// `JSONDecoder` (its keys, sorted; nil fields left out): a server of a hundred classes
/// saves after each pair of any of them, and Foundation's `JSONEncoder` was most of what
/// keeping the lesson cost (19% of a district server's CPU in `perf`). StateFileTests
/// read back what it writes. A class: the nested writers are closures that write into it.
final class LessonJSON {
    private(set) var bytes: [UInt8] = []

    /// The whole file: the state's fields around its rooms, each given as its JSON (`encode`, kept by `StateWriter`).
    static func document(_ state: LessonState, rooms: [[UInt8]]) -> [UInt8] {
        let json = LessonJSON()
        json.bytes.reserveCapacity(128 + rooms.reduce(0) { $0 + $1.count + 1 })
        json.object {
            json.key("format"); json.number(state.format)
            json.key("rooms"); json.array(rooms) { json.bytes.append(contentsOf: $0) }
            json.key("savedAt"); json.number(state.savedAt)
            if let id = state.serverID { json.key("serverID"); json.string(id) }
        }
        return json.bytes
    }

    static func encode(_ room: SavedRoom) -> [UInt8] {
        let json = LessonJSON()
        json.bytes.reserveCapacity(256 + room.members.count * 80)
        json.room(room)
        return json.bytes
    }

    private func room(_ room: SavedRoom) {
        object {
            if let game = room.game { key("game"); self.game(game) }
            key("gamesStarted"); number(room.gamesStarted)
            if let host = room.host {
                key("host")
                object {
                    if let code = host.code { key("code"); string(code) }
                    key("key"); string(host.key)
                    key("name"); string(host.name)
                }
            }
            if let index = room.hostingMember { key("hostingMember"); number(index) }
            if let last = room.lastGame { key("lastGame"); lastGame(last) }
            key("locked"); boolean(room.locked)
            key("members"); array(room.members) { seat in
                object {
                    key("code"); string(seat.code)
                    key("name"); string(seat.name)
                    key("ready"); boolean(seat.ready)
                    if let slot = seat.slot { key("slot"); number(slot) }
                    key("state"); string(seat.state)
                }
            }
            key("name"); string(room.name)
            key("rules"); rules(room.rules)
            if let saved = room.savedResults { key("savedResults"); string(saved) }
            key("wordList"); string(room.wordList)
        }
    }

    private func lastGame(_ last: LastGame) {
        object {
            key("list"); string(last.list)
            key("tallies"); array(last.tallies) { tally in
                object {
                    key("number"); number(tally.number)
                    key("pair"); pair(tally.pair)
                    key("right"); number(tally.right)
                    key("timeout"); number(tally.timeout)
                    key("wrong"); number(tally.wrong)
                }
            }
        }
    }

    private func pair(_ pair: Pair) {
        object {
            key("english"); string(pair.english)
            key("isCorrect"); boolean(pair.isCorrect)
            key("spanish"); string(pair.spanish)
            key("translation"); string(pair.translation)
        }
    }

    private func game(_ game: SavedGame) {
        object {
            key("record"); record(game.record)
            key("roundsPlayed"); number(game.roundsPlayed)
            key("scores"); array(game.scores) { score in
                guard let score else { return raw("null") }
                object {
                    key("answerNanoseconds"); number(score.answerNanoseconds)
                    key("correct"); number(score.correct)
                    key("incorrect"); number(score.incorrect)
                    key("isOut"); boolean(score.isOut)
                }
            }
        }
    }

    private func record(_ record: GameRecord) {
        object {
            key("endedAt"); number(record.endedAt)
            key("finalRanks"); array(record.finalRanks) { rank in if let rank { number(rank) } else { raw("null") } }
            key("leftDuring"); array(record.leftDuring) { pair in if let pair { number(pair) } else { raw("null") } }
            key("number"); number(record.number)
            key("pairs"); array(record.pairs) { pair($0) }
            key("players"); array(record.players) { string($0) }
            key("room"); string(record.room)
            key("rounds"); array(record.rounds) { round in
                object {
                    key("milliseconds"); array(round.milliseconds) { number(Int($0)) }
                    key("verdicts"); string(GameRecord.RoundRecord.letters(of: round.verdicts))
                }
            }
            key("rules"); rules(record.rules)
            key("startedAt"); number(record.startedAt)
            key("stoppedEarly"); boolean(record.stoppedEarly)
            key("wordList"); string(record.wordList)
        }
    }

    private func rules(_ rules: Rules) {
        object {
            key("maxIncorrect"); number(rules.maxIncorrect)
            key("network")
            object {
                key("maxCreditMilliseconds"); number(rules.network.maxCreditMilliseconds)
                key("readingFloorMilliseconds"); number(rules.network.readingFloorMilliseconds)
            }
            key("pairCount"); number(rules.pairCount)
            key("roundMilliseconds"); number(rules.roundMilliseconds)
        }
    }

    // MARK: JSON

    /// Whether the object being written has a member yet (a comma goes before the next).
    private var opened: [Bool] = []

    private func object(_ members: () -> Void) {
        bytes.append(UInt8(ascii: "{"))
        opened.append(false)
        members()
        opened.removeLast()
        bytes.append(UInt8(ascii: "}"))
    }

    private func key(_ name: StaticString) {
        if opened[opened.count - 1] { bytes.append(UInt8(ascii: ",")) }
        opened[opened.count - 1] = true
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    private func array<T>(_ elements: [T], _ element: (T) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (index, value) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            element(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private func boolean(_ value: Bool) { value ? raw("true") : raw("false") }

    private func number(_ value: Int) { number(Int64(value)) }

    private func number(_ value: Int64) { DecimalDigits.append(value, to: &bytes) }

    /// Wall-clock seconds: Swift's shortest form that reads back as the same number, valid JSON for any finite value.
    private func number(_ value: Double) { bytes.append(contentsOf: (value.isFinite ? "\(value)" : "0").utf8) }

    /// RFC 8259 §7: a quote, a backslash and the controls U+0000–U+001F escaped; everything else as its UTF-8.
    private func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most names and words need no escape: copied whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                          hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
