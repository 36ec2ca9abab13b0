/// The seed of one game of one room, derived from the server's `--seed`.
///
/// `--seed` reproduces each room's games run after run, yet no two rooms deal
/// the same game: a private room cannot preview the class's pairs. The seed of
/// game `number` (1-based) in room `room` is FNV-1a 64 over the room name's
/// UTF-8 bytes, XORed with the server seed, mixed by one SplitMix64 step,
/// XORed with the game number and mixed again (Protocol.md §6). Stable across runs, platforms and Swift versions
/// (unlike `Hasher`, which is randomly seeded per process).
public enum GameSeed {
    public static func derive(serverSeed: UInt64, room: String, game number: Int) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in room.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return mix(mix(serverSeed ^ hash) ^ UInt64(truncatingIfNeeded: number))
    }

    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
