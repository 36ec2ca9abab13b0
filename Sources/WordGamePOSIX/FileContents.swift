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
        try readIdentified(path).bytes
    }

    /// The bytes and which file they came from, both from one open descriptor,
    /// so a file replaced between a stat and the read cannot pair one's identity with the other's bytes.
    public static func readIdentified(_ path: String) throws(Problem) -> (bytes: [UInt8], identity: FileIdentity) {
        let file: OpenedFile
        do { file = try OpenedFile.open(path) } catch {
            throw OpenedFile.isMissing(error.code) ? .missing : .unreadable(code: error.code)
        }
        defer { file.close() }
        guard !file.isDirectory else { throw .isDirectory }
        let bytes: [UInt8]?
        do { bytes = try file.readAll(limit: maxBytes) } catch { throw .unreadable(code: error.code) }
        guard let bytes else { throw .unreadable(code: nil) }  // past maxBytes
        return (bytes, FileIdentity(file.status))
    }
}
