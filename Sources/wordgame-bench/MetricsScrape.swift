import WordGamePOSIX

// The server's own figures, as a school's Prometheus reads them: GET /metrics
// on the web port, and the text format's samples and histograms read back.

/// The body of `/metrics` from the server on 127.0.0.1:`webPort` (one request a connection).
func scrapeMetrics(webPort: UInt16) -> MetricsText {
    let fd = dialLoopback(port: webPort, "wordgame-server's web port for /metrics")
    defer { fd.close() }
    sendLine("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1:\(webPort)\r\nConnection: close\r\n\r\n", to: fd)
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    let deadline = now() + 10
    while true {
        if now() > deadline { fail("/metrics: no whole answer within 10 s") }
        _ = Poll.waitUntilReadable(fd, milliseconds: 100)
        let result = chunk.withUnsafeMutableBytes { raw in Result { () throws(Errno) in try Socket.receive(fd, into: raw) } }
        guard case .success(let outcome) = result else { break }
        if case .done(let n) = outcome {
            if n == 0 { break }  // the server answers one request, then closes
            received += chunk[0..<n]
        }
    }
    guard received.starts(with: Array("HTTP/1.1 200".utf8)), let end = received.firstRange(of: [13, 10, 13, 10]) else {
        fail("/metrics: not a 200: \(String(decoding: received.prefix(200), as: UTF8.self))")
    }
    return MetricsText(String(decoding: received[end.upperBound...], as: UTF8.self))
}

/// Prometheus' text exposition format, as far as the bench reads it: each sample's name with
/// its labels (`name{le="0.001"}`) and its value. Comments are skipped.
struct MetricsText {
    let samples: [String: Double]

    init(_ text: String) {
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            samples[String(line[..<space])] = value
        }
        self.samples = samples
    }

    subscript(_ name: String) -> Double? { samples[name] }

    /// The histogram `name`: its `le` bounds ascending (`+Inf` last) and their cumulative counts.
    func histogram(_ name: String) -> BucketHistogram {
        let prefix = name + "_bucket{le=\""
        var buckets: [(bound: Double, count: Double)] = []
        for (key, value) in samples where key.hasPrefix(prefix) && key.hasSuffix("\"}") {
            let bound = key.dropFirst(prefix.count).dropLast(2)
            buckets.append((bound == "+Inf" ? .infinity : Double(bound) ?? .nan, value))
        }
        buckets.sort { $0.bound < $1.bound }
        return BucketHistogram(bounds: buckets.map(\.bound), cumulative: buckets.map(\.count), sum: samples[name + "_sum"] ?? 0)
    }
}

/// A Prometheus histogram: cumulative counts at ascending upper bounds, the last `+Inf`.
struct BucketHistogram {
    var bounds: [Double]
    var cumulative: [Double]
    var sum: Double

    var count: Double { cumulative.last ?? 0 }

    /// What was observed between `earlier` and this (the same histogram read twice).
    func since(_ earlier: BucketHistogram) -> BucketHistogram {
        guard earlier.bounds == bounds else { return self }
        return BucketHistogram(bounds: bounds, cumulative: zip(cumulative, earlier.cumulative).map { $0 - $1 }, sum: sum - earlier.sum)
    }

    /// The `p`th percentile as a bucket tells it: the upper bound of the bucket that holds the
    /// observation of that rank (nearest rank, as `percentile`), so the true value is at most this.
    /// Infinity when it is above every bound; nan when nothing was observed.
    func percentileBound(_ p: Double) -> Double {
        guard count > 0 else { return .nan }
        let rank = max(1, (p / 100 * count).rounded(.up))
        return zip(bounds, cumulative).first { $0.1 >= rank }?.0 ?? .infinity
    }
}
