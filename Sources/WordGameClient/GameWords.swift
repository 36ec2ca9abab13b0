import WordGame
import WordListFiles

/// The word list for a game this program runs itself (solo, or the class
/// server of `--present`): `--words`, else the default list.
public enum GameWords {
    public static func load(_ path: String?) throws(ClientError) -> WordList {
        guard let path = path ?? DefaultWordList.path() else {
            throw ClientError("cannot find the default word list \(DefaultWordList.relativePath); give one with --words PATH")
        }
        do { return try WordList.load(path: path) } catch { throw ClientError(error.description) }
    }
}
