import Foundation

/// The names in a folder (not recursive), sorted, so a server reads its word lists in the same
/// order on every start. Only this module looks at the file system's folders.
public enum DirectoryListing {
    public enum Problem: Error, Equatable {
        case missing
        case notAFolder
        case unreadable(String)
    }

    public static func names(in path: String) throws(Problem) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .missing }
        guard isFolder.boolValue else { throw .notAFolder }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        } catch {
            throw .unreadable((error as NSError).localizedDescription)
        }
    }
}
