import Foundation
import Testing

/// The house rules that keep the package walkable, checked on its files:
/// every target declares exactly the modules it imports, and only the system
/// layer touches descriptors, clocks and limits.
@Suite struct HouseTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Modules of the toolchain, which no target declares.
    static let toolchain: Set<String> = ["Foundation", "FoundationXML", "Glibc", "Dispatch", "Testing", "XCTest"]

    /// Each target of Package.swift with its declared dependencies and its folder.
    static func targets() throws -> [(name: String, dependencies: Set<String>, path: String)] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\.(target|executableTarget|testTarget)\(\s*name:\s*"([^"]+)""#
                                              + #"(?:,\s*dependencies:\s*\[([^\]]*)\])?(?:,\s*path:\s*"([^"]+)")?"#)
        let text = manifest as NSString
        return pattern.matches(in: manifest, range: NSRange(location: 0, length: text.length)).map { match in
            func group(_ index: Int) -> String? {
                match.range(at: index).location == NSNotFound ? nil : text.substring(with: match.range(at: index))
            }
            let name = group(2)!
            let dependencies = Set((group(3) ?? "").split(separator: ",")
                .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \n\"")) }
                .filter { !$0.isEmpty })
            let path = group(4) ?? (group(1) == "testTarget" ? "Tests/\(name)" : "Sources/\(name)")
            return (name, dependencies, path)
        }
    }

    static func swiftFiles(in path: String) -> [URL] {
        let folder = root.appendingPathComponent(path)
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }

    @Test func everyTargetDeclaresExactlyTheModulesItImports() throws {
        let targets = try Self.targets()
        #expect(targets.count >= 15, "Package.swift's targets were not all read: \(targets.map(\.name))")
        let importLine = try NSRegularExpression(pattern: #"^\s*(?:@testable\s+)?import\s+(\w+)"#, options: .anchorsMatchLines)
        for target in targets {
            var imported = Set<String>()
            for file in Self.swiftFiles(in: target.path) {
                let source = try String(contentsOf: file, encoding: .utf8)
                let text = source as NSString
                for match in importLine.matches(in: source, range: NSRange(location: 0, length: text.length)) {
                    imported.insert(text.substring(with: match.range(at: 1)))
                }
            }
            imported.subtract(Self.toolchain)
            #expect(imported == target.dependencies,
                    "\(target.name): imports \(imported.sorted()), declares \(target.dependencies.sorted())")
        }
    }

    /// `close(`, `read(`, `poll(`… called as C functions (not as methods of our
    /// own types), and the clock and limits: only in WordGamePOSIX and CSystem.
    @Test func onlyTheSystemLayerCallsTheSystem() throws {
        let calls = try NSRegularExpression(
            pattern: #"(?<![\w.])(close|read|recv|send|write|writev|poll|epoll_create1|epoll_ctl|epoll_wait|"#
                + #"socket|connect|accept4?|bind|listen|setsockopt|getsockopt|fcntl|setrlimit|getrlimit|clock_gettime|gettimeofday|pipe2?|"#
                + #"fsync|isatty|usleep|nanosleep)\("#)
        var offenders: [String] = []
        for path in ["Sources"] {
            for file in Self.swiftFiles(in: path) where !file.path.contains("/WordGamePOSIX/") && !file.path.contains("/CSystem/") {
                let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                for (index, line) in lines.enumerated() {
                    let code = line.components(separatedBy: "//").first ?? ""
                    // An enum's case of that name (`case close(code:)`) is not a call.
                    if code.trimmingCharacters(in: .whitespaces).hasPrefix("case ") { continue }
                    let text = code as NSString
                    for match in calls.matches(in: code, range: NSRange(location: 0, length: text.length)) {
                        // Our own methods of these names are declared with `func`; calls to them go through a type or value.
                        if code.contains("func \(text.substring(with: match.range(at: 1)))(") { continue }
                        offenders.append("\(file.lastPathComponent):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
                    }
                }
                let source = try String(contentsOf: file, encoding: .utf8)
                if source.contains("import Glibc") || source.contains("import CSystem") || source.contains("Date()") {
                    offenders.append("\(file.lastPathComponent): imports Glibc or CSystem, or reads the clock with Date()")
                }
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    /// Lines fit a reader's window: at most 140 characters, the generated tables apart.
    @Test func noLineIsWiderThan140Characters() throws {
        var wide: [String] = []
        for path in ["Sources", "Tests"] {
            for file in Self.swiftFiles(in: path) where !file.lastPathComponent.hasSuffix("Table.swift") {
                let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                for (index, line) in lines.enumerated() where line.count > 140 {
                    wide.append("\(file.lastPathComponent):\(index + 1): \(line.count)")
                }
            }
        }
        #expect(wide.isEmpty, "\(wide)")
    }
}
