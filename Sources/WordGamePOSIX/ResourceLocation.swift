import Foundation

/// Finds the project's own files (`Resources/…`) without a working directory
/// to lean on: `swift run` from the repository, or the built binary started
/// from anywhere.
public enum ResourceLocation {
    /// The places looked at for `relativePath`, in order: up from the
    /// executable's directory (covers `.build/debug/` and
    /// `.build/<triple>/debug/`), the source tree this was built from, then
    /// the working directory.
    public static func candidates(_ relativePath: String) -> [String] {
        var places: [String] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            var directory = executable.deletingLastPathComponent()
            for _ in 0..<6 {
                places.append(directory.appendingPathComponent(relativePath).path)
                directory = directory.deletingLastPathComponent()
            }
        }
        let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        places.append(sourceRoot.appendingPathComponent(relativePath).path)
        places.append(FileManager.default.currentDirectoryPath + "/" + relativePath)
        return places
    }

    /// The first candidate that exists, or nil.
    public static func path(_ relativePath: String) -> String? {
        candidates(relativePath).first { FileManager.default.fileExists(atPath: $0) }
    }
}
