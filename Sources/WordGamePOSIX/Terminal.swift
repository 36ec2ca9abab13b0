import CSystem
import Glibc

/// The terminal a full-screen program draws on.
public enum Terminal {
    /// Raw mode, the alternate screen and a hidden cursor on `descriptor`,
    /// given back by `restore()`, at exit, and on a crash (see CSystem.h).
    /// False if the descriptor is not a terminal that takes it.
    public static func enterFullScreen(_ descriptor: FileDescriptor = .standardInput) -> Bool {
        csystem_terminal_enter(descriptor.rawValue) == 0
    }

    /// Whether the descriptor is a terminal. The corresponding C function is `isatty`.
    public static func isTerminal(_ descriptor: FileDescriptor) -> Bool {
        isatty(descriptor.rawValue) == 1
    }

    /// Undoes `enterFullScreen`; does nothing if it was not entered.
    public static func restore() {
        csystem_terminal_restore()
    }

    /// The window's size in rows and columns, if the descriptor is a terminal
    /// that knows it. The corresponding C call is `ioctl(TIOCGWINSZ)`.
    public static func windowSize(_ descriptor: FileDescriptor = .standardOutput) -> (rows: Int, columns: Int)? {
        var height: UInt16 = 0, width: UInt16 = 0
        guard csystem_window_size(descriptor.rawValue, &height, &width) == 0, height > 0, width > 0 else { return nil }
        return (Int(height), Int(width))
    }
}
