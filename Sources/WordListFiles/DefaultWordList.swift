import WordGamePOSIX

/// Finds `Resources/words.json`, our own default list (`ResourceLocation`).
public enum DefaultWordList {
    public static let relativePath = "Resources/words.json"

    /// The places looked at, in order.
    public static func candidates() -> [String] { ResourceLocation.candidates(relativePath) }

    /// The first candidate that exists, or nil.
    public static func path() -> String? { ResourceLocation.path(relativePath) }
}
