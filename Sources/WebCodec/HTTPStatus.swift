/// An HTTP status code with its reason phrase (RFC 9110 §15).
///
/// Only the statuses this server produces have a phrase in the table; any
/// other code gets an empty phrase, which RFC 9112 §4 permits ("the
/// reason-phrase ... MAY be empty"; clients ignore it).
public struct HTTPStatus: Sendable, Hashable, CustomStringConvertible {
    public let code: Int

    public init(code: Int) {
        self.code = code
    }

    public static let switchingProtocols = HTTPStatus(code: 101)
    public static let ok = HTTPStatus(code: 200)
    public static let badRequest = HTTPStatus(code: 400)
    public static let forbidden = HTTPStatus(code: 403)
    public static let notFound = HTTPStatus(code: 404)
    public static let methodNotAllowed = HTTPStatus(code: 405)
    public static let requestTimeout = HTTPStatus(code: 408)
    public static let contentTooLarge = HTTPStatus(code: 413)
    public static let uriTooLong = HTTPStatus(code: 414)
    public static let upgradeRequired = HTTPStatus(code: 426)
    public static let requestHeaderFieldsTooLarge = HTTPStatus(code: 431)
    public static let internalServerError = HTTPStatus(code: 500)
    public static let serviceUnavailable = HTTPStatus(code: 503)
    public static let httpVersionNotSupported = HTTPStatus(code: 505)

    /// The reason phrase from RFC 9110 §15, or "" for codes not in the table.
    public var reasonPhrase: String {
        switch code {
        case 101: "Switching Protocols"
        case 200: "OK"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 426: "Upgrade Required"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: ""
        }
    }

    public var description: String { "\(code) \(reasonPhrase)" }
}
