import Foundation
import Testing
import WordGamePOSIX
import WordGameTestSupport

/// The folder a teacher copies to a school server, made by the real script
/// (`Resources/install/make-bundle.sh`, a static release build) and unpacked
/// from its tarball into a temporary folder, as on a machine without Swift.
enum SchoolBundle {
    /// The toolchain's `swift`, which the script builds with: on PATH, or where CI installs it.
    static let swift: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let places = path.split(separator: ":").map { "\($0)/swift" } + ["/opt/swift/usr/bin/swift"]
        return places.first { FileManager.default.isExecutableFile(atPath: $0) }.flatMap(ResourceLocation.realPath)
    }()

    /// The toolchain's shared libraries (`<prefix>/lib/swift`, beside `<prefix>/bin/swift`): what the bundle must not need.
    static var toolchainLibraries: String? {
        swift.map { URL(fileURLWithPath: $0).deletingLastPathComponent().deletingLastPathComponent().path + "/lib/swift" }
    }

    /// The unpacked `wordgame` folder, built once for every test that needs it.
    static let folder: Result<String, TestFailure> = build()

    /// The bundle is a whole static release build, minutes of two cores: `.ci/run` tests it in a step of its own
    /// (`WORDGAME_SCHOOL_BUNDLE=1 swift test --filter SchoolBundleTests`), not every developer's `swift test`.
    static let asked = ProcessInfo.processInfo.environment["WORDGAME_SCHOOL_BUNDLE"] == "1"
    static let notAsked = "the school bundle is a static release build, tested by .ci/run's own step: "
        + "WORDGAME_SCHOOL_BUNDLE=1 swift test --filter SchoolBundleTests (skipped)"

    /// Whether systemd's own reading of the unit can be had (Debian's systemd package).
    static let canVerifyUnits = FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze")

    /// The tests of SchoolBundleTests that run, each of which calls `finished()`: the last removes the folder (170 MB).
    private static let testCount = canVerifyUnits ? 3 : 2
    private static let lock = NSLock()
    nonisolated(unsafe) private static var finishedCount = 0
    private static let prefix = "wordgame-bundle-"

    static func finished() {
        lock.withLock {
            finishedCount += 1
            guard finishedCount == testCount, case .success(let folder) = folder else { return }
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: folder).deletingLastPathComponent()
                .deletingLastPathComponent().path)
        }
    }

    /// Folders left by runs that ran only some of the tests, once they are an hour old (another run may be using a newer one).
    private static func removeOldFolders() {
        let temporary = FileManager.default.temporaryDirectory
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] where name.hasPrefix(prefix) {
            let path = temporary.appendingPathComponent(name).path
            let made = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate]) as? Date
            if let made, made.timeIntervalSinceNow < -3_600 { try? FileManager.default.removeItem(atPath: path) }
        }
    }

    private static func build() -> Result<String, TestFailure> {
        removeOldFolders()
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(prefix + UUID().uuidString).path
        let script = TestServer.repositoryRoot.appendingPathComponent("Resources/install/make-bundle.sh").path
        let log = temporary + "/build.log"
        do {
            try FileManager.default.createDirectory(atPath: temporary + "/school", withIntermediateDirectories: true)
            // Niced: the build shares the machine with the suite's timing tests. Its output goes to a file, never a full pipe.
            let built = try ProgramRun.run(URL(fileURLWithPath: "/bin/sh"),
                                           ["-c", "PATH=\"$(dirname \"$2\"):$PATH\" exec nice -n 19 bash \"$0\" \"$1\" >\"$3\" 2>&1",
                                            script, temporary + "/out", swift ?? "", log], timeout: 1_800)
            guard built.status == 0 else {
                let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                return .failure(TestFailure(description: "make-bundle.sh exited \(built.status):\n\(output.suffix(3_000))"))
            }
            let unpacked = try ProgramRun.run(URL(fileURLWithPath: "/bin/tar"),
                                              ["-xzf", temporary + "/out/wordgame.tar.gz", "-C", temporary + "/school"])
            guard unpacked.status == 0 else { return .failure(TestFailure(description: "tar: \(unpacked.stderr)")) }
            try FileManager.default.removeItem(atPath: temporary + "/out")
            return .success(ResourceLocation.realPath(temporary + "/school/wordgame") ?? temporary + "/school/wordgame")
        } catch {
            return .failure(TestFailure(description: "cannot build the bundle: \(error)"))
        }
    }

    /// Whether a child process may hide a folder from itself here (a mount namespace of its own: root, or a user namespace).
    static let canHideFolders: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
        let probe = try? ProgramRun.run(URL(fileURLWithPath: "/usr/bin/unshare"),
                                        ["--mount", "--propagation", "private", "mount", "--bind", "/tmp", "/tmp"])
        return probe?.status == 0
    }()
}
