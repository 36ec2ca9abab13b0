import Foundation
import WordGamePOSIX
import WordGameProtocol

/// Writes each finished solo game to the player's history and hands the end
/// dialog what to show. Only solo games: a room's results belong to its host.
public struct SoloJournal: Sendable {
    public let file: SoloHistoryFile

    public init(file: SoloHistoryFile) { self.file = file }

    /// Records the game `GAMEOVER` ended (played under `rules`) and returns the summary for the end dialog.
    public func gameEnded(_ over: GameOver, rules: GameInfo,
                          at date: Date = Date(timeIntervalSince1970: WallClock.secondsSince1970())) -> SoloHistory.Summary {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let game = SoloHistory.Game(date: formatter.string(from: date), correct: over.correct, wrong: over.wrong,
                                    milliseconds: over.milliseconds, pairs: rules.pairs, roundMilliseconds: rules.roundMilliseconds,
                                    maxIncorrect: rules.maxIncorrect)
        return file.record(game)
    }

    /// Feeds the state: call after each message; records at `GAMEOVER`.
    public func observe(_ message: ServerMessage, _ state: inout ClientState) {
        guard case .gameOver(let over) = message, let rules = state.game else { return }
        state.pastGames = gameEnded(over, rules: rules)
    }
}
