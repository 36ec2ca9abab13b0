/// What the web port says to a browser when it cannot give what was asked.
enum WebTexts {
    static let onlyGet = "Only GET and HEAD are served here."
    static let notFound = "There is no such page. Students open / ; the teacher opens /host ."
    static let notACode = "That is not a room code."
    static let qrTooLong = "The join address is too long for a QR code."
    static let resultsUsage = "Ask for /results.csv?room=CODE&key=KEY&file=players or answers."
    static let wrongKey = "That is not the key of this room."
    static let noResults = "No game of this room has been saved yet."
    static let resultsUnreadable = "The results file could not be read."
    static let requestTooSlow = "The request took too long to arrive."
    static let operatorOnly = "The server's metrics and health are for the networks --metrics-from names (by default this machine "
        + "and the private ranges)."
    /// `/healthz`'s body when the server takes players.
    static let ready = "ready"
    static let stopping = "not ready: stopping"
    static let draining = "not ready: draining (no new rooms; it stops once the games on it are over)"
    static let directoryDown = "not ready: the fleet's directory does not answer"
    static let directoryNotYet = "not ready: the fleet's directory has not answered yet"
    static let noPages = "The pages are not installed next to this server."
}
