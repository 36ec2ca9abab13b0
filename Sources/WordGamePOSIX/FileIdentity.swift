import Glibc

/// Which file a path leads to: its device and inode. Two paths with the same
/// identity are one file however they are spelled (`./x` and `x`, a symbolic
/// link, a folder reached twice), which comparing the strings cannot tell.
public struct FileIdentity: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    init(_ status: stat) {
        self.init(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// The folder at `path`; nil if there is none there (or it cannot be opened).
    public static func ofFolder(_ path: String) -> FileIdentity? {
        guard let folder = try? OpenedFile.open(path, flags: O_DIRECTORY) else { return nil }
        defer { folder.close() }
        return FileIdentity(folder.status)
    }
}
