import Foundation
import Glibc
import Testing
import WordGamePOSIX
import WordGameTestSupport

/// The bundle a teacher copies to a school server runs without Swift: no
/// library of the toolchain is linked, and the server, started through a
/// symlink from another folder with an empty environment (and, where the
/// machine allows, with the toolchain's libraries hidden), serves the game and
/// the pages from the bundle's own Resources.
@Suite(.enabled(if: SchoolBundle.asked, "\(SchoolBundle.notAsked)"),
       .enabled(if: SchoolBundle.swift != nil, "no swift on PATH or in /opt/swift: the bundle cannot be built"))
struct SchoolBundleTests {
    /// What a glibc system has without Swift; anything else (libswiftCore, libFoundation, libdispatch, ICU) would be the toolchain's.
    static let systemLibraries: Set<String> = ["linux-vdso.so.1", "libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1",
                                               "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1", "libpthread.so.0", "libdl.so.2"]

    @Test func theBinariesLinkOnlySystemLibraries() async throws {
        try await onOwnThread {
            defer { SchoolBundle.finished() }
            let folder = try SchoolBundle.folder.get()
            for binary in ["wordgame-server", "wordgame-client", "wordgame-report"] {
                let ldd = try ProgramRun.run(URL(fileURLWithPath: "/usr/bin/ldd"), [folder + "/" + binary])
                #expect(ldd.status == 0, "\(binary): \(ldd.stderr)")
                let libraries = ldd.stdout.split(separator: "\n").compactMap { line in
                    line.split(whereSeparator: \.isWhitespace).first.map { String($0.split(separator: "/").last ?? $0) }
                }
                #expect(libraries.count >= 3, "\(binary): \(ldd.stdout)")
                #expect(Set(libraries).isSubset(of: Self.systemLibraries), "\(binary) needs more than the system:\n\(ldd.stdout)")
                #expect(!ldd.stdout.contains("not found") && !ldd.stdout.contains(SchoolBundle.toolchainLibraries ?? "/lib/swift"),
                        "\(binary):\n\(ldd.stdout)")
                let help = try ProgramRun.run(URL(fileURLWithPath: "/usr/bin/env"), ["-i", folder + "/" + binary, "--help"])
                #expect(help.status == 0 && help.stdout.hasPrefix("USAGE: \(binary)"), "\(binary): \(help.stderr)")
            }
        }
    }

    @Test func theServerPlaysAndServesPagesFromACopiedFolder() async throws {
        try await onOwnThread {
            defer { SchoolBundle.finished() }
            let folder = try SchoolBundle.folder.get()
            let place = FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-school-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: place) }
            for sub in ["bin", "elsewhere", "empty"] {
                try FileManager.default.createDirectory(atPath: place + "/" + sub, withIntermediateDirectories: true)
            }
            // As /usr/local/bin/wordgame-server would link to /opt/wordgame/wordgame-server.
            try FileManager.default.createSymbolicLink(atPath: place + "/bin/wordgame-server",
                                                       withDestinationPath: folder + "/wordgame-server")

            let server = Process()
            let arguments = ["--port", "0", "--web-port", "0", "--bind", "127.0.0.1", "--no-results", "--no-state"]
            let clean = ["-i", "PATH=/usr/bin:/bin", "LD_LIBRARY_PATH=", place + "/bin/wordgame-server"] + arguments
            if SchoolBundle.canHideFolders, let libraries = SchoolBundle.toolchainLibraries {
                // The toolchain's libraries replaced by an empty folder, for this process only.
                server.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
                server.arguments = ["--mount", "--propagation", "private", "/bin/sh", "-c",
                                    "mount --bind \"$0\" \"$1\" && shift && exec /usr/bin/env \"$@\"", place + "/empty", libraries] + clean
            } else {
                print("SchoolBundleTests: this machine gives no mount namespace (unshare): the server runs with an empty "
                      + "environment, the toolchain's libraries still on disk; the ldd test shows it needs none of them")
                server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                server.arguments = clean
            }
            server.currentDirectoryURL = URL(fileURLWithPath: place + "/elsewhere")
            let out = Pipe(), errors = Pipe()
            server.standardOutput = out
            server.standardError = errors
            try server.run()
            defer { if server.isRunning { server.terminate() } }

            let banner: String
            do { banner = try ServerChild.read(out.fileHandleForReading, until: "Stop the server with Ctrl-C") } catch {
                server.terminate()
                server.waitUntilExit()
                let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                throw TestFailure(description: "no banner (\(error)); stderr: \(said)")
            }
            // Its own words and pages, not the source tree's (which is on this machine too).
            #expect(banner.contains("Words: 365 pairs from \(folder)/Resources/words.json"), "\(banner)")
            let port = try #require(banner.firstMatch(of: #/listening on 127\.0\.0\.1 port (\d+)/#).flatMap { UInt16($0.1) })
            let webPort = try #require(banner.firstMatch(of: #/\(web port (\d+)\)/#).flatMap { UInt16($0.1) })

            let player = try TestClient(port: port)
            let greeting = try player.nextLine()
            #expect(greeting?.hasPrefix("WORDGAME 2 \"Welcome to wordgame!") == true, "\(greeting ?? "nothing")")
            player.send("NAME Ana")
            try player.expectLine("Hello, Ana! Now type JOIN to play (or JOIN and a room's name).")
            player.send("JOIN")
            try player.expectLine("You are in room main.")

            let browser = try TestClient(port: webPort, label: "browser")
            browser.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r")
            #expect(try browser.nextLine() == "HTTP/1.1 200 OK\r")
            while let line = try browser.nextLine(), line != "\r" {}  // the head, to its blank line
            var page: [String] = []
            while let line = try browser.nextLine() {
                page.append(line)
                if line == "</html>" { break }
            }
            // The student's page of the bundle, byte for byte.
            let file = try String(contentsOfFile: folder + "/Resources/web/student.html", encoding: .utf8)
            #expect(page.joined(separator: "\n") + "\n" == file && file.contains("<title>wordgame</title>"), "\(page.prefix(5))")

            kill(server.processIdentifier, SIGTERM)
            server.waitUntilExit()
            #expect(server.terminationReason == .exit && server.terminationStatus == 0)
        }
    }

    /// The units a school installs (one server, and an instance of the template for a fleet member or a second
    /// server), pointed at the unpacked folder, as systemd itself reads them; the options' file is beside them.
    @Test(.enabled(if: SchoolBundle.canVerifyUnits, "no systemd-analyze (Debian's systemd package): the unit is not checked"))
    func theSystemdUnitsVerify() async throws {
        try await onOwnThread {
            defer { SchoolBundle.finished() }
            let folder = try SchoolBundle.folder.get()
            let place = FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-unit-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: place, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: place) }
            let options = try String(contentsOfFile: folder + "/Resources/install/wordgame.env", encoding: .utf8)
            #expect(options.contains("\nWORDGAME_OPTS=\n"), "the options' file, as shipped, leaves the defaults")
            // The template is read as systemd reads an instance of it: by the instance's name.
            for (file, installedAs) in [("wordgame.service", "wordgame.service"), ("wordgame@.service", "wordgame@school-1.service")] {
                let unit = try String(contentsOfFile: folder + "/Resources/install/" + file, encoding: .utf8)
                #expect(unit.contains("ExecStart=/opt/wordgame/wordgame-server "), "the README installs the folder as /opt/wordgame")
                #expect(unit.contains(" $WORDGAME_OPTS\n") && unit.contains("DynamicUser=yes") && unit.contains("StateDirectory=wordgame"),
                        "\(file): options from its EnvironmentFile, a dynamic user, a state directory")
                try unit.replacingOccurrences(of: "/opt/wordgame/", with: folder + "/")
                    .write(toFile: place + "/" + installedAs, atomically: true, encoding: .utf8)
                let verify = try ProgramRun.run(URL(fileURLWithPath: "/usr/bin/systemd-analyze"), ["verify", place + "/" + installedAs])
                #expect(verify.status == 0 && verify.stderr.isEmpty && verify.stdout.isEmpty, "\(file): \(verify.stdout)\(verify.stderr)")
            }
        }
    }
}
