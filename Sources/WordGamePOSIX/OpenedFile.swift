import Glibc

/// A file opened for reading and its status: the one place FileContents and SmallFile open, stat
/// and read a file, each then telling its own problems apart.
struct OpenedFile {
    let descriptor: Int32
    let status: stat

    /// Why opening failed: the error number, read before anything else can change it.
    struct Failure: Error { let code: Int32 }

    /// Opens `path` with `flags` added to O_RDONLY | O_CLOEXEC, and stats it.
    static func open(_ path: String, flags: Int32 = 0) throws(Failure) -> OpenedFile {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | flags)
        guard fd >= 0 else { throw Failure(code: errno) }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw Failure(code: code)
        }
        return OpenedFile(descriptor: fd, status: status)
    }

    var isRegular: Bool { status.st_mode & S_IFMT == S_IFREG }
    var isDirectory: Bool { status.st_mode & S_IFMT == S_IFDIR }

    /// Reads to the end, or until more than `limit` bytes came (then nil). Throws the error number of a failed read.
    func readAll(limit: Int) throws(Failure) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(64 * 1024, limit + 1))
        while bytes.count <= limit {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            let code = errno
            if n < 0 && code == EINTR { continue }
            if n < 0 { throw Failure(code: code) }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
        }
        return nil
    }

    func close() { Glibc.close(descriptor) }

    /// No such file, or a part of the path is not a folder.
    static func isMissing(_ code: Int32) -> Bool { code == ENOENT || code == ENOTDIR }
}
