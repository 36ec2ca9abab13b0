import Glibc

/// State that belongs to one thread (the event loop's), checked where it is
/// touched: in debug builds a call from any other thread stops the program
/// with a precondition failure, as swift-nio's `assertInEventLoop` does. In
/// release builds the checks compile away.
///
/// The owner is the thread that calls `claim()` (the loop, as it starts), or
/// else the first thread that checks (a test driving the hub by itself).
public final class ThreadAffinity: @unchecked Sendable {
    // Written by `claim` before the owner's first check; read only by checks.
    private var owner: pthread_t?
    private let what: String

    public init(_ what: String) { self.what = what }

    /// The calling thread owns the state from now on.
    public func claim() {
        owner = pthread_self()
    }

    /// Stops a debug build when called from a thread that does not own the state.
    @inline(__always)
    public func check(file: StaticString = #fileID, line: UInt = #line) {
        assert(isOwner(), "\(what) touched from a thread that does not own it", file: file, line: line)
    }

    private func isOwner() -> Bool {
        guard let owner else {
            claim()
            return true
        }
        return pthread_equal(owner, pthread_self()) != 0
    }
}
