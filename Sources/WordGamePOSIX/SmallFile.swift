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
        let file: OpenedFile
        do { file = try OpenedFile.open(path, flags: O_NONBLOCK) } catch {
            throw OpenedFile.isMissing(error.code) ? .missing : .unreadable(code: error.code)
        }
        defer { file.close() }
        guard file.isRegular else { throw .notAFile }
        guard file.status.st_size <= limit else { throw .tooBig }
        let bytes: [UInt8]?
        do { bytes = try file.readAll(limit: limit) } catch { throw .unreadable(code: error.code) }
        guard let bytes else { throw .tooBig }
        return bytes
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
