import Foundation

extension GameSummary {
    /// When the game ended, as an instant: `ended` carries its server's UTC offset,
    /// so two servers' games compare correctly even if their offsets differ. Nil when it is not ISO 8601.
    public var endedInstant: Date? {
        try? Date(ended, strategy: .iso8601)
    }
}
