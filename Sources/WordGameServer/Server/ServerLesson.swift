import WordGame
import WordGamePOSIX

/// The lesson kept across restarts (`--state`): taken up as the server
/// starts, saved soon after each change, and saved last as it stops.
extension Server {
    /// What the server found on disk as it started, for the banner; the hub's rooms are restored from it.
    func takeUp(_ loaded: StateFile.Loaded, from file: StateFile, at now: Instant) -> String {
        let wallClock = WallClock.secondsSince1970()
        switch loaded {
        case .none:
            return "Lesson: kept in \(file.path) across restarts; none to take up."
        case .unreadable(let problem, let keptAs):
            let kept = keptAs.map { "; it is kept as \($0)" } ?? ""
            configuration.log("wordgame-server: cannot read the lesson in \(file.path): \(problem)\(kept). Starting with no rooms.")
            return "Lesson: \(file.path) could not be read (\(problem))\(kept); starting with no rooms."
        case .state(let state) where wallClock - state.savedAt > StateFile.restoreWithinSeconds:
            let games = state.unfinishedGames
            for record in games {
                let languages = hub.lists.languages(of: record.wordList)
                results?.save(record, languages: (languages.from, languages.to))
            }
            file.remove()
            let minutes = Int((wallClock - state.savedAt) / 60)
            return "Lesson: the one in \(file.path) was saved \(minutes) minutes ago, too long to take up; "
                + "\(games.count) game\(games.count == 1 ? "" : "s") on then recorded as stopped early."
        case .state(let state):
            let restored = hub.restore(state, at: now)
            configuration.events(StateTexts.restored(restored, from: file.path))
            return "Lesson: \(StateTexts.restored(restored, from: file.path)); kept there across restarts."
        }
    }

    /// At the end of a turn: the lesson, if it changed and the last save is `StateWriter.interval` old.
    func keepLesson(at now: Instant) {
        guard let stateWriter, lessonChanges.pending, now >= nextLessonSave else { return }
        lessonChanges.pending = false
        nextLessonSave = now.adding(milliseconds: StateWriter.interval)
        stateWriter.save(hub.lessonState(savedAt: WallClock.secondsSince1970(), serverID: fleet?.configuration.serverID))
    }

    /// When the loop must wake to save a change (nil: nothing waits).
    var lessonSaveDue: Instant? {
        stateWriter != nil && lessonChanges.pending ? nextLessonSave : nil
    }

    /// The last save, as the server stops: written before anyone is told.
    func saveLessonBeforeStopping() {
        stateWriter?.saveAndWait(hub.lessonState(savedAt: WallClock.secondsSince1970(), serverID: fleet?.configuration.serverID))
    }
}

/// Whether the lesson changed since it was last saved: set by the hub and its rooms, cleared by the save.
final class LessonChanges {
    var pending = false
}
