import WordGameFleet

/// The console's lines about the fleet's directory: what an operator should know.
enum FleetConsoleTexts {
    static func registered(id: String, in directory: String, as address: FleetAddress) -> String {
        "fleet: registered as \(id) in \(directory); other servers send players to \(address.host) port \(address.port)"
            + (address.webPort.map { ", browsers to web port \($0)" } ?? "")
    }

    static func unreachable(_ directory: String, _ why: String) -> String {
        "fleet: the directory \(directory) cannot be reached (\(why)). Rooms here play on; "
            + "new rooms, and rooms on other servers, wait for it."
    }

    /// Redis answers but refuses this server: Redis's own reason (it never repeats the password).
    static func loginRefused(_ directory: String, _ why: String) -> String {
        "fleet: the directory \(directory) refused this server's login (\(why)): check the user in --directory and the "
            + "password (--directory-password-file, or \(FleetConfiguration.passwordVariable)). Rooms here play on; "
            + "new rooms, and rooms on other servers, wait for it."
    }

    static func reachableAgain(_ directory: String) -> String { "fleet: the directory \(directory) answers again" }

    static func newEpoch(settlingSeconds: Int) -> String {
        "fleet: the directory was empty (new, or restarted): servers put their rooms back, and new codes wait \(settlingSeconds) s"
    }

    static func restored(_ count: Int) -> String {
        "fleet: \(count) room\(count == 1 ? "" : "s") or seat\(count == 1 ? "" : "s") put back in the directory"
    }

    static func lost(room: String) -> String {
        "fleet: room \(room) is claimed by another server in the directory now (it expired while the directory "
            + "was out of reach). Its players here play on; new players are sent to the other server."
    }

    static func stoppedAnswering(_ id: String, goneMilliseconds: Int) -> String {
        "fleet: server \(id) stopped answering (its record in the directory expired): its rooms and seats are gone "
            + "for \(spoken(goneMilliseconds)) unless it comes back, and those who name them are told so"
    }

    static func cameBack(_ id: String) -> String {
        "fleet: server \(id) answers again: its rooms are found again as it takes them back"
    }

    /// A duration as an operator reads it: whole hours, else whole minutes, else seconds.
    static func spoken(_ milliseconds: Int) -> String {
        if milliseconds >= 3_600_000, milliseconds % 3_600_000 == 0 { return "\(milliseconds / 3_600_000) h" }
        if milliseconds >= 60_000, milliseconds % 60_000 == 0 { return "\(milliseconds / 60_000) min" }
        return "\((milliseconds + 999) / 1_000) s"
    }
}
