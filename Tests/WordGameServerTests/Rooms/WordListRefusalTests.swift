import Testing
import WordGame
import WordGameProtocol
@testable import WordGameServer

/// Every refusal of the word list commands, and every limit of Protocol.md §8 they have, through the
/// pure hub: who may, names, keys, the server's lists, uploads too big, too many lists and uploads.
@Suite struct WordListRefusalTests {
    typealias T = WordListUploadTests

    func code(_ lines: [String]) -> String? {
        guard let last = lines.last, case .error(let error)? = try? ServerMessage(line: last) else { return nil }
        return error.code.rawValue
    }

    /// Saves `name` (two pairs) from `client`, with the store answering at once (a world without one): its key.
    func save(_ name: String, by client: HubWorld.Client, in world: HubWorld, key: String? = nil) -> String? {
        T().upload(["a,b", "c,d"], as: name, key: key, by: client, in: world)
        world.type("SAVE", from: client)
        return T().listKey(world.take(client))
    }

    @Test func onlyTheHostOfARoomMadeWithHostUploadsOrDeletes() throws {
        let world = HubWorld()
        let outside = world.connect()
        _ = world.take(outside)
        for line in ["UPLOAD pets English French", "DELETE pets K7PXABCDEFGH"] {
            world.type(line, from: outside)
            #expect(code(world.take(outside)) == "not-in-room", "\(line)")
        }
        let (host, room) = try T().teacher(world)
        let ana = world.player("Ana", room: room)
        let joinHost = world.player("Bo", room: "club")  // hosts the room JOIN made: no key
        let viewer = world.connect()
        world.type("WATCH \(room)", from: viewer)
        _ = world.take(viewer)
        for client in [ana, joinHost, viewer] {
            for line in ["UPLOAD pets English French", "DELETE pets K7PXABCDEFGH"] {
                world.type(line, from: client)
                #expect(code(world.take(client)) == "not-host", "\(client) \(line)")
            }
            for line in ["LINE a,b", "CHECK", "SAVE"] {
                world.type(line, from: client)
                #expect(code(world.take(client)) == "no-upload", "\(client) \(line)")
            }
        }
        #expect(save("pets", by: host, in: world) != nil)
    }

    @Test(arguments: ["../etc", "a/b", "default", "DEFAULT", "\\u{0}x", "thisnameiswaytoolongforalist", "\"\"", "ñame"])
    func aNameThatIsNoListsNameIsABadArgumentWhateverTheState(name: String) throws {
        let world = HubWorld()
        let (host, _) = try T().teacher(world)
        world.type("UPLOAD \(name) English French", from: host)
        #expect(code(world.take(host)) == "bad-argument")
        world.type("UPLOAD \"\(name)\" English French", from: host)
        #expect(code(world.take(host)) == "bad-argument")
        world.type("DELETE \(name) K7PXABCDEFGH", from: host)
        #expect(code(world.take(host)) == "bad-argument")
    }

    /// A name with a space is two words: quoted, it is one name, and no list's.
    @Test func aNameWithASpaceIsNoListsName() throws {
        let world = HubWorld()
        let (host, _) = try T().teacher(world)
        for line in ["UPLOAD \"two words\" English French", "DELETE \"two words\" K7PXABCDEFGH", "DELETE two words K7PXABCDEFGH"] {
            world.type(line, from: host)
            #expect(code(world.take(host)) == "bad-argument", "\(line)")
        }
    }

    @Test(arguments: ["UPLOAD pets", "UPLOAD pets English", "UPLOAD pets a b c d", "UPLOAD pets \"\u{1B}[2J\" French",
                      "UPLOAD pets \"\u{200B}\" French", "UPLOAD pets English \"\(String(repeating: "x", count: 31))\"", "DELETE pets",
                      "DELETE pets a b", "LISTS all", "CHECK now", "SAVE it"])
    func argumentsOfTheWrongShapeAreBadArguments(line: String) throws {
        let world = HubWorld()
        let (host, _) = try T().teacher(world)
        world.type(line, from: host)
        #expect(code(world.take(host)) == "bad-argument", "\(line)")
    }

    @Test func theServersListsAreNeverReplacedAndASavedListOnlyWithItsKey() throws {
        let world = HubWorld(settings: GameSettings(words: TestServer.defaultWords, wordLists: ["animals": RoomRulesTests.animals]))
        let (host, _) = try T().teacher(world)
        world.type("UPLOAD animals English French", from: host)
        #expect(code(world.take(host)) == "list-taken")
        world.type("DELETE animals K7PXABCDEFGH", from: host)
        #expect(code(world.take(host)) == "list-taken")
        let key = try #require(save("pets", by: host, in: world))
        let (other, _) = try T().teacher(world)
        world.type("UPLOAD pets English French", from: other)
        #expect(code(world.take(other)) == "list-taken", "no key")
        world.type("UPLOAD pets English French ABCDEFGHJKMN", from: other)
        #expect(code(world.take(other)) == "list-taken", "a wrong key")
        world.type("DELETE pets ABCDEFGHJKMN", from: other)
        #expect(code(world.take(other)) == "list-taken", "a wrong key")
        world.type("DELETE ghosts ABCDEFGHJKMN", from: other)
        #expect(code(world.take(other)) == "bad-list", "no such list")
        // The key, in any case, replaces it, and the key stays the same.
        #expect(save("pets", by: other, in: world, key: key.lowercased()) == key)
    }

    @Test func aListThatCannotBePlayedIsRefusedAfterItsSkippedLines() throws {
        let world = HubWorld()
        let (host, _) = try T().teacher(world)
        T().upload(["just one", "cell"], by: host, in: world)
        world.type("CHECK", from: host)
        let none = world.take(host)
        #expect(none.prefix(4) == ["OK UPLOAD", "SKIPPED 1 columns \"just one\"", "SKIPPED 2 columns \"cell\"", "END SKIPPED"])
        #expect(code(none) == "bad-list" && none.last!.contains("No pair was read"))
        T().upload(["cat,chat"], by: host, in: world)
        world.type("SAVE", from: host)
        let one = world.take(host)
        #expect(code(one) == "bad-list" && one.last!.contains("at least 2 English words need a French word"), "\(one)")
        T().upload(["cat,chat", "dog,chien"], from: "", to: "", by: host, in: world)
        world.type("CHECK", from: host)
        let unknown = world.take(host)
        #expect(code(unknown) == "bad-list" && unknown.last!.contains("languages are not known"), "\(unknown)")
        world.type("LISTS", from: host)
        #expect(world.take(host).count == 2, "nothing was saved")
    }

    @Test func anUploadPast1200LinesIsDiscardedAndItsNextLinesWithItUnpacedAgain() throws {
        let world = HubWorld()
        let (host, _) = try T().teacher(world)
        world.type("UPLOAD big English French", from: host)
        #expect(world.uploadsOpen.contains(host.player))
        for index in 1...ListLimits.linesPerUpload { world.type("LINE w\(index),m\(index)", from: host) }
        world.expect(host, ["OK UPLOAD"])
        world.type("LINE one,too many", from: host)
        #expect(code(world.take(host)) == "upload-too-big")
        #expect(!world.uploadsOpen.contains(host.player), "its lines are paced again")
        for _ in 1...5 { world.type("LINE more,lines", from: host) }
        world.expect(host, [])  // discarded quietly
        world.type("SAVE", from: host)
        #expect(code(world.take(host)) == "upload-too-big")
        world.type("LINE after,it", from: host)
        #expect(code(world.take(host)) == "no-upload")
    }

    @Test func anUploadPast256KiBIsDiscarded() throws {
        let world = HubWorld()
        let (host, _) = try T().teacher(world)
        world.type("UPLOAD big English French", from: host)
        let side = String(repeating: "x", count: 200)
        let perLine = "\(side),\(side)".utf8.count
        let fits = ListLimits.bytesPerUpload / perLine
        for _ in 0..<fits { world.type("LINE \(side),\(side)", from: host) }
        world.expect(host, ["OK UPLOAD"])
        world.type("LINE \(side),\(side)", from: host)
        #expect(code(world.take(host)) == "upload-too-big")
        world.type("CHECK", from: host)
        #expect(code(world.take(host)) == "upload-too-big")
    }

    @Test func aListOfMoreThan1000PairsIsRefused() throws {
        let world = HubWorld()
        let (host, _) = try T().teacher(world)
        T().upload((1...ListLimits.pairsPerList).map { "w\($0),m\($0)" }, as: "full", by: host, in: world)
        world.type("CHECK", from: host)
        #expect(world.take(host).suffix(2) == ["UPLOADED \"full\" 1000 0 \"English\" \"French\"", "OK CHECK"])
        T().upload((1...ListLimits.pairsPerList + 1).map { "w\($0),m\($0)" }, as: "full", by: host, in: world)
        world.type("SAVE", from: host)
        let lines = world.take(host)
        #expect(code(lines) == "upload-too-big" && lines.last!.contains("1,001"), "\(lines.suffix(1))")
    }

    @Test func aServerKeeps100ListsBesidesTheDefault() throws {
        let world = HubWorld(settings: GameSettings(words: TestServer.defaultWords, wordLists: ["animals": RoomRulesTests.animals]))
        let (host, _) = try T().teacher(world)
        var keys: [String: String] = [:]
        for index in 1..<ListLimits.listsPerServer {
            let key = try #require(save("list\(index)", by: host, in: world))
            keys["list\(index)"] = key
        }
        world.type("UPLOAD one-more English French", from: host)
        #expect(code(world.take(host)) == "too-many-lists")
        // A list replaced is no new one; one deleted makes room.
        #expect(save("list1", by: host, in: world, key: keys["list1"]) == keys["list1"])
        world.type("DELETE list2 \(keys["list2"]!)", from: host)
        world.expect(host, ["OK DELETE"])
        #expect(save("one-more", by: host, in: world) != nil)
    }

    @Test func thirtyTwoUploadsAreOpenAtOnceOnTheServer() throws {
        let world = HubWorld()
        var hosts: [HubWorld.Client] = []
        for _ in 0..<ListLimits.uploadsOpen {
            let (host, _) = try T().teacher(world)
            world.type("UPLOAD pets English French", from: host)
            world.expect(host, ["OK UPLOAD"])
            hosts.append(host)
        }
        let (late, _) = try T().teacher(world)
        world.type("UPLOAD pets English French", from: late)
        #expect(code(world.take(late)) == "server-full")
        // A host's second UPLOAD discards its first: still one each.
        world.type("UPLOAD birds English French", from: hosts[0])
        world.expect(hosts[0], ["OK UPLOAD"])
        // An upload ends with its connection: a slot is free.
        world.drop(hosts[1])
        world.type("UPLOAD pets English French", from: late)
        world.expect(late, ["OK UPLOAD"])
    }

    @Test func anUploadEndsWhenTheHostLeavesOrItsConnectionGoes() throws {
        let world = HubWorld()
        let (host, _) = try T().teacher(world)
        world.type("UPLOAD pets English French", from: host)
        world.type("LEAVE", from: host)
        _ = world.take(host)
        #expect(world.uploadsOpen.isEmpty)
        world.type("CHECK", from: host)
        #expect(code(world.take(host)) == "no-upload")
    }

    @Test func aListARoomPlaysIsNotDeletedAndTheStoresFailureIsTold() throws {
        let world = HubWorld(listStore: true)
        let (host, _) = try T().teacher(world)
        T().upload(["a,b", "c,d"], as: "pets", by: host, in: world)
        world.type("SAVE", from: host)
        world.answerListStore(problem: "lists/pets.json: Permission denied")
        let refused = world.take(host)
        #expect(code(refused) == "list-not-saved", "\(refused)")
        #expect(world.log.last == "list pets could not be written: lists/pets.json: Permission denied")
        world.type("LISTS", from: host)
        #expect(world.take(host).count == 2, "nothing was kept")
        T().upload(["a,b", "c,d"], as: "pets", by: host, in: world)
        world.type("SAVE", from: host)
        world.answerListStore()
        let key = try #require(T().listKey(world.take(host)))
        let bo = world.player("Bo", room: "club")
        world.type("RULES LIST pets", from: bo)
        _ = world.take(bo)
        world.type("DELETE pets \(key)", from: host)
        let inUse = world.take(host)
        #expect(code(inUse) == "list-in-use" && inUse.last!.contains("Room club plays the list pets"), "\(inUse)")
        world.type("RULES LIST default", from: bo)
        world.type("DELETE pets \(key)", from: host)
        world.type("LISTS", from: host)  // waits for the store
        #expect(world.take(host).isEmpty)
        world.answerListStore()
        world.expect(host, ["OK DELETE", T.defaultList, "END LIST"])
    }
}
