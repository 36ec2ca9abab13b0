import RedisWire

/// What a decoder gives for `chunks` fed in turn: every reply, and the error that ended it, if any.
struct Decoded: Equatable {
    var values: [RedisValue] = []
    var error: RedisProtocolError?
}

func decode(_ chunks: [ArraySlice<UInt8>], limits: RedisWireLimits = .default) -> Decoded {
    var decoder = RedisReplyDecoder(limits: limits)
    var result = Decoded()
    for chunk in chunks {
        decoder.append(chunk)
        do {
            while let value = try decoder.next() { result.values.append(value) }
        } catch {
            result.error = error
            return result
        }
    }
    return result
}

func decode(_ bytes: [UInt8], limits: RedisWireLimits = .default) -> Decoded {
    decode([bytes[...]], limits: limits)
}

func decode(_ text: String, limits: RedisWireLimits = .default) -> Decoded {
    decode(Array(text.utf8), limits: limits)
}

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
