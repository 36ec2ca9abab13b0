import Glibc

/// The programs' own complaints (usage errors, a bad file), one line each.
public enum StandardError {
    /// Writes `line` and a line end; a closed stderr loses it quietly.
    public static func write(_ line: String) {
        try? FileDescriptor.standardError.writeAll(Array((line + "\n").utf8))
    }
}

/// Standard output as `print` writes it (the C library's buffered stream).
public enum StandardOutput {
    /// Sends what `print` has buffered: a banner must show before a loop
    /// blocks, even when the output is a pipe. The corresponding C function is `fflush`.
    public static func flush() {
        fflush(nil)
    }
}
