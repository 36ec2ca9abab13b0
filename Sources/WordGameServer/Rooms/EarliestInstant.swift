import WordGame

/// The earlier of two moments, either of which may be none. The loop asks every
/// room for its next moment on every turn: a comparison, where an array of the
/// candidates and its `min()` would allocate once a room a turn.
func earlier(_ a: Instant?, _ b: Instant?) -> Instant? {
    guard let a else { return b }
    guard let b else { return a }
    return b < a ? b : a
}
