import RedisClient
import WordGamePOSIX
import WordGameServer

/// The fleet's Redis password: from the file `--directory-password-file`
/// names, else from `WORDGAME_DIRECTORY_PASSWORD`, else none; the sentinels'
/// the same way (`--sentinel-password-file`, `WORDGAME_SENTINEL_PASSWORD`).
/// Never from the command line, which every user of the machine reads with
/// `ps`. Problems are one sentence that names the file or the variable, never
/// the password.
enum DirectoryPassword {
    /// The password, nil when none is given, or the problem. `whose`: the file's owner in a problem's words.
    static func load(file: String?, environment: [String: String], variable: String = FleetConfiguration.passwordVariable,
                     whose: String = "the directory's") -> Result<RedisPassword?, DirectoryPasswordProblem> {
        guard let file else {
            guard let text = environment[variable] else { return .success(nil) }
            guard let password = RedisPassword(text) else { return .failure(DirectoryPasswordProblem("\(variable) is set but empty")) }
            return .success(password)
        }
        let bytes: [UInt8]
        do throws(FileContents.Problem) {
            bytes = try FileContents.read(file)
        } catch {
            let why = switch error {
            case .missing: "there is no such file"
            case .isDirectory: "it is a folder"
            case .unreadable(let code?) where code == Errno.permissionDenied: "permission denied to the user this server runs as"
            case .unreadable(let code?): Errno.text(code)
            case .unreadable(nil): "it is too big"
            }
            return .failure(DirectoryPasswordProblem("cannot read \(whose) password file \(file): \(why)"))
        }
        // One line, its end of line not part of it (an editor adds one; Windows' is CR LF). Bytes, not characters:
        // a String reads CR LF as one character, which neither "\n" nor "\r" is.
        var line = bytes[...]
        if line.last == UInt8(ascii: "\n") { line.removeLast() }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        guard let text = String(validating: line, as: UTF8.self) else {
            return .failure(DirectoryPasswordProblem("\(whose) password file \(file) is not UTF-8 text"))
        }
        guard !line.contains(UInt8(ascii: "\n")) && !line.contains(UInt8(ascii: "\r")) else {
            return .failure(DirectoryPasswordProblem("\(whose) password file \(file) holds more than one line"))
        }
        guard let password = RedisPassword(text) else {
            return .failure(DirectoryPasswordProblem("\(whose) password file \(file) is empty"))
        }
        return .success(password)
    }
}

struct DirectoryPasswordProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
