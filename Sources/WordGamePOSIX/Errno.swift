import Glibc

/// An error number from a system call, with the call's name for the message.
public struct Errno: Error, Equatable, CustomStringConvertible, Sendable {
    public var code: Int32
    public var call: String

    /// `code` is taken as given: read `errno` into it before anything else
    /// runs (building `call` may allocate, and an allocation may set `errno`).
    public init(_ call: String, code: Int32) {
        self.code = code
        self.call = call
    }

    public var description: String { "\(call): \(Errno.text(code))" }

    /// The C library's sentence for an error number. The corresponding C function is `strerror`.
    public static func text(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// The calling thread's `errno`, read at once.
    @inline(__always)
    public static var current: Int32 { errno }

    public static let interrupted = EINTR
    public static let wouldBlock = EAGAIN
    public static let noSuchFile = ENOENT
    public static let notADirectory = ENOTDIR
    public static let alreadyExists = EEXIST
    public static let tooManyOpenFiles = EMFILE
    public static let tooManyOpenFilesInSystem = ENFILE
    public static let connectionRefused = ECONNREFUSED
    public static let timedOut = ETIMEDOUT
    public static let invalidArgument = EINVAL
    public static let permissionDenied = EACCES
    public static let addressInUse = EADDRINUSE
}

/// The outcome of a non-blocking call: done, or it would have blocked.
public enum IOResult<Value> {
    case done(Value)
    case wouldBlock
}

/// Runs a system call, retrying on EINTR; EAGAIN becomes `.wouldBlock`.
/// `errno` is read before the call's name is built.
@inline(__always)
func syscall<T: BinaryInteger>(_ name: @autoclosure () -> String, _ body: () -> T) throws(Errno) -> IOResult<T> {
    while true {
        let result = body()
        if result >= 0 { return .done(result) }
        let code = errno
        switch code {
        case EINTR: continue
        case EAGAIN, EWOULDBLOCK: return .wouldBlock
        case EBADF, EFAULT: preconditionFailure("\(name()): \(Errno.text(code)): a bug, not a peer's doing")
        default: throw Errno(name(), code: code)
        }
    }
}

/// Runs a system call that must not block, retrying on EINTR.
@discardableResult
@inline(__always)
func syscallBlocking<T: BinaryInteger>(_ name: @autoclosure () -> String, _ body: () -> T) throws(Errno) -> T {
    while true {
        let result = body()
        if result >= 0 { return result }
        let code = errno
        if code == EINTR { continue }
        throw Errno(name(), code: code)
    }
}
