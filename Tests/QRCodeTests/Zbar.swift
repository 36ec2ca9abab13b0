import Foundation
@testable import QRCode

/// External tools the decoding tests depend on.
enum Tools {
    /// Full path of `zbarimg` (Debian package zbar-tools) on PATH, if installed.
    static let zbarimgPath: String? = {
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in searchPath.split(separator: ":") {
            let candidate = "\(directory)/zbarimg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    static var hasZbarimg: Bool { zbarimgPath != nil }
}

/// Decodes symbols with ZBar's `zbarimg`, an implementation that shares no code with ours.
enum Zbar {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Pixels per module and quiet-zone width (modules) of the images handed to zbarimg.
    static let pixelsPerModule = 4
    static let quietZone = 4

    /// A binary greymap (PGM, P5) of `code`: black modules on white, with a quiet zone. Drawn module by module into
    /// a white page (a debug build appending pixel by pixel spent more time here than zbarimg did).
    static func greymap(of code: QRCode) -> Data {
        let side = (code.size + 2 * quietZone) * pixelsPerModule
        var pixels = [UInt8](repeating: 255, count: side * side)
        for moduleY in 0..<code.size {
            for moduleX in 0..<code.size where code.isDark(x: moduleX, y: moduleY) {
                let top = (moduleY + quietZone) * pixelsPerModule
                let left = (moduleX + quietZone) * pixelsPerModule
                for pixelY in top..<top + pixelsPerModule {
                    pixels.replaceSubrange(pixelY * side + left..<pixelY * side + left + pixelsPerModule,
                                           with: repeatElement(0, count: pixelsPerModule))
                }
            }
        }
        return Data("P5\n\(side) \(side)\n255\n".utf8) + Data(pixels)
    }

    /// The bytes zbarimg reads from `code`, without the newline it prints after a symbol.
    /// `binary` asks ZBar for the raw byte-mode bytes instead of its charset-guessed text.
    static func decode(_ code: QRCode, binary: Bool = false) throws -> [UInt8] {
        do {
            return try decode(greymap: greymap(of: code), binary: binary)
        } catch let failure as Failure {
            throw Failure(description: "\(failure.description) in version \(code.version) level \(code.correction) mask \(code.mask)")
        }
    }

    /// A binary greymap of a picture given as rows of light (true) and dark (false) cells.
    static func greymap(rows: [[Bool]], pixelsPerCell: Int) -> Data {
        let height = rows.count * pixelsPerCell
        let width = (rows.first?.count ?? 0) * pixelsPerCell
        var image = Data("P5\n\(width) \(height)\n255\n".utf8)
        for row in rows {
            for _ in 0..<pixelsPerCell {
                for cell in row {
                    image.append(contentsOf: repeatElement(cell ? 255 : 0, count: pixelsPerCell))
                }
            }
        }
        return image
    }

    static func decode(greymap: Data, binary: Bool = false) throws -> [UInt8] {
        guard let zbarimg = Tools.zbarimgPath else { throw Failure(description: "zbarimg is not installed") }
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("qrcode-test-\(UUID().uuidString).pgm")
        try greymap.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: zbarimg)
        process.arguments = ["--raw", "-q"] + (binary ? ["-Sbinary"] : []) + [file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "zbarimg found no symbol (exit \(process.terminationStatus))")
        }
        var bytes = [UInt8](printed)
        // --raw prints each symbol's data followed by a newline; -Sbinary prints no newline.
        if !binary, bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        return bytes
    }
}

/// Deterministic printable-ASCII payloads of an exact length.
enum Payload {
    static let sampleURL = "http://192.168.1.23:8080/?room=K7PX"

    /// `length` bytes starting with the sample URL, then a query value of letters and digits.
    static func ascii(length: Int) -> [UInt8] {
        let prefix = Array((sampleURL + "&fill=").utf8)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var bytes = Array(prefix.prefix(length))
        var state: UInt32 = 0x1234_5678
        while bytes.count < length {
            state = state &* 1_664_525 &+ 1_013_904_223  // a fixed LCG: the same payload every run
            bytes.append(alphabet[Int(state >> 26)])
        }
        return bytes
    }
}
