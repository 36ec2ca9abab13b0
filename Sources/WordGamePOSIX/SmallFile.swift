import Glibc

/// A small file of the program's own (a saved seat): read only when it is a
/// regular file no bigger than a limit, so that a folder, a pipe or a device
/// put in its place is told, never waited on or read without end.
public enum SmallFile {
    public enum Problem: Error, Equatable {
        case missing
        case notAFile
        case tooBig
        case unreadable(code: Int32)
    }

    public static func read(_ path: String, limit: Int) throws(Problem) -> [UInt8] {
        // O_NONBLOCK: opening a pipe must not wait for a writer; a regular file reads the same either way.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let code = errno
            throw code == ENOENT || code == ENOTDIR ? .missing : .unreadable(code: code)
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .unreadable(code: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notAFile }
        guard status.st_size <= limit else { throw .tooBig }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count <= limit {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, limit + 1 - count) }
            let code = errno
            if n < 0 && code == EINTR { continue }
            if n < 0 { throw .unreadable(code: code) }
            if n == 0 { break }
            count += n
        }
        guard count <= limit else { throw .tooBig }
        return Array(bytes[..<count])
    }

    /// Removes the file if it is there; a file already gone is not a problem.
    public static func remove(_ path: String) {
        unlink(path)
    }
}

/// This process's id: a saved seat records which client wrote it.
public enum CurrentProcess {
    public static var id: Int32 { getpid() }
}
