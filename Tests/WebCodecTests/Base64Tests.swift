import Testing
@testable import WebCodec

@Suite struct Base64Tests {
    // RFC 4648 §10 test vectors.
    static let vectors: [(String, String)] = [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"),
        ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ]

    @Test func encodesRFC4648Vectors() {
        for (plain, encoded) in Self.vectors {
            #expect(Base64.encode(Array(plain.utf8)) == encoded)
        }
    }

    @Test func decodesRFC4648Vectors() {
        for (plain, encoded) in Self.vectors {
            #expect(Base64.decodeStrict(encoded) == Array(plain.utf8))
        }
    }

    @Test func encodesAllByteValuesAndUsesPlusAndSlash() {
        #expect(Base64.encode([0xFB, 0xFF, 0xBF]) == "+/+/")
        let all = (0...255).map { UInt8($0) }
        #expect(Base64.decodeStrict(Base64.encode(all)) == all)
    }

    @Test func roundTripsSeededRandomInputs() {
        var generator = SeededGenerator(seed: 64)
        for _ in 0..<500 {
            let bytes = generator.bytes(count: Int.random(in: 0...40, using: &generator))
            #expect(Base64.decodeStrict(Base64.encode(bytes)) == bytes)
        }
    }

    @Test func webSocketKeyExampleDecodesToSixteenBytes() {
        #expect(Base64.decodeStrict("dGhlIHNhbXBsZSBub25jZQ==") == Array("the sample nonce".utf8))
    }

    @Test(arguments: [
        "dGhlIHNhbXBsZSBub25jZQ",      // missing padding
        "dGhlIHNhbXBsZSBub25jZQ=",     // short padding
        "dGhlIHNhbXBsZSBub25jZQ===",   // too much padding
        " dGhlIHNhbXBsZSBub25jZQ==",   // leading space
        "dGhlIHNhbXBsZSBub25jZQ== ",   // trailing space
        "dGhlIHNhbXBs ZSBub25jZQ==",   // inner space
        "dGhlIHNhbXBsZSBub25jZQ\t=",   // tab
        "dGhlIHNhbXBsZSBub25jZQ-_",    // URL-safe alphabet
        "dGhl=HNhbXBsZSBub25jZQ==",    // padding in the middle
        "Zg=a",                        // data after padding
        "Z===",                        // padding in position 1
        "Zh==",                        // non-zero bits under padding
        "Zm9=",                        // non-zero bits under padding
        "Zm9v\u{e9}A=",                // non-ASCII (8 UTF-8 bytes)
        "====",                        // only padding
        "=",
    ])
    func rejectsMalformed(_ text: String) {
        #expect(Base64.decodeStrict(text) == nil)
    }
}
