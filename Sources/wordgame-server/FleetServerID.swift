import Foundation
import WordGameFleet

/// A server's name in the fleet's directory when none is given: the
/// machine's name, the port, and four random characters, so that two
/// machines cloned with one name (or one server restarted) never share an id.
enum FleetServerID {
    static func make(port: UInt16) -> String {
        let machine = ProcessInfo.processInfo.hostName.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        let random = String((0..<4).map { _ in "abcdefghjkmnpqrstuvwxyz3467".randomElement()! })
        let id = "\(machine.prefix(40).isEmpty ? "server" : String(machine.prefix(40)))-\(port)-\(random)"
        precondition(FleetKeys.isServerID(id), "a server id of letters, digits and '-'")
        return id
    }
}
