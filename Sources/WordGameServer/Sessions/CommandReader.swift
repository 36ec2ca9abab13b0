import WordGame
import WordGameProtocol

/// A connection's lines as commands for the hub. What is the connection's
/// own business stays here: a line that is too long or not UTF-8 is told so,
/// a blank line is nothing, and `MODE` changes how the connection reads
/// (in any state, so the hub never sees it). Pure: the server acts on what it says.
enum CommandReader {
    enum Reading: Equatable {
        /// Enter alone, or spaces: nothing to do.
        case nothing
        /// A command for the hub.
        case command(ClientCommand)
        /// `MODE`: the connection reads this way from now on.
        case mode(LineMode)
        /// A problem with the line, told to its connection alone.
        case problem(ProtocolError)
    }

    static func read(_ frame: LineFramer.Frame, maxLineBytes: Int) -> Reading {
        switch frame {
        case .tooLong:
            return .problem(ProtocolError(.lineTooLong, TransportTexts.lineTooLong(maxLineBytes: maxLineBytes)))
        case .invalidUTF8:
            return .problem(ProtocolError(.badUTF8, TransportTexts.badUTF8))
        case .line(let text):
            guard text.contains(where: { $0 != " " && $0 != "\t" }) else { return .nothing }
            switch ClientCommand.parse(text) {
            case .success(.mode(let mode)): return .mode(mode)
            case .success(let command): return .command(command)
            case .failure(let problem): return .problem(problem)
            }
        }
    }
}
