import Glibc

/// An error number from a system call, with the call's name for the message.
public struct Errno: Error, Equatable, CustomStringConvertible {
    public var code: Int32
    public var call: String

    init(_ call: String, code: Int32 = errno) {
        self.code = code
        self.call = call
    }

    public var description: String { "\(call): \(String(cString: strerror(code)))" }
}

/// The outcome of a non-blocking call: done, or it would have blocked.
enum IOResult<Value> {
    case done(Value)
    case wouldBlock
}

/// Runs a system call, retrying on EINTR; EAGAIN becomes `.wouldBlock`.
@inline(__always)
func syscall<T: BinaryInteger>(_ name: @autoclosure () -> String, _ body: () -> T) throws(Errno) -> IOResult<T> {
    while true {
        let result = body()
        if result >= 0 { return .done(result) }
        switch errno {
        case EINTR: continue
        case EAGAIN, EWOULDBLOCK: return .wouldBlock
        case EBADF, EFAULT: preconditionFailure("\(name()): \(String(cString: strerror(errno))): a bug, not a peer's doing")
        default: throw Errno(name())
        }
    }
}

/// Runs a system call that must not block, retrying on EINTR.
@discardableResult
func syscallBlocking<T: BinaryInteger>(_ name: @autoclosure () -> String, _ body: () -> T) throws(Errno) -> T {
    while true {
        let result = body()
        if result >= 0 { return result }
        if errno == EINTR { continue }
        throw Errno(name())
    }
}
