import Foundation
import Testing
import WordGameTestSupport
@testable import QRCode

/// The real check: symbols are read back by ZBar, an independent decoder. These tests are
/// skipped, visibly, when zbarimg is missing (`apt-get install zbar-tools`).
@Suite(.enabled(if: Tools.hasZbarimg, "zbarimg (zbar-tools) is not installed; decoding tests skipped"))
struct ZbarDecodingTests {
    static let asciiSamples = [
        Payload.sampleURL,
        "http://[fe80::1]:8080/?room=K7PX",
        "http://[2001:db8:85a3::8a2e:370:7334]:8080/?room=ZZ9Q",
        "http://10.0.0.5/?room=A",
        "K",
    ]

    @Test("ASCII URLs decode exactly at every level", arguments: asciiSamples, QRCode.Correction.allCases)
    func asciiURL(text: String, correction: QRCode.Correction) async throws {
        try await onOwnThread {
            let code = try QRCode.encode(text, correction: correction)
            #expect(try Zbar.decode(code) == Array(text.utf8))
        }
    }

    /// Byte mode carries bytes; which character set they are in is up to the reader, as
    /// no ECI header is written. ZBar's text output converts the bytes through a guessed
    /// character set, so the bytes themselves are compared through `-Sbinary`.
    @Test("UTF-8 text decodes to the same bytes",
          arguments: ["Maëlle 山田", "Ça va? Ñandú — 日本語 🙂"], QRCode.Correction.allCases)
    func utf8Bytes(text: String, correction: QRCode.Correction) async throws {
        try await onOwnThread {
            let code = try QRCode.encode(text, correction: correction)
            #expect(try Zbar.decode(code, binary: true) == Array(text.utf8))
        }
    }

    /// UTF-8 that cannot be read as Shift-JIS (here the 4-byte emoji rules it out) comes
    /// out of ZBar's charset guess as the same text.
    @Test("UTF-8 text that is not valid Shift-JIS decodes as text")
    func utf8TextNotShiftJIS() async throws {
        try await onOwnThread {
            let text = "Ça va? Ñandú — 日本語 🙂"
            let decoded = try Zbar.decode(try QRCode.encode(text))
            #expect(String(decoding: decoded, as: UTF8.self) == text)
        }
    }

    /// The caveat, pinned down: the UTF-8 bytes of "Maëlle 山田" also form valid Shift-JIS,
    /// and ZBar's guess picks Shift-JIS, printing "Maﾃｫlle 螻ｱ逕ｰ". The symbol is right (see
    /// `utf8Bytes`); readers that prefer UTF-8 when it is valid (ZXing, for one) show the
    /// text as meant. Should ZBar change its guess, the known issue stops occurring and
    /// this test fails, so the note gets revisited.
    @Test("ZBar reads UTF-8 that is also valid Shift-JIS as Shift-JIS")
    func utf8TextGuessedAsShiftJIS() async throws {
        try await onOwnThread {
            let text = "Maëlle 山田"
            let decoded = String(decoding: try Zbar.decode(try QRCode.encode(text)), as: UTF8.self)
            withKnownIssue("ZBar guesses Shift-JIS for byte-mode data that is valid in both") {
                #expect(decoded == text)
            }
            #expect(decoded == "Maﾃｫlle 螻ｱ逕ｰ")
        }
    }

    /// Every version at every level, each filled to its exact byte capacity, so that the
    /// whole error correction table, the alignment table, version information and
    /// remainder bits are exercised by the decoder.
    @Test("every version and level, filled to capacity", arguments: 1...40)
    func fullSymbol(version: Int) async throws {
        try await onOwnThread {
            for correction in QRCode.Correction.allCases {
                let capacity = DataEncoding.byteCapacity(version: version, correction: correction)
                let payload = Payload.ascii(length: capacity)
                let code = try QRCode.encode(payload, correction: correction)
                #expect(code.version == version)
                #expect(try Zbar.decode(code) == payload, "version \(version) \(correction)")
            }
        }
    }

    /// Every mask pattern forced once on a small symbol and once on one with version
    /// information, so each of the eight patterns is proven by the decoder.
    @Test("every forced mask decodes", arguments: 0..<8)
    func forcedMask(mask: Int) async throws {
        try await onOwnThread {
            for (payload, correction) in [(Array(Payload.sampleURL.utf8), QRCode.Correction.medium),
                                          (Payload.ascii(length: 150), QRCode.Correction.quartile)] {
                let code = try QRCode.encode(payload, correction: correction, forcedMask: mask)
                #expect(code.mask == mask)
                #expect(try Zbar.decode(code) == payload, "mask \(mask) version \(code.version)")
            }
        }
    }

    /// The terminal rendering as a terminal shows it: each character cell is two module
    /// rows tall, a drawn half block is in the foreground colour and the rest is
    /// background, with a margin of background around the text. Inverted lines on a dark
    /// terminal and plain lines on a light one must both scan.
    @Test("terminal lines scan as displayed", arguments: [(true, false), (false, true)])
    func terminalRendering(inverted: Bool, lightBackground: Bool) async throws {
        try await onOwnThread {
            let code = try QRCode.encode(Payload.sampleURL)
            let foregroundIsLight = !lightBackground
            let lines = code.terminalLines(quietZone: 2, inverted: inverted)
            let width = (lines.first?.count ?? 0) + 8
            let background = [Bool](repeating: lightBackground, count: width)
            var rows = [[Bool]](repeating: background, count: 4)
            for line in lines {
                var top = [Bool](repeating: lightBackground, count: 4), bottom = top
                for character in line {
                    let (topDrawn, bottomDrawn) = (character == "█" || character == "▀", character == "█" || character == "▄")
                    top.append(topDrawn ? foregroundIsLight : lightBackground)
                    bottom.append(bottomDrawn ? foregroundIsLight : lightBackground)
                }
                top += [Bool](repeating: lightBackground, count: 4)
                bottom += [Bool](repeating: lightBackground, count: 4)
                rows += [top, bottom]
            }
            rows += [[Bool]](repeating: background, count: 4)
            let decoded = try Zbar.decode(greymap: Zbar.greymap(rows: rows, pixelsPerCell: 4))
            #expect(decoded == Array(Payload.sampleURL.utf8))
        }
    }
}
