/// Codes people type: room codes (`JOIN K7PX`) and host keys.
///
/// The alphabet leaves out characters that look alike on a projector or a
/// phone: 0/O, 1/I/L, 2/Z and 5/S.
public enum RoomCode {
    public static let alphabet = Array("ABCDEFGHJKMNPQRTUVWXY346789")
    /// Four characters give 531,441 codes; five once a quarter of a
    /// percent of those are in use, so a random pick rarely collides.
    public static let shortLength = 4
    public static let longLength = 5
    /// A host key: 12 characters, 57 bits, far beyond guessing.
    public static let keyLength = 12

    /// Whether `name` is shaped like a code HOST makes (in either case): clients
    /// write those in capitals, as the board shows them.
    public static func looksLikeCode(_ name: String) -> Bool {
        (shortLength...longLength).contains(name.count) && name.uppercased().allSatisfy(alphabet.contains)
    }
}
