import Foundation
import Glibc
import Testing
import WordGameTestSupport
import WordGame
import WordListFiles
import WordGameClient
import WordGameServer

/// The client binary in line mode (its output is a pipe), against the real server on 127.0.0.1.
@Suite struct LineModeTests {
    static let words: WordList = try! WordList.load(path: DefaultWordList.path()!)

    func startServer(pairs: Int = 5, roundMilliseconds: Int = 3_000) throws -> Server {
        let settings = GameSettings(words: Self.words, rules: Rules(roundMilliseconds: roundMilliseconds, pairCount: pairs), seed: 3)
        let server = try Server(configuration: ServerConfiguration(bindAddress: "127.0.0.1", port: 0, game: settings))
        server.start()
        return server
    }

    /// Parses "Pair 2 of 5: english = spanish ?  (...)" and answers it rightly.
    func answerRightly(_ line: String, _ client: ClientProcess) {
        let pair = line.drop { $0 != ":" }.dropFirst(2).prefix { $0 != "?" }.dropLast()
        let parts = pair.components(separatedBy: " = ")
        client.answer(Self.words.isCorrect(english: parts[0], spanish: parts[1]) ? "y" : "n")
    }

    @Test func playsAWholeGameAgainstTheRealServerThenRestartsAndQuits() async throws {
        try await onOwnThread {
            let server = try startServer()
            defer { server.stop(); server.waitUntilStopped() }
            let client = try ClientProcess(["--host", "127.0.0.1", "--port", "\(server.port)", "--name", "Ana"])
            try client.waitFor("Type r to start the game")
            client.type("r")
            for number in 1...5 {
                let pair = try client.waitFor("Pair \(number) of 5: ")
                answerRightly(pair, client)
                let verdict = try client.waitFor("Right.")
                #expect(verdict == "Right. Correct attempts: \(number), wrong attempts: 0.")
            }
            #expect(try client.waitFor("Final score") == "Final score: 5 correct, 0 wrong.")
            client.type("r")  // restart: a new game from the start
            try client.waitFor("Game on: 5 pairs")
            #expect(try client.waitFor("Pair ").hasPrefix("Pair 1 of 5: "))
            client.type("q")
            try client.waitFor("Goodbye!")
            #expect(client.waitForExit() == 0)
        }
    }

    @Test func questionMarksAndUnknownLinesGetTheKeysAndTheGameGoesOn() async throws {
        try await onOwnThread {
            let server = try startServer(pairs: 2, roundMilliseconds: 5_000)
            defer { server.stop(); server.waitUntilStopped() }
            let client = try ClientProcess(["--host", "127.0.0.1", "--port", "\(server.port)", "--name", "Cy"])
            try client.waitFor("Type r to start the game")
            client.type("?")
            #expect(try client.waitFor("Keys:").contains("y = the pair is correct"))
            client.type("r")
            let pair = try client.waitFor("Pair 1 of 2: ")
            client.type("hello")  // not a key: the keys again, nothing sent to the server
            #expect(try client.waitFor("Keys:").hasPrefix("Keys: y = "))
            answerRightly(pair, client)  // the answer after them still counts
            #expect(try client.waitFor("Right.") == "Right. Correct attempts: 1, wrong attempts: 0.")
            client.closeInput()
            #expect(client.waitForExit() == 0)
            #expect(!client.transcript.contains { $0.contains("not a command") || $0.contains("HELLO") })
        }
    }

    @Test func aTimeoutAndAWrongAnswerAreCountedAsTheServerSays() async throws {
        try await onOwnThread {
            let server = try startServer(pairs: 2, roundMilliseconds: 400)
            defer { server.stop(); server.waitUntilStopped() }
            let client = try ClientProcess(["--host", "127.0.0.1", "--port", "\(server.port)", "--name", "Bo"])
            try client.waitFor("Type r to start the game")
            client.type("start")
            try client.waitFor("Pair 1 of 2")
            #expect(try client.waitFor("Too slow.") == "Too slow. Correct attempts: 0, wrong attempts: 1.")
            let pair = try client.waitFor("Pair 2 of 2")
            let parts = pair.drop { $0 != ":" }.dropFirst(2).prefix { $0 != "?" }.dropLast().components(separatedBy: " = ")
            client.answer(Self.words.isCorrect(english: parts[0], spanish: parts[1]) ? "n" : "y")
            #expect(try client.waitFor("Wrong.") == "Wrong. Correct attempts: 0, wrong attempts: 2.")
            try client.waitFor("Final score")
            client.closeInput()  // the end of stdin quits
            #expect(client.waitForExit() == 0)
        }
    }

    @Test func theServerGoingAwayIsSaidOnceAndExitsNonZero() async throws {
        try await onOwnThread {
            let server = try startServer()
            let client = try ClientProcess(["--host", "127.0.0.1", "--port", "\(server.port)", "--name", "Ana"])
            try client.waitFor("Type r to start the game")
            server.stop()
            server.waitUntilStopped()
            #expect(try client.waitFor("The server is shutting down") == "The server is shutting down.")
            #expect(client.waitForExit() == 1)
            #expect(try client.nextLine(timeout: 2) == nil, "nothing after the goodbye")
        }
    }

    @Test func soloWithoutArgumentsStartsAtOnce() async throws {
        try await onOwnThread {
            let client = try ClientProcess(["--pairs", "2", "--seed", "1"])
            #expect(try client.waitFor("Pair 1 of 2: ", timeout: 20).hasPrefix("Pair 1 of 2: "))
            client.type("q")
            #expect(client.waitForExit() == 0)
        }
    }

    @Test func withoutANameItAsksForOne() async throws {
        try await onOwnThread {
            let server = try startServer()
            defer { server.stop(); server.waitUntilStopped() }
            let client = try ClientProcess(["--host", "127.0.0.1", "--port", "\(server.port)"])
            try client.waitFor("Your name:")
            client.type("Zoë")
            try client.waitFor("Room main: 1 player, host Zoë.")
            client.type("q")
            #expect(client.waitForExit() == 0)
        }
    }

    @Test func anUnreachableServerIsOneClearLine() async throws {
        try await onOwnThread {
            // A port held by a socket that is bound but never listens: connecting is refused,
            // and no other test's server can take the port meanwhile.
            let (holder, port) = LoopbackSocket.bound()
            defer { close(holder) }
            let client = try ClientProcess(["--host", "127.0.0.1", "--port", "\(port)", "--name", "Ana"])
            #expect(client.waitForExit() == 1)
            let message = client.standardError
            #expect(message.hasPrefix("wordgame-client: cannot reach a wordgame server at 127.0.0.1 port \(port)"), "\(message)")
            #expect(message.split(separator: "\n").count == 1)
        }
    }

    @Test(arguments: [["--bogus"], ["--port", "0"], ["--host", "127.0.0.1", "--pairs", "3"], ["--round-ms"]])
    func badArgumentsGiveUsageAndANonZeroExit(arguments: [String]) async throws {
        try await onOwnThread {
            let client = try ClientProcess(arguments)
            #expect(client.waitForExit() == 64)
            #expect(client.standardError.contains("USAGE: wordgame-client"))
        }
    }

    @Test func helpExitsZero() async throws {
        try await onOwnThread {
            let client = try ClientProcess(["--help"])
            #expect(try client.waitFor("USAGE: wordgame-client") == "USAGE: wordgame-client [options]")
            #expect(client.waitForExit() == 0)
        }
    }
}
