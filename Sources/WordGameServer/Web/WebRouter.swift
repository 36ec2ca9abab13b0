import QRCode
import WebCodec
import WordGameProtocol

/// What the web port answers to a request that is not a WebSocket handshake.
/// Only GET is served (and HEAD, its headers without the body: the server
/// leaves the body out), and only the paths of a fixed table: the site's files,
/// the join address and its QR code, and a finished game's results for the
/// holder of the room's key. Pure: the server does what needs the rooms.
struct WebRouter {
    let site: WebSite
    /// `http://192.168.1.23:8080/`.
    let joinAddress: String

    enum Answer: Equatable {
        /// Bytes to send, then close.
        case response([UInt8])
        /// A game's results file, if `key` is the room's: the server asks the hub and reads the file.
        case results(room: String, key: String, file: ResultsFile)
        /// `/metrics` or `/healthz`, for a reader `MetricsAccess` allows: the server knows the figures.
        case operatorPage(OperatorPage)
    }

    /// The operator's pages: not for students, never linked from a page.
    enum OperatorPage: Equatable {
        case metrics, health
    }

    /// The files a game leaves (`WordGameResults`), each beside the players file.
    enum ResultsFile: String, Equatable {
        case players, answers, pairs
    }

    /// Every page's policy: nothing from another host, no framing by another
    /// site, no referrer (a results link carries the room's key). Forms go to
    /// this server only: the students' join form, tapped before its script has
    /// come on a slow network, asks for the page that joins.
    static let contentSecurityPolicy = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; "
        + "base-uri 'none'; form-action 'self'"
    static let policyHeaders = [HTTPHeaderField(name: "Referrer-Policy", value: "no-referrer")]

    func answer(_ head: HTTPRequestHead) -> Answer {
        guard head.method == "GET" || head.method == "HEAD" else {
            var refusal = HTTPResponse.error(.methodNotAllowed, message: WebTexts.onlyGet)
            refusal.extraHeaders = [HTTPHeaderField(name: "Allow", value: "GET, HEAD")]
            return .response(refusal.serialized())
        }
        if let file = site.files[String(head.path)] {
            // Either body may answer the same address: a cache keeps them apart by Accept-Encoding.
            let vary = HTTPHeaderField(name: "Vary", value: "Accept-Encoding")
            if let gzipped = file.gzipped, head.accepts(contentCoding: "gzip") {
                return .response(Self.ok(gzipped, type: file.contentType, cache: file.cacheControl,
                                         extra: [HTTPHeaderField(name: "Content-Encoding", value: "gzip"), vary]))
            }
            return .response(Self.ok(file.body, type: file.contentType, cache: file.cacheControl, extra: [vary]))
        }
        switch head.path {
        case "/join.json":
            return .response(Self.ok(Array(joinJSON.utf8), type: "application/json", cache: "no-store"))
        case "/metrics":
            return .operatorPage(.metrics)
        case "/healthz":
            return .operatorPage(.health)
        case "/qr.svg":
            return qrCode(room: head.queryItem("room"))
        case "/results.csv":
            guard let room = head.queryItem("room"), RoomCode.looksLikeCode(room), let key = head.queryItem("key"),
                  let file = ResultsFile(rawValue: head.queryItem("file") ?? "players")
            else { return .response(HTTPResponse.error(.badRequest, message: WebTexts.resultsUsage).serialized()) }
            return .results(room: room.uppercased(), key: key.uppercased(), file: file)
        default:
            return .response(HTTPResponse.error(.notFound, message: WebTexts.notFound).serialized())
        }
    }

    /// The join address of a room: the student's page with the code filled in.
    func joinAddress(room: String?) -> String {
        guard let room else { return joinAddress }
        return joinAddress + "?room=" + room.uppercased()
    }

    /// `{"url": …}`: made of an address and a port, never of a request's text.
    private var joinJSON: String { "{\"url\":\"\(joinAddress)\"}" }

    private func qrCode(room: String?) -> Answer {
        if let room, !RoomCode.looksLikeCode(room) {
            return .response(HTTPResponse.error(.badRequest, message: WebTexts.notACode).serialized())
        }
        guard let code = try? QRCode.encode(joinAddress(room: room)) else {
            return .response(HTTPResponse.error(.internalServerError, message: WebTexts.qrTooLong).serialized())
        }
        return .response(Self.ok(Array(code.svg().utf8), type: "image/svg+xml", cache: "no-store"))
    }

    static func ok(_ body: [UInt8], type: String, cache: String, extra: [HTTPHeaderField] = []) -> [UInt8] {
        HTTPResponse(status: .ok, contentType: type, cacheControl: cache, contentSecurityPolicy: contentSecurityPolicy,
                     extraHeaders: policyHeaders + extra, body: body).serialized()
    }

    /// An operator's page: plain text, never kept by a cache.
    static func plain(_ text: String, status: HTTPStatus = .ok, type: String = "text/plain; charset=utf-8") -> [UInt8] {
        HTTPResponse(status: status, contentType: type, cacheControl: "no-store", contentSecurityPolicy: contentSecurityPolicy,
                     extraHeaders: policyHeaders, body: Array(text.utf8)).serialized()
    }

    /// A results file, to download.
    static func download(_ body: [UInt8], named name: String) -> [UInt8] {
        ok(body, type: "text/csv; charset=utf-8", cache: "no-store",
           extra: [HTTPHeaderField(name: "Content-Disposition", value: "attachment; filename=\"\(name)\"")])
    }
}
