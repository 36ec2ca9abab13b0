import Foundation
import Glibc

/// Finds the project's own files (`Resources/…`) without a working directory
/// to lean on: `swift run` from the repository, the built binary started
/// from anywhere, or a bundle's binary started through a symlink or `PATH`.
public enum ResourceLocation {
    /// The places looked at for `relativePath`, in order: up from the
    /// directory of the executable's real path (covers a bundle's folder,
    /// `.build/debug/` and `.build/<triple>/debug/`), the same from
    /// Foundation's idea of the executable if it differs, the source tree
    /// this was built from, then the working directory.
    public static func candidates(_ relativePath: String, executable: String? = executableRealPath) -> [String] {
        var places: [String] = []
        let executables = [executable, Bundle.main.executableURL?.path].compactMap { $0 }.compactMap(realPath)
        for path in executables {
            var directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            for _ in 0..<6 {
                places.append(directory.appendingPathComponent(relativePath).path)
                directory = directory.deletingLastPathComponent()
            }
        }
        let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        places.append(sourceRoot.appendingPathComponent(relativePath).path)
        places.append(FileManager.default.currentDirectoryPath + "/" + relativePath)
        var seen = Set<String>()
        return places.filter { seen.insert($0).inserted }
    }

    /// The first candidate that exists, or nil.
    public static func path(_ relativePath: String, executable: String? = executableRealPath) -> String? {
        candidates(relativePath, executable: executable).first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The running program's file as the kernel knows it: every symlink on
    /// the way resolved, whatever `argv[0]` was (a name found on `PATH`, a
    /// link in /usr/local/bin). Nil without /proc.
    public static var executableRealPath: String? { realPath("/proc/self/exe") }

    /// `path` with every symlink and `..` resolved, or nil if it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
