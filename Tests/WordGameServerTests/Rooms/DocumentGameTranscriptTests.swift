import Testing
import WordGame
import WordGameTestSupport
@testable import WordGameServer

/// Protocol.md's games, replayed line for line through the hub on the
/// injected clock: the document's flags, its players' names and the moments
/// they typed, so every line, scores and milliseconds included, is the
/// document's. Only the resume codes, which a run draws, are variables.
@Suite struct DocumentGameTranscriptTests {
    typealias Pattern = TranscriptReplay.Pattern

    /// §9: Ana hosts and plays; Bo answers pair 1 wrongly, lets pairs 2 and 3 time out and is out; a second game
    /// starts, and Ana quits.
    @Test func section9sTwoPlayerGame() throws {
        let anaBlock = try DocumentWorld.block("## 9.", "> NAME Ana")
        let boBlock = try DocumentWorld.block("## 9.", "> name Bo")
        let command = try DocumentWorld.block("## 9.", "wordgame-server ")
        let world = try DocumentWorld.world(flags: command.lines[0])
        let ana = TranscriptReplay(anaBlock, HubPeer(world: world, client: world.connect(mode: .human)))
        ana.variable("49XHPKMY", Pattern.resumeCode)
        ana.run(through: "INFO \"You are the host.")
        world.advance(by: 300)  // Bo's arrival is a room update of its own
        let bo = TranscriptReplay(boBlock, HubPeer(world: world, client: world.connect(mode: .human)))
        bo.variable("YBPQ8CXT", Pattern.resumeCode)
        bo.run(through: "INFO \"The host (Ana) starts the game.\"")
        ana.run(through: "NOTICE joined")
        bo.run(through: "ERROR not-host")
        ana.run(through: "STARTING 5000")
        bo.run(through: "STARTING 5000")
        // The start delay, then each pair: who answers when (the document's milliseconds).
        world.advance(by: 5_000)
        ana.run(through: "ROUND 1 4")
        bo.run(through: "ROUND 1 4")
        world.deliverTracked()
        world.advance(by: 1_507)
        bo.run(through: "PROGRESS 1 1 2")
        ana.run(through: "PROGRESS 1 1 2")
        world.advance(by: 2_303 - 1_507)
        ana.run(through: "ROUND 2 4")
        bo.run(through: "ROUND 2 4")
        world.deliverTracked()
        world.advance(by: 1_009)
        ana.run(through: "PROGRESS 2 1 2")
        bo.run(through: "YOU PLAYING")
        world.advance(by: 5_000 - 1_009)  // Bo's time runs out
        ana.run(through: "ROUND 3 4")
        bo.run(through: "ROUND 3 4")
        world.deliverTracked()
        world.advance(by: 1_804)
        ana.run(through: "ERROR already-answered")
        bo.run(through: "PROGRESS 3 1 2")
        world.advance(by: 5_000 - 1_804)
        ana.run(through: "ROUND 4 4")
        bo.run(through: "ROUND 4 4")
        world.deliverTracked()
        world.advance(by: 300)
        bo.run(through: "ERROR not-playing")
        bo.run(through: "ERROR not-playing")
        world.advance(by: 2_603 - 300)
        ana.run(through: "INFO \"Game over.")
        bo.run(through: "INFO \"Game over.")
        world.advance(by: 300)
        ana.run(through: "MEMBERS 2")
        bo.run(through: "MEMBERS 2")
        ana.run(through: "ERROR unknown-command")
        bo.run(through: "ERROR not-host")
        ana.run(through: "STARTING 5000")
        bo.run(through: "STARTING 5000")
        world.advance(by: 5_000)
        ana.run(through: "ROUND 1 4")
        bo.run(through: "ROUND 1 4")
        ana.finish()
        bo.run(through: "INFO \"Ana left; you are the host now.")
        world.advance(by: 300)  // the room's update, gathered
        bo.finish()
        world.expectNothingUnread()
    }
}

extension DocumentGameTranscriptTests {
    /// §1: Bo, a person at `nc`, plays a game of 2 pairs with Ana, who hosts from another `nc`; the arrow key
    /// answers; Ana leaves after the game and Bo is the host.
    @Test func section1sPersonAtNc() throws {
        let block = try DocumentWorld.block("### Human mode and machine mode", "> NAME Bo")
        let world = try DocumentWorld.world(flags: DocumentWorld.document.paragraph(before: block))
        let ana = world.player("Ana", mode: .human)
        world.advance(by: 300)  // Bo's arrival is a room update of its own
        let bo = TranscriptReplay(block, HubPeer(world: world, client: world.connect(mode: .human)))
        bo.variable("8CMATCG6", Pattern.resumeCode)
        bo.key("→", sends: "\u{1B}[C")  // the right arrow, as a terminal sends it
        bo.run(through: "The host (Ana) starts the game.")
        world.type("START", from: ana)
        bo.run(through: "The next game starts in 5 s.")
        world.advance(by: 5_000)
        bo.run(through: "Pair 1 of 2")
        world.deliverTracked()
        world.advance(by: 1_000)
        world.type("n", from: ana)  // Ana first: nothing keeps Bo waiting
        world.advance(by: 1_000)
        bo.run(through: "Pair 2 of 2")
        world.deliverTracked()
        world.advance(by: 2_200)  // Bo's total: 2.0 + 2.2 s
        bo.run(through: "You said pair 2 is right.")
        world.advance(by: 500)
        world.type("y", from: ana)
        bo.run(through: "The host (Ana) starts the next game")
        world.type("QUIT", from: ana)
        bo.run(through: "Ana left; you are the host now.")
        world.advance(by: 300)  // the room's update, gathered
        bo.finish()
        _ = world.take(ana)
        world.expectNothingUnread()
    }

    /// §1's three sentences of a pair, read by a person whose answer leaves the other player to answer: pair 2
    /// of §9's game.
    @Test func section1sSentencesOfAPair() throws {
        let block = try DocumentWorld.block("### Human mode and machine mode", "Pair 2 of 4: old = viejo")
        let command = try DocumentWorld.block("## 9.", "wordgame-server ")
        let world = try DocumentWorld.world(flags: command.lines[0])
        let ana = world.player("Ana")
        let bo = world.player("Bo", mode: .human)
        world.type("START", from: ana)
        world.advance(by: 5_000)
        world.deliverTracked()
        world.advance(by: 1_000)
        world.type("n", from: ana)
        world.type("n", from: bo)
        _ = world.take(ana)
        while let line = bo.unread.first, !line.hasPrefix("Pair 2 of 4") { bo.unread.removeFirst() }  // pair 1's lines
        let replay = TranscriptReplay(block, HubPeer(world: world, client: bo))
        world.deliverTracked()
        world.advance(by: 1_000)
        replay.run(through: "Pair 2 of 4")
        world.type("\u{1B}[C", from: bo)
        replay.run(through: "You said pair 2 is right.")
        world.type("y", from: ana)
        replay.run(through: "✓ Pair 2")
    }

    /// §4 RESUME: Bo drops 0.8 s into pair 2; Ana answers pairs 2 and 3; 1 s into pair 4 a program takes Bo's
    /// seat back, in one write, and answers.
    @Test func section4sResume() throws {
        let block = try DocumentWorld.block("### RESUME", "> RESUME ")
        let world = try DocumentWorld.world(flags: DocumentWorld.document.paragraph(before: block))
        let ana = world.player("Ana")
        let dropped = world.player("Bo")
        world.type("START", from: ana)
        world.advance(by: 5_000)
        world.deliverTracked()
        world.advance(by: 1_002)
        world.type("y", from: dropped)  // sorry = silla: wrong
        world.advance(by: 1_500 - 1_002)
        world.type("n", from: ana)
        world.deliverTracked()
        world.advance(by: 800)
        world.drop(dropped)
        world.advance(by: 1_800 - 800)
        world.type("y", from: ana)  // old = viejo: right
        world.deliverTracked()
        world.advance(by: 1_711)
        world.type("y", from: ana)  // ear = casa: wrong
        world.deliverTracked()
        world.advance(by: 1_007)
        let bo = TranscriptReplay(block, HubPeer(world: world, client: world.connect(mode: .human)))
        bo.bind("9VJH7R7V", to: world.code(of: dropped))
        bo.run(through: "ROUND 4 5")
        world.deliverTracked()
        world.advance(by: 400)
        bo.run(through: "PROGRESS 4 1 2")
        world.advance(by: 500)
        world.type("n", from: ana)  // big = pescado: right
        bo.finish()
        _ = (world.take(ana), world.take(dropped))
        world.expectNothingUnread()
    }
}
