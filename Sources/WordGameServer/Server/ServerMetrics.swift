import WebCodec
import WordGame

/// The operator's pages on the web port: `/metrics` (`MetricsPage`) and
/// `/healthz`. Made on the loop when asked, from the counters kept where
/// things happen (`ServerCounters`) and the tables that hold the rest: a
/// pass over the connections, a few microseconds a thousand.
extension Server {
    func operatorPage(_ page: WebRouter.OperatorPage) -> [UInt8] {
        switch page {
        case .metrics:
            return WebRouter.plain(metricsFigures().text(counters), type: MetricsPage.contentType)
        case .health:
            guard let why = notReadyBecause() else { return WebRouter.plain(WebTexts.ready + "\n") }
            return WebRouter.plain(why + "\n", status: .serviceUnavailable)
        }
    }

    /// Why the server should be sent no one now; nil when it is ready.
    func notReadyBecause() -> String? {
        if stopReason != nil || hub.shuttingDown { return WebTexts.stopping }
        if hub.draining { return WebTexts.draining }
        if let fleet {
            switch fleet.directoryUp {
            case nil: return WebTexts.directoryNotYet
            case false?: return WebTexts.directoryDown
            case true?: break
            }
        }
        return nil
    }

    func metricsFigures() -> MetricsPage {
        var page = MetricsPage(connections: [:])
        var bytesSent = counters.bytesSentByClosed
        for connection in table.all {
            bytesSent += connection.output.sentTotal
            guard connection.session != nil else { continue }
            let transport = connection.outputFraming === PlainLines.shared ? "tcp" : "websocket"
            let role: String
            if let session = hub.sessions[connection.player], session.room != nil {
                switch session.role {
                case .member: role = "player"
                case .host: role = "host"
                case .viewer: role = "viewer"
                }
            } else {
                role = "outside"
            }
            page.connections[transport, default: [:]][role, default: 0] += 1
        }
        page.bytesSent = bytesSent
        for room in hub.rooms.values {
            if room.isPractice { page.practiceRooms += 1 } else { page.classRooms += 1 }
            if room.game != nil { page.gamesOn += 1 }
        }
        page.draining = hub.draining
        page.directoryUp = fleet.map { $0.directoryUp == true }
        page.process = ProcessUsage.current()
        return page
    }
}
