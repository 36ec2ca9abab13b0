import WordGame

/// What uploads may cost the server (Protocol.md §8): every number here bounds
/// memory a host's connection can make the server hold, or a file it writes.
enum ListLimits {
    /// Pairs in a list saved over the wire: a lesson's vocabulary, many times over.
    static let pairsPerList = 1_000
    /// `LINE`s in one upload: the pairs, with room for a header, blank lines and lines skipped.
    static let linesPerUpload = 1_200
    /// Bytes of line text in one upload: 1,200 lines of about 200 bytes.
    static let bytesPerUpload = 256 * 1024
    /// Lists a server has besides `default`, of both kinds (the `WORDLIST` block's 101 lines).
    static let listsPerServer = WordListName.maxLists
    /// Uploads open at once on the server (each holds at most `bytesPerUpload`: 8 MiB in all).
    static let uploadsOpen = 32
}
