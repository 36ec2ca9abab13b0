import WordGame
import WordGameProtocol

/// A bot's answer to a pair, for socket tests and `HubWorld` alike: it names
/// the round, as Protocol.md asks of programs (a bare `y` this fast after a
/// pair arrives would be taken as meant for the previous pair, §7), and is
/// right or wrong as asked, judged by `words`.
enum BotAnswer {
    static func line(for round: RoundInfo, rightly: Bool, words: WordList = TestServer.defaultWords) -> String {
        let truth = words.isCorrect(english: round.english, spanish: round.spanish)
        return "ANSWER \(round.number) \(truth == rightly ? "y" : "n")"
    }
}
