/// The name of a word list a room may play (`RULES LIST <name>`): a file's name in the server's
/// `--word-lists` folder, without `.json`. Names travel on the wire and into results files,
/// so they are short and plain: they never carry a path, and a person types them at `nc`.
public enum WordListName {
    /// The list given with `--words` (or the built-in one): every room starts with it.
    public static let standard = "default"
    /// The longest name, in characters.
    public static let maxLength = 24
    /// A server loads at most this many lists, so the `WORDLIST` block stays short.
    public static let maxLists = 100

    /// The name as rooms know it (lower case), or nil when `raw` is not 1 to `maxLength`
    /// ASCII letters, digits, `-` or `_`.
    public static func valid(_ raw: some StringProtocol) -> String? {
        guard (1...maxLength).contains(raw.unicodeScalars.count),
              raw.unicodeScalars.allSatisfy({ $0.isASCII && (isAlphanumeric($0) || $0 == "-" || $0 == "_") }) else { return nil }
        return raw.lowercased()
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
