import Foundation
import WordGamePOSIX

// wordgame-bench upload: how long a teacher's list takes to reach the server,
// a line at a time as the page and the projector send it (Protocol.md §4,
// "Word lists"): UPLOAD, its OK, then 500 LINEs, and CHECK (read only) or SAVE
// (read, written to the lists folder and fsynced), all in one write; the time
// is from that write to the OK. Over TCP and over WebSocket, alternated, each
// on its own fresh connection of one server.

enum UploadBench {
    static let pairs = 500

    /// Each run saves two lists, and a server keeps 100.
    static let maxRuns = 45

    static func run(runs: Int) -> Never {
        guard runs <= maxRuns else { fail("upload: at most \(maxRuns) runs (each saves two lists; a server keeps 100)") }
        let folder = temporaryDirectory("wordgame-bench-lists")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = ServerProcess(arguments: ["--word-lists", folder, "--quiet", "--no-results"])
        print("wordgame-bench upload: \(pairs) pairs a list, \(runs) runs of each, on 127.0.0.1")
        var times: [String: [Double]] = [:]
        for run in 1...runs {
            for webSocket in [false, true] {
                for ending in ["CHECK", "SAVE"] {
                    let label = "\(webSocket ? "WebSocket" : "TCP      ") \(ending)"
                    // A name of its own: a list saved is replaced only with its key.
                    let seconds = upload(to: server, webSocket: webSocket, ending: ending, name: "bench-\(run)-\(webSocket ? "ws" : "tcp")")
                    times[label, default: []].append(seconds)
                }
            }
        }
        server.stop()
        print("| \(pairs) pairs, over | ms p50 | p90 | max |")
        print("|---|---:|---:|---:|")
        for label in times.keys.sorted() {
            let values = times[label]!.map { $0 * 1_000 }
            print("| \(label) | \(format(percentile(values, 50), 1)) | \(format(percentile(values, 90), 1)) "
                  + "| \(format(values.max() ?? .nan, 1)) |")
        }
        exit(0)
    }

    /// One host, one upload: the seconds from the write of the lines to `OK CHECK` or `OK SAVE`.
    static func upload(to server: ServerProcess, webSocket: Bool, ending: String, name: String) -> Double {
        let link = webSocket ? BenchLink(webSocketPort: server.webPort) : BenchLink(tcpPort: server.port)
        defer { link.fd.close() }
        link.send("HOST")
        link.wait { $0 == "END ROSTER" }
        link.send("UPLOAD \(name) English French")
        link.wait { $0 == "OK UPLOAD" || $0.hasPrefix("ERROR") }
        let lines = (1...pairs).map { "LINE word \($0),mot \($0)" } + [ending]
        let start = now()
        link.send(lines.joined(separator: "\n"))
        var problem: String?
        link.wait { line in
            if line.hasPrefix("ERROR") { problem = line }
            return line == "OK \(ending)" || problem != nil
        }
        if let problem { fail("the upload was refused: \(problem)") }
        return now() - start
    }
}

/// One connection of the bench in machine mode, over TCP or WebSocket: lines out, lines in.
final class BenchLink {
    let fd: FileDescriptor
    let webSocket: Bool
    private var pending: [UInt8]

    init(tcpPort: UInt16) {
        fd = connectLoopback(port: tcpPort)
        webSocket = false
        pending = []
    }

    init(webSocketPort: UInt16) {
        (fd, pending) = dialWebSocket(port: webSocketPort)
        webSocket = true
    }

    /// `text`'s lines: as they are over TCP, one masked text frame each over WebSocket.
    func send(_ text: String) {
        sendLine(webSocket ? textFrames(text) : Array((text + "\n").utf8), to: fd)
    }

    /// Reads lines until `done` holds for one; fails after 60 s.
    func wait(until done: (String) -> Bool) {
        let deadline = now() + 60
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            while let line = nextLine() { if done(line) { return } }
            if now() > deadline { fail("no reply within 60 s") }
            _ = Poll.waitUntilReadable(fd, milliseconds: 100)
            let result = chunk.withUnsafeMutableBytes { raw in try? Socket.receive(fd, into: raw) }
            if case .done(let n)? = result {
                if n == 0 { fail("the server closed the connection") }
                pending += chunk[0..<n]
            }
        }
    }

    /// The next whole line in what was read: up to LF over TCP; a frame's payload over WebSocket
    /// (the server's frames are unmasked text, lengths below 64 KiB).
    private func nextLine() -> String? {
        if !webSocket {
            guard let newline = pending.firstIndex(of: 0x0A) else { return nil }
            defer { pending.removeFirst(newline + 1) }
            return String(decoding: pending[..<newline], as: UTF8.self)
        }
        guard pending.count >= 2 else { return nil }
        var length = Int(pending[1] & 0x7F), header = 2
        if length == 126 {
            guard pending.count >= 4 else { return nil }
            length = Int(pending[2]) << 8 | Int(pending[3])
            header = 4
        }
        guard pending.count >= header + length else { return nil }
        defer { pending.removeFirst(header + length) }
        return String(decoding: pending[header..<header + length], as: UTF8.self)
    }
}
