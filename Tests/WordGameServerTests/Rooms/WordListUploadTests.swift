import Foundation
import Testing
import WordGame
import WordGameProtocol
import WordListFiles
@testable import WordGameServer

/// A teacher's own word lists through the pure hub: `LISTS`, an upload a line at a time
/// (`UPLOAD`, `LINE`, `CHECK`, `SAVE`), who may, the languages rooms hear, replacing and deleting.
@Suite struct WordListUploadTests {
    static let defaultPairs = TestServer.defaultWords.entries.count
    static let defaultList = "LIST \"default\" \(defaultPairs) \"English\" \"Spanish\" SERVER"

    /// A connection that typed HOST: its room code; its lines are left unread.
    func teacher(_ world: HubWorld) throws -> (client: HubWorld.Client, room: String) {
        let client = world.connect()
        world.type("HOST", from: client)
        let room = client.unread.lazy.compactMap { line -> String? in
            if case .hosted(let room, _)? = try? ServerMessage(line: line) { room } else { nil }
        }.first
        client.unread.removeAll()
        return (client, try #require(room))
    }

    func upload(_ lines: [String], as name: String = "animals", from: String = "English", to: String = "French",
                key: String? = nil, by client: HubWorld.Client, in world: HubWorld) {
        world.type("UPLOAD \(name) \"\(from)\" \"\(to)\"" + (key.map { " \($0)" } ?? ""), from: client)
        for line in lines { world.type(ListCommand.line(line).line, from: client) }
    }

    /// The key of the last `LISTKEY` line `client` read.
    func listKey(_ lines: [String]) -> String? {
        lines.reversed().lazy.compactMap { line -> String? in
            if case .listKey(_, let key)? = try? ServerMessage(line: line) { key } else { nil }
        }.first
    }

    @Test func anyoneAsksForTheListsWithTheirLanguagesInARoomOrNot() {
        let world = HubWorld(settings: GameSettings(words: TestServer.defaultWords, wordLists: ["animals": RoomRulesTests.animals]))
        let nobody = world.connect()
        nobody.unread.removeAll()
        world.type("LISTS", from: nobody)
        world.expect(nobody, [Self.defaultList, "LIST \"animals\" 3 \"English\" \"Spanish\" SERVER", "END LIST"])
        let ana = world.player("Ana")
        world.type("lists", from: ana)
        #expect(ana.unread.count == 3)
    }

    @Test func aHostUploadsChecksAndSavesAListTheRoomThenPlaysInItsLanguages() throws {
        let world = HubWorld(listStore: true)
        let (host, room) = try teacher(world)
        let bo = world.player("Bo", room: room)
        world.advance(by: 300)
        _ = world.take(host)
        _ = world.take(bo)
        upload(["English\tFrench", "the cat\tle chat", "", "dog,chien", "cow", "dog,chien"], by: host, in: world)
        world.expect(host, ["OK UPLOAD"])
        world.type("CHECK", from: host)
        world.expect(host, [
            "SKIPPED 5 columns \"cow\"",
            "SKIPPED 6 duplicate \"dog,chien\"",
            "END SKIPPED",
            "UPLOADED \"animals\" 2 2 \"English\" \"French\"",
            "OK CHECK",
        ])
        // A CHECK saves nothing, and ends the upload.
        world.type("LISTS", from: host)
        world.expect(host, [Self.defaultList, "END LIST"])
        world.type("SAVE", from: host)
        world.expect(host, ["ERROR no-upload \"\(ListTexts.noUpload)\""])

        upload(["the cat\tle chat", "dog,chien", "a cow\tune vache"], by: host, in: world)
        world.type("SAVE", from: host)
        world.type("LISTS", from: host)  // waits for the store: the reply keeps its place
        world.expect(host, ["OK UPLOAD"])
        let asked = try #require(world.listStore?.pending.first)
        guard case .write(let name, let bytes) = asked.action else { Issue.record("\(asked)"); return }
        #expect(name == "animals")
        let stored = try StoredWordList.parse(Data(bytes))
        #expect(stored.list.entries.map { [$0.english, $0.spanish] } == [["the cat", "le chat"], ["dog", "chien"], ["a cow", "une vache"]])
        #expect((stored.list.from, stored.list.to) == ("English", "French"))
        world.answerListStore()
        let lines = world.take(host)
        let key = try #require(listKey(lines))
        #expect(lines == [
            "END SKIPPED",
            "UPLOADED \"animals\" 3 0 \"English\" \"French\"",
            "LISTKEY \"animals\" \"\(key)\"",
            "OK SAVE",
            Self.defaultList,
            "LIST \"animals\" 3 \"English\" \"French\" SAVED",
            "END LIST",
        ])
        #expect(stored.saved?.key == key)
        world.type("RULES LIST animals", from: host)
        world.expect(host, ["OK RULES", "LANGUAGES \"English\" \"French\"", "RULES 15 5000 3 \"animals\""])
        world.expect(bo, ["LANGUAGES \"English\" \"French\"", "RULES 15 5000 3 \"animals\""])
    }
}

/// A list replaced or gone, and the rooms that chose it: between games they hear its languages again at
/// once, a game on keeps its own and hears them after it, and a lesson restored falls back to `default`.
@Suite struct WordListChangeTests {
    typealias T = WordListUploadTests

    @Test func aListReplacedWithOtherLanguagesIsToldToRoomsBetweenGamesAndAfterAGameOn() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 2_000, pairCount: 2))
        let (host, room) = try T().teacher(world)
        T().upload(["cat,chat", "dog,chien"], as: "pets", by: host, in: world)
        world.type("SAVE", from: host)
        let key = try #require(T().listKey(world.take(host)))
        world.type("RULES LIST pets", from: host)
        let ana = world.player("Ana", room: room)
        let cy = world.player("Cy", room: "club")
        world.type("RULES LIST pets", from: cy)
        world.advance(by: 300)
        _ = world.take(host); _ = world.take(ana); _ = world.take(cy)
        world.type("START", from: host)  // room `room` plays pets, English → French
        world.deliverTracked()
        #expect(["cat", "dog"].contains(world.lastRound(of: ana)?.english ?? ""))
        _ = world.take(ana)
        // Replaced, English → German: the lobby of club hears it at once, the game keeps its own.
        T().upload(["cat,Katze", "dog,Hund"], as: "pets", to: "German", key: key, by: host, in: world)
        world.type("SAVE", from: host)
        #expect(world.take(host).contains("OK SAVE"))
        world.expect(cy, ["LANGUAGES \"English\" \"German\"", "RULES 2 2000 3 \"pets\""])
        #expect(world.take(ana).isEmpty)
        let late = world.player("Dee", room: room)
        #expect(late.transcript.contains("LANGUAGES \"English\" \"French\""), "a game on is told in its own languages")
        for _ in 1...2 {
            world.deliverTracked()
            world.advance(by: 2_100)
        }
        let end = world.take(ana)
        let over = try #require(end.firstIndex { $0.hasPrefix("GAMEOVER") })
        #expect(end[over...].contains("LANGUAGES \"English\" \"German\""), "\(end)")
        #expect(end.contains("RULES 2 2000 3 \"pets\""))
    }

    @Test func aLessonRestoredWhoseListIsGoneFallsBackToTheDefault() throws {
        let world = HubWorld()
        let (host, room) = try T().teacher(world)
        T().upload(["cat,chat", "dog,chien"], as: "pets", by: host, in: world)
        world.type("SAVE", from: host)
        world.type("RULES LIST pets", from: host)
        let ana = world.player("Ana", room: room)
        let code = world.code(of: ana)
        _ = world.take(host)
        // The server starts again, and the list's file was taken away meanwhile.
        #expect(try world.restart(lists: WordListCatalog(world.settings)) == Hub.Restored(rooms: 1, seats: 2, games: 0))
        let back = world.connect()
        world.type("RESUME \(code)", from: back)
        let lines = world.take(back)
        #expect(lines.contains("LANGUAGES \"English\" \"Spanish\"") && lines.contains("RULES 15 5000 3 \"default\""), "\(lines)")
    }
}
