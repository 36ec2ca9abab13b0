import Glibc

/// Reading a whole file through its descriptor, so that a missing file is
/// told apart from one that cannot be read by `errno`, not by the wording of
/// a Foundation error.
public enum FileContents {
    public enum Problem: Error, Equatable {
        /// No such file (or a part of the path is not a folder).
        case missing
        /// A folder where a file was expected.
        case isDirectory
        /// Anything else: the error number (`Errno.text` says it in words),
        /// or nil for a file past `maxBytes`.
        case unreadable(code: Int32?)
    }

    /// At most this many bytes are read: a results history or a word list is
    /// far smaller, and a path pointing at something endless must not fill memory.
    public static let maxBytes = 256 * 1024 * 1024

    public static func read(_ path: String) throws(Problem) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw code == ENOENT || code == ENOTDIR ? .missing : .unreadable(code: code)
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .unreadable(code: errno) }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw .isDirectory }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count < maxBytes {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            let code = errno
            if n < 0 && code == EINTR { continue }
            if n < 0 { throw .unreadable(code: code) }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
        }
        throw .unreadable(code: nil)
    }
}
