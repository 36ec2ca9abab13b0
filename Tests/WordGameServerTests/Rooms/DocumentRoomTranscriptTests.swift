import Testing
import WordGame
import WordGameProtocol
import WordGameTestSupport
@testable import WordGameServer

/// Protocol.md's transcripts of a room's rules and of a fleet, replayed line
/// for line through the hub: the word lists the document names, and a fleet's
/// directory answering as the document's run had it answer.
@Suite struct DocumentRoomTranscriptTests {
    /// `animals.json` of §4 RULES: 12 words.
    static let animals = try! WordList(entries: [
        ("dog", "perro"), ("cat", "gato"), ("cow", "vaca"), ("horse", "caballo"), ("bird", "pájaro"), ("fish", "pez"),
        ("pig", "cerdo"), ("sheep", "oveja"), ("mouse", "ratón"), ("duck", "pato"), ("rabbit", "conejo"), ("bear", "oso"),
    ].map { WordEntry(english: $0.0, spanish: $0.1) })

    /// The server of §4 RULES's run: `--word-lists lists`, a folder holding `animals.json`.
    static func rulesWorld() throws -> HubWorld {
        let paragraph = DocumentWorld.document.paragraph(before: try DocumentWorld.block("### RULES", "> RULES PAIRS 500"))
        #expect(paragraph.contains("`--word-lists lists`, a folder holding `animals.json`"), "\(paragraph)")
        return try DocumentWorld.world(flags: "", wordLists: ["animals": animals])
    }

    /// §4 RULES: Ana, in machine mode, hosts `lab` (made with JOIN): the lists, a change, and values out of range
    /// or not of their form.
    @Test func section4sRulesInMachineMode() throws {
        let world = try Self.rulesWorld()
        let ana = world.player("Ana", room: "lab")
        let replay = TranscriptReplay(try DocumentWorld.block("### RULES", "> RULES PAIRS 500"), HubPeer(world: world, client: ana))
        replay.finish()
        // §5 RULES's two example lines are the ones the server sent here.
        for line in try DocumentWorld.block("### RULES: the rules of the room's next game", "RULES 15 5000 3").lines {
            #expect(ana.transcript.contains(line), "§5 RULES shows \(line)")
        }
    }

    /// §4 RULES's example settings, each taken (`OK RULES`) by the host.
    @Test func section4sExampleSettingsAreTaken() throws {
        let world = try Self.rulesWorld()
        let ana = world.player("Ana", room: "lab")
        let examples = try DocumentWorld.block("### RULES", "rules out 2")
        #expect(examples.lines.count == 2)
        for line in examples.lines {
            world.type(line, from: ana)
            #expect(world.take(ana).first == "OK RULES", "\(line)")
        }
    }

    /// §4 RULES at `nc`: `RULES` alone as a list, and the host's change as one sentence (the same in §5 RULES),
    /// after the sentence of the list's languages.
    @Test func section4sRulesAtNc() throws {
        let world = try Self.rulesWorld()
        let ana = world.player("Ana", room: "lab")
        let bo = world.player("Bo", room: "lab", mode: .human)
        world.advance(by: 300)
        _ = world.take(ana)
        let block = try DocumentWorld.block("### RULES", "Word lists (the host picks one with RULES):")
        let replay = TranscriptReplay(block, HubPeer(world: world, client: bo))
        world.type("RULES", from: bo)
        replay.finish()
        // "Anyone in the room at `nc` reads the change as `Rules: 10 pairs, …`": the sentence, in backticks.
        let paragraph = DocumentWorld.document.paragraph(before: block)
        let sentence = try #require(ProtocolDocument.quoted(paragraph).first { $0.hasPrefix("Rules: 10 pairs") })
        let section5 = DocumentWorld.document.section("### RULES: the rules of the room's next game").joined(separator: " ")
        #expect(ProtocolDocument.quoted(section5).contains(sentence))
        #expect(paragraph.contains("after the languages' sentence"), "\(paragraph)")
        let languages = try #require(block.lines.first { $0.hasPrefix("Each pair: ") })
        world.type("RULES PAIRS 10 SECONDS 8 OUT NEVER LIST animals", from: ana)
        world.expect(bo, [languages, sentence])
    }

    /// §5 LANGUAGES's example lines, each sent by the server: the original list's, on entering a room, and that of
    /// a list saved with a header row naming its languages in their own names, once the room's rules choose it.
    @Test func section5sLanguagesLines() throws {
        let examples = try DocumentWorld.block("### LANGUAGES", "LANGUAGES \"Deutsch\"").lines
        #expect(examples.count == 2)
        let world = HubWorld()
        let host = world.connect()
        world.type("HOST", from: host)
        DocumentWorld.upload(world, host, "wortschatz", ["Deutsch\t日本語", "die Katze\t猫", "der Hund\t犬", "der Vogel\t鳥"],
                             from: "", to: "")
        world.type("SAVE", from: host)
        world.type("RULES LIST wortschatz", from: host)
        for line in examples { #expect(host.transcript.contains(line), "§5 LANGUAGES shows \(line)") }
    }

    /// §4 "A fleet of servers": Bo, a program at the second server, joins a room the directory says is at the
    /// first (127.0.0.1 port 4501, web port 8081).
    @Test func aFleetsMovedTranscript() throws {
        let block = try DocumentWorld.block("### A fleet of servers", "> JOIN R976")
        let world = try DocumentWorld.world(flags: "", fleet: true)
        let bo = TranscriptReplay(block, HubPeer(world: world, client: world.connect(mode: .human)))
        bo.run(through: "OK NAME")
        world.answerDirectory(.findRoom("r976"), .elsewhere(Elsewhere(host: "127.0.0.1", port: 4501, web: "http://127.0.0.1:8081")!))
        bo.finish()
    }

    /// §4 "A fleet of servers": the first server was killed more than a TTL ago; at the second, Bo types five
    /// lines at once, and the directory says each room and seat is gone. Both servers made rooms only with HOST
    /// (`--hosted-only`), as the greeting's sentence shows.
    @Test func aFleetsGoneTranscript() throws {
        let block = try DocumentWorld.block("### A fleet of servers", "> RESUME 8U3D4TWJ")
        #expect(DocumentWorld.document.paragraph(before: block).contains("`--hosted-only`"))
        let world = try DocumentWorld.world(flags: "", openRooms: false, fleet: true)
        let client = world.connect(mode: .human)
        _ = world.take(client)  // the greeting, which the transcript leaves out
        let bo = TranscriptReplay(block, HubPeer(world: world, client: client))
        bo.run(through: "> RESUME")
        for request: DirectoryDouble.Request in [.findRoom("8k3x"), .findRoom("8k3x"), .findRoom("8k3x"), .findSeat("8U3D4TWJ")] {
            world.answerDirectory(request, .gone)
        }
        bo.finish()
        // "A program reads the same texts as `ERROR room-gone "…"`."
        let machine = world.connect()
        world.type("WATCH 8K3X", from: machine)
        world.answerDirectory(.findRoom("8k3x"), .gone)
        let watchText = try #require(block.lines.first { $0.contains("type WATCH and its code") })
            .replacingOccurrences(of: "Sorry: ", with: "")
        #expect(world.take(machine).last == "ERROR room-gone \"\(watchText)\"")
    }
}
