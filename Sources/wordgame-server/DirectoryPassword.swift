import Foundation
import RedisClient
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
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) else {
            return .failure(DirectoryPasswordProblem("cannot read \(whose) password file \(file): there is no such file"))
        }
        guard !isFolder.boolValue else {
            return .failure(DirectoryPasswordProblem("cannot read \(whose) password file \(file): it is a folder"))
        }
        guard FileManager.default.isReadableFile(atPath: file), let data = FileManager.default.contents(atPath: file) else {
            return .failure(DirectoryPasswordProblem("cannot read \(whose) password file \(file): permission denied "
                                                     + "to the user this server runs as"))
        }
        guard var text = String(data: data, encoding: .utf8) else {
            return .failure(DirectoryPasswordProblem("\(whose) password file \(file) is not UTF-8 text"))
        }
        // One line, its end of line not part of it (an editor adds one).
        if text.hasSuffix("\n") { text.removeLast() }
        if text.hasSuffix("\r") { text.removeLast() }
        guard !text.contains("\n") else {
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
