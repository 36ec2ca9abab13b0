import WebCodec
import WordGameProtocol

/// What a listener takes, and so which framing its connections get: the one
/// place where a connection's transport is chosen.
enum ListenerKind {
    /// The game's port: lines over TCP, for `nc`, the terminal client and programs.
    case lines(maxLineBytes: Int)
    /// The web port: pages for browsers, and the game over WebSocket (Protocol.md §11).
    case web(WebFraming.Policy)

    func makeFraming() -> any Framing {
        switch self {
        case .lines(let maxLineBytes): LineFraming(maxLineBytes: maxLineBytes)
        case .web(let policy): WebFraming(policy: policy)
        }
    }

    /// What a connection turned away at once gets before it is closed.
    /// Every connection on the game's port hears a greeting first, even one
    /// turned away; the server reads nothing from it, so it never hears
    /// `MODE`: its three lines are the same in both modes, machine lines a
    /// person can read. On the web port this is what a page request gets
    /// (a browser shows it), and a WebSocket when its request cannot be
    /// waited for (`WebRefusals`, which otherwise sends it `refusalLines`).
    func refusal(_ why: String, bye: String) -> [UInt8] {
        switch self {
        case .lines:
            return Self.refusalLines(why, bye: bye)
        case .web:
            return HTTPResponse.error(.serviceUnavailable, message: why).serialized()
        }
    }

    /// The greeting, `ERROR server-full` and `BYE`, each ending in LF.
    static func refusalLines(_ why: String, bye: String) -> [UInt8] {
        let lines = [ServerMessage.welcome(version: protocolVersion, hint: HelpText.refusedGreeting),
                     .error(ProtocolError(.serverFull, why)), .bye(bye)]
        return Array(lines.map { $0.line + "\n" }.joined().utf8)
    }
}
