import Foundation

/// The time at the head of a console line, `2026-11-27 10:35:08` in the machine's
/// time zone: the console's event lines and the problems an operator must date
/// (the fleet's directory lost and found) read alike.
struct ConsoleTime {
    private let formatter: DateFormatter

    init() {
        formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    }

    /// `secondsSince1970` (wall-clock), to the second.
    func stamp(_ secondsSince1970: Double) -> String {
        formatter.string(from: Date(timeIntervalSince1970: secondsSince1970.rounded(.down)))
    }
}
