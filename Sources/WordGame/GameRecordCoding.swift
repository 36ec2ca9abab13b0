/// A round of a record as a lesson file keeps it (`GameRecord` is `Codable` for
/// the server's saved lesson): a room of 10,000 is saved after every pair, so a
/// round is one letter a player and their times, not an object a player.
extension GameRecord.RoundRecord {
    private enum CodingKeys: String, CodingKey { case verdicts, milliseconds }

    /// One letter a slot: R right, W wrong, T timeout, A away, - not playing.
    private static let letters: [(Verdict?, Character)] = [(.right, "R"), (.wrong, "W"), (.timeout, "T"), (.away, "A"), (nil, "-")]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .verdicts)
        verdicts = try text.map { letter in
            guard let verdict = Self.letters.first(where: { $0.1 == letter }) else {
                throw DecodingError.dataCorruptedError(forKey: .verdicts, in: container, debugDescription: "not a verdict: \(letter)")
            }
            return verdict.0
        }
        milliseconds = try container.decode([Int32].self, forKey: .milliseconds)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.letters(of: verdicts), forKey: .verdicts)
        try container.encode(milliseconds, forKey: .milliseconds)
    }

    /// The verdicts as the file keeps them, a letter a slot.
    public static func letters(of verdicts: [Verdict?]) -> String {
        String(verdicts.map { verdict in letters.first { $0.0 == verdict }!.1 })
    }
}
