import CSystem
import Glibc

/// Random 64-bit words from the kernel's generator, fetched 512 at a time.
/// Every join takes a resume token, and `SystemRandomNumberGenerator` makes
/// one `getrandom` call a word, a system call a join for nothing. The words
/// are the kernel's own, only fetched ahead. Not thread-safe: one owner.
public final class RandomPool {
    private var words = [UInt64](repeating: 0, count: 512)
    private var nextIndex = 512

    public init() {}

    public func next() -> UInt64 {
        if nextIndex == words.count { refill() }
        defer { nextIndex += 1 }
        return words[nextIndex]
    }

    private func refill() {
        let filled = words.withUnsafeMutableBytes { buffer in
            var done = 0
            while done < buffer.count {
                let n = csystem_getrandom(buffer.baseAddress! + done, UInt(buffer.count - done))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                done += Int(n)
            }
            return done / MemoryLayout<UInt64>.size
        }
        // A kernel without getrandom (before 3.17): the standard generator, a word at a time.
        var system = SystemRandomNumberGenerator()
        for index in filled..<words.count { words[index] = system.next() }
        nextIndex = 0
    }
}
