import Glibc

/// What the kernel says of this process on the spot (`/proc/self`), for the
/// operators' metrics: files it makes when read, no disk.
public enum ProcessStatus {
    public static var clockTicksPerSecond: Int { Int(sysconf(Int32(_SC_CLK_TCK))) }
    public static var pageSize: Int { Int(sysconf(Int32(_SC_PAGESIZE))) }

    /// A file of `/proc/self` (`stat`, `statm`) as text; nil where `/proc` is not mounted.
    public static func read(_ name: String) -> String? {
        guard let bytes = try? SmallFile.read("/proc/self/" + name, limit: 4_096), !bytes.isEmpty else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
