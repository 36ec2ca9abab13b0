import WebCodec
import WordGamePOSIX

/// The pages and files the web port serves: a fixed table of paths, each read
/// once when the server starts. No request names a file on disk, so no path
/// a browser sends can reach the file system.
public struct WebSite: Sendable {
    public struct File: Sendable {
        let contentType: String
        let body: [UInt8]
        /// The body gzipped, once, at start (nil where that saves nothing): a page on a school's Wi-Fi
        /// or a phone's 3G carries a third of the bytes.
        let gzipped: [UInt8]?
        /// Pages are never cached, so a refresh always gets the server's own
        /// (a teacher's page carries the room's state); scripts and styles
        /// are checked again each time (`no-cache`), which on a school's
        /// network costs a round trip.
        let cacheControl: String
    }

    /// Each path served, with the file behind it in `Resources/web` and its type.
    static let table: [(path: String, file: String, type: String)] = [
        ("/", "student.html", "text/html; charset=utf-8"),
        ("/host", "host.html", "text/html; charset=utf-8"),
        ("/watch", "watch.html", "text/html; charset=utf-8"),
        ("/wordgame.css", "wordgame.css", "text/css; charset=utf-8"),
        ("/protocol.js", "protocol.js", "text/javascript; charset=utf-8"),
        ("/link.js", "link.js", "text/javascript; charset=utf-8"),
        ("/seats.js", "seats.js", "text/javascript; charset=utf-8"),
        ("/fall.js", "fall.js", "text/javascript; charset=utf-8"),
        ("/review.js", "review.js", "text/javascript; charset=utf-8"),
        ("/languages.js", "languages.js", "text/javascript; charset=utf-8"),
        ("/practice.js", "practice.js", "text/javascript; charset=utf-8"),
        ("/hardest.js", "hardest.js", "text/javascript; charset=utf-8"),
        ("/wordlists.js", "wordlists.js", "text/javascript; charset=utf-8"),
        ("/listdialog.js", "listdialog.js", "text/javascript; charset=utf-8"),
        ("/student.js", "student.js", "text/javascript; charset=utf-8"),
        ("/projector.js", "projector.js", "text/javascript; charset=utf-8"),
        ("/host.js", "host.js", "text/javascript; charset=utf-8"),
        ("/watch.js", "watch.js", "text/javascript; charset=utf-8"),
        ("/favicon.svg", "favicon.svg", "image/svg+xml"),
    ]

    public static let relativePath = "Resources/web"

    let files: [String: File]

    /// Reads every file of the table from `directory`; a missing or unreadable one is named.
    public static func load(from directory: String) throws(WebSiteProblem) -> WebSite {
        var files: [String: File] = [:]
        for entry in table {
            let path = directory + "/" + entry.file
            var body: [UInt8]
            do { body = try FileContents.read(path) } catch { throw WebSiteProblem(path: path, problem: error) }
            if entry.type.hasPrefix("text/html") { body = try included(body, from: directory) }
            let cache = entry.type.hasPrefix("text/html") ? "no-store" : "no-cache"
            let gzipped = Gzip.compress(body)
            files[entry.path] = File(contentType: entry.type, body: body, gzipped: gzipped.count < body.count ? gzipped : nil,
                                     cacheControl: cache)
        }
        return WebSite(files: files)
    }

    /// A site of the given files (tests).
    init(files: [String: File]) { self.files = files }

    /// The markup two pages share, written once: a line that is only `<!-- include NAME.html -->` is replaced by
    /// that file of the same folder (a name of lower-case letters and `-`, read now; one level, nothing from a request).
    static func included(_ page: [UInt8], from directory: String) throws(WebSiteProblem) -> [UInt8] {
        var lines = String(decoding: page, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() {
            let words = line.split(separator: " ")
            guard words.count == 4, words[0] == "<!--", words[1] == "include", words[3] == "-->",
                  words[2].hasSuffix(".html"), words[2].dropLast(5).allSatisfy({ $0 == "-" || ("a"..."z").contains($0) })
            else { continue }
            let path = directory + "/" + words[2]
            do { lines[index] = String(decoding: try FileContents.read(path), as: UTF8.self).trimmingSuffix("\n") } catch {
                throw WebSiteProblem(path: path, problem: error)
            }
        }
        return Array(lines.joined(separator: "\n").utf8)
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}

/// A page of the web port that could not be read at start.
public struct WebSiteProblem: Error, CustomStringConvertible {
    public let path: String
    let problem: FileContents.Problem

    public var description: String {
        switch problem {
        case .missing: "\(path): no such file"
        case .isDirectory: "\(path): a folder, not a file"
        case .unreadable(let code?): "\(path): \(Errno.text(code))"
        case .unreadable(nil): "\(path): too large"
        }
    }
}
