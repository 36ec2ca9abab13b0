/// Close status codes (RFC 6455 §7.4 and the IANA "WebSocket Close Code
/// Number Registry").
public enum WebSocketCloseCode {
    public static let normalClosure: UInt16 = 1000
    public static let goingAway: UInt16 = 1001
    public static let protocolError: UInt16 = 1002
    public static let unsupportedData: UInt16 = 1003
    public static let invalidPayloadData: UInt16 = 1007
    public static let policyViolation: UInt16 = 1008
    public static let messageTooBig: UInt16 = 1009
    public static let internalError: UInt16 = 1011
    public static let serviceRestart: UInt16 = 1012
    public static let tryAgainLater: UInt16 = 1013

    /// Whether a peer may put `code` in a Close frame.
    ///
    /// Allowed: 1000–1003 and 1007–1011 (RFC 6455 §7.4.1); 1012 Service
    /// Restart, 1013 Try Again Later and 1014 Bad Gateway, which are assigned in
    /// the IANA registry and which Autobahn (case 7.7.x / 7.9.x) does not
    /// treat as invalid; 3000–3999 (registered for libraries and frameworks)
    /// and 4000–4999 (private use) per §7.4.2.
    ///
    /// Refused: below 1000 (unused, §7.4.2); 1004 (reserved); 1005, 1006 and
    /// 1015, which §7.4.1 says MUST NOT be sent in a Close frame because they
    /// describe the absence of one or a TLS failure; 1016–2999 (reserved for
    /// future revisions of the protocol and its extensions); 5000 and above.
    public static func isValidInCloseFrame(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999:
            return true
        default:
            return false
        }
    }
}
