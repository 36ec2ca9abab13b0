import Foundation
import WebCodec
import WordGame
import WordGamePOSIX
import WordGameProtocol

/// The web port's own business: a WebSocket that opens becomes a session as
/// a TCP connection is one at once; a page request is answered and closed; a
/// request that does not come whole in time is closed.
extension Server {
    /// The WebSocket handshake is done: the reply goes first, then the hub
    /// greets the new session. A browser reads the protocol's lines from the
    /// start (Protocol.md §11): it never has human mode.
    func open(_ connection: Connection, reply: [UInt8]) {
        writes.enqueue(reply, for: connection)
        connection.session = Session(mode: .machine)
        hub.connected(connection.player, address: connection.address)
    }

    /// A page, the join address, a QR code, or a results file; then the connection closes. `HEAD` gets what `GET`
    /// would, without the body.
    func answer(_ head: HTTPRequestHead, on connection: Connection) {
        guard let router = webRouter else { return writes.closeAfterFlush(connection) }
        let headOnly = head.method == "HEAD"
        func reply(_ bytes: [UInt8]) {
            writes.enqueue(headOnly ? HTTPResponse.headers(of: bytes) : bytes, for: connection)
            writes.closeAfterFlush(connection)
        }
        switch router.answer(head) {
        case .response(let bytes):
            reply(bytes)
        case .results(let room, let key, let file):
            guard hub.isKey(key, of: room) else {
                return reply(HTTPResponse.error(.forbidden, message: WebTexts.wrongKey).serialized())
            }
            guard let players = hub.savedResults(room: room, key: key) else {
                return reply(HTTPResponse.error(.notFound, message: WebTexts.noResults).serialized())
            }
            readResults(players: players, file: file, headOnly: headOnly, for: connection)
        case .operatorPage(let page):
            guard configuration.web?.metricsAccess.allows(connection.address) == true else {
                return reply(HTTPResponse.error(.forbidden, message: WebTexts.operatorOnly).serialized())
            }
            reply(operatorPage(page))
        }
    }

    /// Reads a results file off the loop (files never hold up a round) and
    /// posts the reply back to it.
    private func readResults(players: String, file: WebRouter.ResultsFile, headOnly: Bool, for connection: Connection) {
        let path = file == .players ? players : String(players.dropLast("_players.csv".count)) + "_\(file.rawValue).csv"
        let name = String(path.split(separator: "/").last ?? "results.csv")
        let mail = self.mail, wake = loop.wake
        // The connection travels in the reply, untouched, back to the loop that owns it.
        let addressee = LoopMail.Reply(connection: connection, bytes: [])
        DispatchQueue.global().async {
            let bytes: [UInt8]
            do {
                bytes = WebRouter.download(try FileContents.read(path), named: name)
            } catch {
                bytes = HTTPResponse.error(.internalServerError, message: WebTexts.resultsUnreadable).serialized()
            }
            mail.post(LoopMail.Reply(connection: addressee.connection, bytes: headOnly ? HTTPResponse.headers(of: bytes) : bytes))
            wake.wake()
        }
    }

    /// A web connection that is not yet a session: its request must come whole in time.
    func webHousekeeping(_ connection: Connection, at now: Instant) {
        guard now.milliseconds(since: connection.connectedAt) > Int64(limits.webRequestMilliseconds) else { return }
        connection.framing.discardInput()
        writes.enqueue(HTTPResponse.error(.requestTimeout, message: WebTexts.requestTooSlow).serialized(), for: connection)
        writes.closeAfterFlush(connection)
    }

    /// Pings a connection nothing came from for a while, if its transport
    /// has a way (`OutputFraming.keepAlive`): a browser's tab can vanish without a word.
    func pingIfSilent(_ connection: Connection, with ping: [UInt8], at now: Instant) {
        if connection.heard {
            connection.heard = false
            connection.lastHeardAt = now
            return
        }
        guard now.milliseconds(since: connection.lastHeardAt) >= Int64(limits.webSocketPingMilliseconds) else { return }
        connection.lastHeardAt = now  // one ping a silent spell
        writes.enqueue(ping, for: connection)
    }

    /// The server's own pages, and the origins the operator allows.
    static func originPolicy(allowing origins: [String]) -> @Sendable (String?, String?) -> Bool {
        let allowed = Set(origins.map { $0.lowercased() })
        return { origin, host in
            if let origin, allowed.contains(origin.lowercased()) { return true }
            return WebSocketOriginPolicy.sameOriginOrAbsent(origin: origin, host: host)
        }
    }
}
