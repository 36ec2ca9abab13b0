/// Rules for the names people type: nicknames and room names.
public enum Names {
    public static let nicknameLength = 1...16
    public static let roomLength = 1...24
    public static let defaultRoom = "main"

    /// A nickname trimmed of surrounding spaces, or why it is refused: 1 to 16
    /// printable characters. Control, format and other invisible characters
    /// are refused, because they would paint on other players' terminals.
    public static func nickname(_ raw: String) -> Result<String, ProtocolError> {
        let name = raw.trimmingSpaces
        guard nicknameLength.contains(name.count) else {
            return .failure(ProtocolError(.badName, "Names are \(nicknameLength.lowerBound) to \(nicknameLength.upperBound) characters; \"\(name.prefix(20))\" has \(name.count). Type NAME <nickname>."))
        }
        guard name.unicodeScalars.allSatisfy(isPrintable) else {
            return .failure(ProtocolError(.badName, "Names may not hold control or invisible characters. Type NAME <nickname> with letters, digits, spaces or punctuation."))
        }
        return .success(name)
    }

    /// A room name folded to lower case, or why it is refused: 1 to 24 letters,
    /// digits, `-` or `_` (rooms are typed by whole classes; keep them simple).
    public static func room(_ raw: String) -> Result<String, ProtocolError> {
        let room = raw.trimmingSpaces.lowercased()
        let allowed = room.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
        guard roomLength.contains(room.count), allowed else {
            return .failure(ProtocolError(.badRoom, "Room names are 1 to 24 letters, digits, - or _. Type JOIN <room>, or just JOIN for room \"\(defaultRoom)\"."))
        }
        return .success(room)
    }

    /// The key under which two nicknames clash: names are unique regardless of case.
    public static func nicknameKey(_ name: String) -> String { name.lowercased() }

    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return false
        default:
            return true
        }
    }
}

extension String {
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " }),
              let last = scalars.lastIndex(where: { $0 != " " })
        else { return "" }
        return String(scalars[first...last])
    }
}
