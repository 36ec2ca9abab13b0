import Foundation
import Testing
import WordGameResults
import WordGame
import WordGameProtocol
@testable import WordGameServer

/// Held seats and RESUME through the pure hub (Protocol.md §4, RESUME): what the hub decides when a connection drops and comes back.
@Suite struct ResumeFlowTests {
    /// Ana hosts room main and Bo plays; the game is started and pair 1 has reached both. Their lines are left unread.
    func twoPlayersInAGame(_ world: HubWorld) -> (ana: HubWorld.Client, bo: HubWorld.Client) {
        let ana = world.player("Ana")
        let bo = world.player("Bo")
        world.type("START", from: ana)
        world.deliverTracked()
        return (ana, bo)
    }

    @Test func joiningGivesACodeAndSaysWhatToDoWithIt() {
        let world = HubWorld()
        let ana = world.connect()
        world.type("NAME Ana", from: ana)
        world.type("JOIN", from: ana)
        world.expect(ana, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "OK NAME \"Ana\"",
            "OK JOIN \"main\"",
            "TOKEN \"4CRFJ4ND\" 60",
            "INFO \"Your resume code is 4CRFJ4ND. If your connection drops, connect again within 60 s and type RESUME 4CRFJ4ND: "
                + "you keep your seat and your score.\"",
            "ROOM \"main\" LOBBY 1 \"Ana\" 0",
            "MEMBERS 1 \"Ana\"",
            "YOU LOBBY",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 15 5000 3 \"default\"",
            "INFO \"You are the host. Type START when everyone is in. Others join with JOIN main.\"",
        ])
        let code = world.code(of: ana)
        #expect(code.count == Hub.tokenLength && code.allSatisfy { RoomCode.alphabet.contains($0) })
    }

    @Test func aDroppedPlayerResumesMidRoundWithCountersAndTheOpenPair() {
        let world = HubWorld(rules: Rules(roundMilliseconds: 3_000, pairCount: 5))
        let (ana, bo) = twoPlayersInAGame(world)
        let code = world.code(of: bo)
        world.advance(by: 300)
        world.type("y", from: bo)
        world.type("y", from: ana)
        world.expect(bo, [
            "GAME 5 3000 3 2",
            "YOU PLAYING",
            "NOTICE started \"The host started the game.\"",
            "ROUND 1 5 \"breakfast\" \"desayuno\" 3000",
            "ROOM \"main\" PLAYING 2 \"Ana\" 0",
            "MEMBERS 2 \"Ana\" \"Bo\"",
            "OK ANSWER 1 CORRECT",
            "PROGRESS 1 1 2",
            "REVEAL 1 \"breakfast\" \"desayuno\" CORRECT \"desayuno\"",
            "RESULT 1 RIGHT 1 0 1 2",
            "TALLY 1 2 0 0",
            "TOP 1 \"Ana\" 1 0 300",
            "TOP 1 \"Bo\" 1 0 300",
            "END TOP",
            "ROUND 2 5 \"library\" \"azúcar\" 3000",
        ])
        world.deliverTracked()
        world.advance(by: 800)
        _ = world.take(ana)
        world.drop(bo)  // a vanished peer, mid-round
        world.advance(by: 250)
        world.expect(ana, [
            "ROOM \"main\" PLAYING 2 \"Ana\" 0",
            "MEMBERS 2 \"Ana\" \"Bo\"",
            "NOTICE dropped \"Bo dropped; 60 s to come back.\"",
        ])
        world.advance(by: 150)  // 1.2 s into pair 2
        let back = world.connect()
        world.type("RESUME \(code.lowercased())", from: back)  // codes are case-insensitive
        world.expect(back, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "OK RESUME \"Bo\" \"main\"",
            "TOKEN \"E9KPCW86\" 60",
            "INFO \"Your resume code is E9KPCW86. If your connection drops, connect again within 60 s and type RESUME E9KPCW86: "
                + "you keep your seat and your score.\"",
            "ROOM \"main\" PLAYING 2 \"Ana\" 0",
            "MEMBERS 2 \"Ana\" \"Bo\"",
            "YOU PLAYING",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 5 3000 3 \"default\"",
            "INFO \"Welcome back! You are still in the game: answer with y / n. Pairs that came and went while you were away are "
                + "missed: they count neither right nor wrong.\"",
            "GAME 5 3000 3 2",
            "SCORE 1 0 1 2",
            "PLAYED 1 \"breakfast\" \"desayuno\" CORRECT \"desayuno\" RIGHT",
            "END PLAYED",
            "TOP 1 \"Ana\" 1 0 300",
            "TOP 1 \"Bo\" 1 0 300",
            "END TOP",
            "ROUND 2 5 \"library\" \"azúcar\" 1800",
            "ROOM \"main\" PLAYING 2 \"Ana\" 0",
            "MEMBERS 2 \"Ana\" \"Bo\"",
        ])
        world.type("ANSWER 2 y", from: back)
        world.expect(back, [
            "OK ANSWER 2 CORRECT",
            "PROGRESS 2 1 2",
        ])
        world.advance(by: 250)
        world.expect(ana, [
            "ROOM \"main\" PLAYING 2 \"Ana\" 0",
            "MEMBERS 2 \"Ana\" \"Bo\"",
            "NOTICE back \"Bo is back.\"",
            "PROGRESS 2 1 2",
        ])
        world.expect(back, [])
    }

    @Test func aFrozenOldConnectionIsToldAndClosed() {
        let world = HubWorld()
        let ana = world.player("Ana")
        let bo = world.player("Bo")
        let code = world.code(of: bo)
        // Bo's old connection never closed (a laptop lid, a frozen process): the name is taken.
        let other = world.connect()
        world.type("NAME Bo", from: other)
        world.type("JOIN", from: other)
        world.expect(other, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "OK NAME \"Bo\"",
            "ERROR name-taken \"Someone in room main is already called Bo. Type NAME <another name>, then JOIN main.\"",
        ])
        world.type("RESUME \(code)", from: other)
        world.expect(other, [
            "OK RESUME \"Bo\" \"main\"",
            "TOKEN \"E9KPCW86\" 60",
            "INFO \"Your resume code is E9KPCW86. If your connection drops, connect again within 60 s and type RESUME E9KPCW86: "
                + "you keep your seat and your score.\"",
            "ROOM \"main\" LOBBY 2 \"Ana\" 0",
            "MEMBERS 2 \"Ana\" \"Bo\"",
            "YOU LOBBY",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 15 5000 3 \"default\"",
            "INFO \"Welcome back! The host (Ana) starts the game.\"",
        ])
        world.expect(bo, ["BYE \"Your seat in room main was taken over by a new connection (RESUME).\""])
        #expect(bo.closing && !other.closing)
        world.drop(bo)  // the old socket closes at last: it speaks for no seat now, and no room hears of it
        // The seat goes on, on the new connection.
        world.advance(by: 250)
        world.expect(ana, [
            "ROOM \"main\" LOBBY 2 \"Ana\" 0",
            "MEMBERS 2 \"Ana\" \"Bo\"",
            "NOTICE joined \"Bo joined.\"",
            "NOTICE back \"Bo is back.\"",
        ])
        world.expect(other, [
            "ROOM \"main\" LOBBY 2 \"Ana\" 0",
            "MEMBERS 2 \"Ana\" \"Bo\"",
        ])
        world.type("START", from: ana)
        world.expect(other, [
            "GAME 15 5000 3 2",
            "YOU PLAYING",
            "NOTICE started \"The host started the game.\"",
            "ROUND 1 15 \"breakfast\" \"desayuno\" 5000",
        ])
        world.type("STATUS", from: other)
        world.expect(other, [
            "ROOM \"main\" PLAYING 2 \"Ana\" 0",
            "MEMBERS 2 \"Ana\" \"Bo\"",
            "YOU PLAYING",
        ])
        world.expect(bo, [])
    }

    @Test func aFrozenConnectionTakenOverMidRoundKeepsTheCountersAndThePair() {
        let world = HubWorld(rules: Rules(roundMilliseconds: 3_000, pairCount: 3))
        let (ana, bo) = twoPlayersInAGame(world)
        let code = world.code(of: bo)
        world.advance(by: 300)
        world.type("n", from: bo)
        world.type("y", from: ana)
        world.deliverTracked()
        world.advance(by: 1_000)
        for client in [ana, bo] { _ = world.take(client) }
        let other = world.connect()
        world.type("RESUME \(code)", from: other)
        world.expect(bo, ["BYE \"Your seat in room main was taken over by a new connection (RESUME).\""])
        world.expect(other, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "OK RESUME \"Bo\" \"main\"",
            "TOKEN \"E9KPCW86\" 60",
            "INFO \"Your resume code is E9KPCW86. If your connection drops, connect again within 60 s and type RESUME E9KPCW86: "
                + "you keep your seat and your score.\"",
            "ROOM \"main\" PLAYING 2 \"Ana\" 0",
            "MEMBERS 2 \"Ana\" \"Bo\"",
            "YOU PLAYING",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 3 3000 3 \"default\"",
            "INFO \"Welcome back! You are still in the game: answer with y / n. Pairs that came and went while you were away are "
                + "missed: they count neither right nor wrong.\"",
            "GAME 3 3000 3 2",
            "SCORE 0 1 2 2",
            "PLAYED 1 \"breakfast\" \"desayuno\" CORRECT \"desayuno\" WRONG",
            "END PLAYED",
            "TOP 1 \"Ana\" 1 0 300",
            "TOP 2 \"Bo\" 0 1 300",
            "END TOP",
            "ROUND 2 3 \"library\" \"azúcar\" 2000",
            "ROOM \"main\" PLAYING 2 \"Ana\" 0",
            "MEMBERS 2 \"Ana\" \"Bo\"",
        ])
        world.advance(by: 250)
        world.expect(ana, [
            "ROOM \"main\" PLAYING 2 \"Ana\" 0",
            "MEMBERS 2 \"Ana\" \"Bo\"",
            "NOTICE back \"Bo is back.\"",
        ])
        world.expect(other, [])
    }

    @Test func theSeatIsGivenUpWhenTheGraceRunsOut() {
        let world = HubWorld(resumeGraceMilliseconds: 1_000)
        let ana = world.player("Ana")
        let bo = world.player("Bo")
        let code = world.code(of: bo)
        world.advance(by: 250)
        _ = world.take(ana)
        world.drop(bo)
        world.expect(ana, [])
        world.advance(by: 250)
        world.expect(ana, [
            "ROOM \"main\" LOBBY 2 \"Ana\" 0",
            "MEMBERS 2 \"Ana\" \"Bo\"",
            "NOTICE dropped \"Bo dropped; 1 s to come back.\"",
        ])
        world.advance(by: 749)
        world.expect(ana, [])
        world.advance(by: 1)
        world.expect(ana, [
            "ROOM \"main\" LOBBY 1 \"Ana\" 0",
            "MEMBERS 1 \"Ana\"",
            "NOTICE left \"Bo left.\"",
        ])
        world.advance(by: 250)
        world.expect(ana, [])
        let late = world.connect()
        world.type("RESUME \(code)", from: late)
        world.expect(late, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "ERROR bad-code \"No seat is held for code E9KPCW86: it is mistyped, or the seat was given up after 1 s. "
                + "Type NAME <nickname>, then JOIN.\"",
        ])
        // The name is free again.
        world.type("NAME Bo", from: late)
        world.type("JOIN", from: late)
        world.expect(late, [
            "OK NAME \"Bo\"",
            "OK JOIN \"main\"",
            "TOKEN \"7UTQU8UV\" 1",
            "INFO \"Your resume code is 7UTQU8UV. If your connection drops, connect again within 1 s and type RESUME 7UTQU8UV: "
                + "you keep your seat and your score.\"",
            "ROOM \"main\" LOBBY 2 \"Ana\" 0",
            "MEMBERS 2 \"Ana\" \"Bo\"",
            "YOU LOBBY",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 15 5000 3 \"default\"",
            "INFO \"The host (Ana) starts the game.\"",
        ])
        #expect(world.log.suffix(3) == ["main: Bo did not come back within 1 s", "main: Bo left", "main: Bo joined"])
    }

    @Test func aWrongCodeIsAnErrorAndTheConnectionLivesOn() {
        let world = HubWorld()
        let client = world.connect()
        world.type("RESUME ZZZZZZZZ", from: client)
        world.type("RESUME", from: client)
        world.type("PING", from: client)
        world.expect(client, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "ERROR bad-code \"No seat is held for code ZZZZZZZZ: it is mistyped, or the seat was given up after 60 s. "
                + "Type NAME <nickname>, then JOIN.\"",
            "ERROR bad-argument \"Type RESUME <code>, with the resume code the server gave you when you joined.\"",
            "PONG",
        ])
        #expect(world.holds.isEmpty)
    }

    @Test func wrongCodesPastTheAllowanceHoldTheAddressButARightOneStillWorks() {
        var limits = ConnectionLimits()
        limits.resumeGuesses = 3
        limits.resumeGuessIntervalMilliseconds = 1_000
        let world = HubWorld(limits: limits)
        let ana = world.player("Ana")
        let bo = world.player("Bo")
        let code = world.code(of: bo)
        world.drop(bo)
        let guesser = world.connect()
        for _ in 0..<3 {
            world.type("RESUME AAAAAAAA", from: guesser)
        }
        world.expect(guesser, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "ERROR bad-code \"No seat is held for code AAAAAAAA: it is mistyped, or the seat was given up after 60 s. "
                + "Type NAME <nickname>, then JOIN.\"",
            "ERROR bad-code \"No seat is held for code AAAAAAAA: it is mistyped, or the seat was given up after 60 s. "
                + "Type NAME <nickname>, then JOIN.\"",
            "ERROR bad-code \"No seat is held for code AAAAAAAA: it is mistyped, or the seat was given up after 60 s. "
                + "Type NAME <nickname>, then JOIN.\"",
        ])
        #expect(world.holds.isEmpty)
        world.type("RESUME AAAAAAAA", from: guesser)
        world.expect(guesser, [
            "ERROR slow-down \"No seat is held for that code, and your address has sent too many wrong codes: "
                + "its connections outside a room wait 1 s before their next line.\"",
        ])
        #expect(world.holds.map { "\($0.address) \($0.milliseconds)" } == ["192.0.2.1 1000"])
        // Another address has its own allowance.
        let elsewhere = world.connect(from: "198.51.100.7")
        world.type("RESUME AAAAAAAA", from: elsewhere)
        world.expect(elsewhere, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "ERROR bad-code \"No seat is held for code AAAAAAAA: it is mistyped, or the seat was given up after 60 s. "
                + "Type NAME <nickname>, then JOIN.\"",
        ])
        #expect(world.holds.map { "\($0.address) \($0.milliseconds)" } == ["192.0.2.1 1000"])
        // A classmate's right code, from the guesser's address, is never refused.
        let back = world.connect()
        world.type("RESUME \(code)", from: back)
        world.expect(back, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "OK RESUME \"Bo\" \"main\"",
            "TOKEN \"E9KPCW86\" 60",
            "INFO \"Your resume code is E9KPCW86. If your connection drops, connect again within 60 s and type RESUME E9KPCW86: "
                + "you keep your seat and your score.\"",
            "ROOM \"main\" LOBBY 2 \"Ana\" 0",
            "MEMBERS 2 \"Ana\" \"Bo\"",
            "YOU LOBBY",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 15 5000 3 \"default\"",
            "INFO \"Welcome back! The host (Ana) starts the game.\"",
        ])
        // One more code an interval later.
        world.advance(by: 1_000)
        world.type("RESUME AAAAAAAA", from: guesser)
        world.type("RESUME AAAAAAAA", from: guesser)
        world.expect(guesser, [
            "ERROR bad-code \"No seat is held for code AAAAAAAA: it is mistyped, or the seat was given up after 60 s. "
                + "Type NAME <nickname>, then JOIN.\"",
            "ERROR slow-down \"No seat is held for that code, and your address has sent too many wrong codes: "
                + "its connections outside a room wait 1 s before their next line.\"",
        ])
        #expect(world.holds.map { "\($0.address) \($0.milliseconds)" } == ["192.0.2.1 1000", "192.0.2.1 1000"])
        _ = world.take(ana)
    }

    /// The lesson's crash: Bo's browser dies during pair 2 (the pair had reached him: his), and a new one takes
    /// the seat back three pairs later. With out after 3 wrong, those pairs would have put him out as timeouts;
    /// missed, they count neither way, and he plays on. His record says what happened to each pair.
    @Test func aCrashCostsThePairOnTheScreenAndNoMore() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 1_000, maxIncorrect: 3, pairCount: 7))
        let (ana, bo) = twoPlayersInAGame(world)
        let code = world.code(of: bo)
        world.advance(by: 300)
        world.answer(from: bo, rightly: true)
        world.answer(from: ana, rightly: true)
        world.deliverTracked()
        world.advance(by: 200)
        world.drop(bo)  // pair 2 is on his screen
        for _ in 2...5 {
            world.advance(by: 300)
            world.answer(from: ana, rightly: true)
            world.deliverTracked()
        }
        _ = world.take(ana)
        let back = world.connect()
        world.type("RESUME \(code)", from: back)
        let lines = world.take(back)
        #expect(lines.contains("SCORE 1 1 2 2"), "pair 1 right, pair 2 a timeout; 3, 4 and 5 count neither way: \(lines)")
        #expect(lines.contains("YOU PLAYING"), "not out")
        let played = lines.filter { $0.hasPrefix("PLAYED ") }.map { $0.split(separator: " ").last! }
        #expect(played == ["RIGHT", "TIMEOUT", "AWAY", "AWAY", "AWAY"], "\(lines)")
        #expect(lines.last { $0.hasPrefix("ROUND ") }?.hasPrefix("ROUND 6 7 ") == true, "pair 6 is his to answer")
        world.advance(by: 300)
        world.answer(from: back, rightly: true)
        world.answer(from: ana, rightly: true)
        world.deliverTracked()
        world.advance(by: 300)
        world.answer(from: back, rightly: true)
        world.answer(from: ana, rightly: true)
        let record = try #require(world.games.first)
        let totals = record.totals(slot: 1)
        #expect((totals.correct, totals.wrong, totals.timeouts, totals.away, totals.outAt) == (3, 0, 1, 3, nil))
        let results = GameResults(record: record, timeZone: TimeZone(identifier: "UTC")!)
        let bos = CSV.parse(results.answersCSV).filter { $0[4] == "Bo" }.map { [$0[9], $0[10], $0[11]] }
        #expect(bos[2] == ["away", "1000", "away"], "missed away: its whole time booked, no attempt: \(bos)")
        let row = try #require(CSV.parse(results.playersCSV).first { $0[5] == "Bo" })
        #expect(Array(row[6...9]) == ["3", "1", "1", "3"], "correct, wrong attempts, of them timeouts, pairs away: \(row)")
    }

    /// Bo drops with pair 1 on his screen: it is his, a timeout. Pair 2 opens and closes while he is away:
    /// missed, neither right nor wrong (TALLY counts him in none of its three), its whole time booked. Back,
    /// he is told the game so far, pair by pair (PLAYED), before the leaderboard and the open pair.
    @Test func pairsPassedWhileAwayAreMissedAndDoNotHoldTheRoom() {
        let world = HubWorld(rules: Rules(roundMilliseconds: 600, maxIncorrect: 4, pairCount: 4))
        let (ana, bo) = twoPlayersInAGame(world)
        let code = world.code(of: bo)
        _ = world.take(ana)
        world.advance(by: 100)
        world.drop(bo)
        world.expect(ana, [])
        world.advance(by: 100)
        world.type("ANSWER 1 y", from: ana)
        world.expect(ana, [
            "OK ANSWER 1 CORRECT",
            "REVEAL 1 \"breakfast\" \"desayuno\" CORRECT \"desayuno\"",
            "RESULT 1 RIGHT 1 0 1 2",
            "TALLY 1 1 0 1",
            "TOP 1 \"Ana\" 1 0 200",
            "TOP 2 \"Bo\" 0 1 600",
            "END TOP",
            "ROUND 2 4 \"library\" \"azúcar\" 600",
        ])
        world.deliverTracked()
        world.advance(by: 100)
        world.type("ANSWER 2 y", from: ana)
        world.expect(ana, [
            "ROOM \"main\" PLAYING 2 \"Ana\" 0",
            "MEMBERS 2 \"Ana\" \"Bo\"",
            "NOTICE joined \"Bo joined.\"",
            "NOTICE dropped \"Bo dropped; 60 s to come back.\"",
            "OK ANSWER 2 CORRECT",
            "REVEAL 2 \"library\" \"azúcar\" WRONG \"biblioteca\"",
            "RESULT 2 WRONG 1 1 1 2",
            "TALLY 2 0 1 0",
            "TOP 1 \"Ana\" 1 1 300",
            "TOP 2 \"Bo\" 0 1 1200",
            "END TOP",
            "ROUND 3 4 \"garden\" \"jardín\" 600",
        ])
        let back = world.connect()
        world.type("RESUME \(code)", from: back)
        world.expect(back, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "OK RESUME \"Bo\" \"main\"",
            "TOKEN \"E9KPCW86\" 60",
            "INFO \"Your resume code is E9KPCW86. If your connection drops, connect again within 60 s and type RESUME E9KPCW86: "
                + "you keep your seat and your score.\"",
            "ROOM \"main\" PLAYING 2 \"Ana\" 0",
            "MEMBERS 2 \"Ana\" \"Bo\"",
            "YOU PLAYING",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 4 600 4 \"default\"",
            "INFO \"Welcome back! You are still in the game: answer with y / n. Pairs that came and went while you were away are "
                + "missed: they count neither right nor wrong.\"",
            "GAME 4 600 4 2",
            "SCORE 0 1 2 2",
            "PLAYED 1 \"breakfast\" \"desayuno\" CORRECT \"desayuno\" TIMEOUT",
            "PLAYED 2 \"library\" \"azúcar\" WRONG \"biblioteca\" AWAY",
            "END PLAYED",
            "TOP 1 \"Ana\" 1 1 300",
            "TOP 2 \"Bo\" 0 1 1200",
            "END TOP",
            "ROUND 3 4 \"garden\" \"jardín\" 600",
        ])
    }

    @Test func aHostResumesTheirSeat() {
        let world = HubWorld()
        let host = world.connect()
        world.type("HOST", from: host)
        world.expect(host, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "OK HOST \"4crf\" \"E9KPCW86VGBH\"",
            "TOKEN \"7UTQU8UV\" 60",
            "INFO \"Your resume code is 7UTQU8UV. If your connection drops, connect again within 60 s and type RESUME 7UTQU8UV: "
                + "you keep your seat and your score.\"",
            "ROOM \"4crf\" LOBBY 0 \"Host\" 0",
            "MEMBERS 0",
            "YOU HOSTING",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 15 5000 3 \"default\"",
            "INFO \"Room 4CRF is yours. Students join with JOIN 4CRF. Type START when everyone is in; "
                + "HELP lists your controls (LOCK, KICK <name>, STOP, CLOSE).\"",
            "GAMES 0",
            "END ROSTER",
        ])
        let code = world.code(of: host)
        let ana = world.player("Ana", room: "4crf")
        world.advance(by: 250)
        _ = world.take(ana)
        world.drop(host)
        world.expect(ana, ["NOTICE host \"The host is away; the room waits for them. A game on goes on.\""])
        let back = world.connect()
        world.type("RESUME \(code)", from: back)
        world.expect(back, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "OK RESUME \"Host\" \"4crf\"",
            "TOKEN \"7UTQU8UV\" 60",
            "INFO \"Your resume code is 7UTQU8UV. If your connection drops, connect again within 60 s and type RESUME 7UTQU8UV: "
                + "you keep your seat and your score.\"",
            "ROOM \"4crf\" LOBBY 1 \"Host\" 0",
            "MEMBERS 1 \"Ana\"",
            "YOU HOSTING",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 15 5000 3 \"default\"",
            "INFO \"Room 4CRF is yours. Students join with JOIN 4CRF. Type START when everyone is in; "
                + "HELP lists your controls (LOCK, KICK <name>, STOP, CLOSE).\"",
            "GAMES 0",
            "ROSTER \"Ana\"",
            "END ROSTER",
            "NOTICE host \"The host is back.\"",
        ])
        world.expect(ana, ["NOTICE host \"The host is back.\""])
        world.type("START", from: back)
        world.expect(ana, [
            "GAME 15 5000 3 1",
            "YOU PLAYING",
            "NOTICE started \"The host started the game.\"",
            "ROOM \"4crf\" PLAYING 1 \"Host\" 0",
            "MEMBERS 1 \"Ana\"",
            "ROUND 1 15 \"mother\" \"vender\" 5000",
        ])
    }

    @Test func heldSeatsAreCappedPerAddress() {
        var limits = ConnectionLimits()
        limits.maxPerAddress = 2
        let world = HubWorld(limits: limits)
        let ana = world.player("Ana")
        // Bo and Cy drop from one address: its whole share of held seats.
        let bo = world.player("Bo")
        world.advance(by: 250)
        _ = world.take(ana)
        world.drop(bo)
        world.advance(by: 250)
        world.expect(ana, [
            "ROOM \"main\" LOBBY 2 \"Ana\" 0",
            "MEMBERS 2 \"Ana\" \"Bo\"",
            "NOTICE dropped \"Bo dropped; 60 s to come back.\"",
        ])
        let cy = world.player("Cy")
        world.advance(by: 250)
        _ = world.take(ana)
        world.drop(cy)
        world.advance(by: 250)
        world.expect(ana, [
            "ROOM \"main\" LOBBY 3 \"Ana\" 0",
            "MEMBERS 3 \"Ana\" \"Bo\" \"Cy\"",
            "NOTICE dropped \"Cy dropped; 60 s to come back.\"",
        ])
        // Dee's drop from the same address leaves at once.
        let dee = world.player("Dee")
        world.advance(by: 250)
        _ = world.take(ana)
        world.drop(dee)
        world.advance(by: 250)
        world.expect(ana, [
            "ROOM \"main\" LOBBY 3 \"Ana\" 0",
            "MEMBERS 3 \"Ana\" \"Bo\" \"Cy\"",
            "NOTICE left \"Dee left.\"",
        ])
        // Another address has a share of its own.
        let eve = world.player("Eve", from: "198.51.100.7")
        world.advance(by: 250)
        _ = world.take(ana)
        world.drop(eve)
        world.advance(by: 250)
        world.expect(ana, [
            "ROOM \"main\" LOBBY 4 \"Ana\" 0",
            "MEMBERS 4 \"Ana\" \"Bo\" \"Cy\" \"Eve\"",
            "NOTICE dropped \"Eve dropped; 60 s to come back.\"",
        ])
    }

    @Test func quittingGivesTheSeatUpAtOnce() {
        let world = HubWorld()
        let ana = world.player("Ana")
        let bo = world.player("Bo")
        let code = world.code(of: bo)
        world.advance(by: 250)
        _ = world.take(ana)
        world.type("QUIT", from: bo)
        world.expect(bo, [
            "ROOM \"main\" LOBBY 2 \"Ana\" 0",
            "MEMBERS 2 \"Ana\" \"Bo\"",
            "BYE \"Goodbye! Thanks for playing.\"",
        ])
        #expect(bo.closing)
        world.advance(by: 250)
        world.expect(ana, [
            "ROOM \"main\" LOBBY 1 \"Ana\" 0",
            "MEMBERS 1 \"Ana\"",
            "NOTICE left \"Bo left.\"",
        ])
        let again = world.connect()
        world.type("RESUME \(code)", from: again)
        world.expect(again, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "ERROR bad-code \"No seat is held for code E9KPCW86: it is mistyped, or the seat was given up after 60 s. "
                + "Type NAME <nickname>, then JOIN.\"",
        ])
    }
}
