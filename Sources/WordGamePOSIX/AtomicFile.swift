import Glibc

/// Files that appear whole or not at all, the way SQLite and Redis
/// (`rdbSave`) write them: to a temporary name in the same folder, fsynced,
/// then renamed over the real name, and the folder fsynced so the rename
/// survives a crash. Errors name the file and the reason.
public enum AtomicFile {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// `mode`: the new file's permissions (0o600 for one only its owner may read).
    public static func write(_ text: String, to path: String, mode: mode_t = 0o644) throws(Failure) {
        try write(bytes: Array(text.utf8), to: path, mode: mode)
    }

    /// The same for bytes made ready (a file of several MiB is not copied into a `String` and out again).
    public static func write(bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(Failure) {
        let temporary = directory(of: path) + "/." + name(of: path) + ".tmp"
        // A temporary file left by a crash keeps its old permissions when opened again: start afresh.
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw failure(path) }
        do throws(Failure) {
            try writeAll(fd, bytes, path: temporary)
            guard fsync(fd) == 0 else { throw failure(temporary) }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let problem = failure(path)
            unlink(temporary)
            throw problem
        }
        syncDirectory(of: path)
    }

    /// Appends one line (a line end is added) in a single write, fsynced. If
    /// the disk takes only part of it, the file is cut back to where it was,
    /// so it never holds half a line.
    public static func appendLine(_ line: String, to path: String) throws(Failure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(path) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw failure(path) }
        do throws(Failure) {
            try writeAll(fd, Array((line + "\n").utf8), path: path)
            guard fsync(fd) == 0 else { throw failure(path) }
        } catch {
            _ = ftruncate(fd, status.st_size)
            throw error
        }
        syncDirectory(of: path)
    }

    /// Deletes the file `path`, and fsyncs its folder so the deletion survives a crash as a write does. A file
    /// already gone is not a problem: what was asked holds. The corresponding C function is `unlink`.
    public static func remove(_ path: String) throws(Failure) {
        if unlink(path) != 0 {
            let code = errno
            guard code == ENOENT else { throw failure(path, code: code) }
            return
        }
        syncDirectory(of: path)
    }

    /// Makes `path` and its parents, like `mkdir -p`.
    public static func makeDirectory(_ path: String) throws(Failure) {
        var built = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            built += "/" + part
            if mkdir(built, 0o755) != 0 {
                let code = errno
                if code != EEXIST { throw failure(built, code: code) }
            }
        }
        var status = stat()
        guard stat(path, &status) == 0 else { throw failure(path) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw Failure(path: path, reason: "not a folder") }
    }

    /// Throws unless this process may write into the folder `path`. The corresponding C function is `access`.
    public static func checkWritable(_ path: String) throws(Failure) {
        guard access(path, W_OK) == 0 else { throw failure(path) }
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            let code = errno
            if written < 0 && code == EINTR { continue }
            guard written > 0 else { throw written == 0 ? Failure(path: path, reason: "the disk took no more") : failure(path, code: code) }
            offset += written
        }
    }

    private static func syncDirectory(of path: String) {
        let fd = open(directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// `code` defaults to `errno`, read before `path` or anything else is touched.
    private static func failure(_ path: String, code: Int32 = errno) -> Failure {
        Failure(path: path, reason: Errno.text(code))
    }
}
