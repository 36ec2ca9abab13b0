import Testing
import WordGameClient

/// The projector's flags: what goes together, and what is refused before anything starts.
@Suite struct ClientOptionsTests {
    @Test func thePresentFlagsThatGoTogether() throws {
        let own = try ClientOptions.parse(["--present", "--pairs", "5", "--results", "out", "--port", "4100"])
        #expect(own.present && own.host == nil && own.resultsDirectory == "out" && own.game.rules.pairCount == 5 && own.port == 4100)
        #expect(try ClientOptions.parse(["--present", "--no-results"]).resultsDirectory == nil)
        let reclaim = try ClientOptions.parse(["--present", "--host", "10.0.0.5", "--room", "K7PX", "--key", "ABCDEFGHJKMN"])
        #expect(reclaim.key == "ABCDEFGHJKMN" && reclaim.room == "K7PX" && !reclaim.watch)
        #expect(try ClientOptions.parse(["--present", "--host", "10.0.0.5", "--room", "K7PX", "--watch"]).watch)
        #expect(try ClientOptions.parse([]).resultsDirectory == "wordgame-results")
    }

    @Test func theProjectorUploadsAListWithItsLanguagesAndKey() throws {
        let options = try ClientOptions.parse(["--present", "--upload", "unit-3.tsv", "--languages", "English,French",
                                               "--list-key", "ABCDEFGHJKMN"])
        #expect(options.upload == "unit-3.tsv" && options.languages == "English,French" && options.listKey == "ABCDEFGHJKMN")
        #expect(try ClientOptions.parse(["--present", "--host", "10.0.0.5", "--upload", "w.csv"]).upload == "w.csv")
    }

    @Test func resumeTakesACodeInAnyCase() throws {
        #expect(try ClientOptions.parse(["--host", "10.0.0.5", "--resume", "k7pxabcd"]).resume == "K7PXABCD")
    }

    @Test(arguments: [
        (["--present", "--line-mode"], "--present needs a full screen"),
        (["--present", "--name", "Ana"], "takes no --name"),
        (["--present", "--room", "K7PX"], "need --host"),
        (["--present", "--host", "h", "--room", "K7PX"], "--room needs --key"),
        (["--present", "--host", "h", "--key", "K"], "need the room"),
        (["--present", "--host", "h", "--room", "K7PX", "--key", "K", "--watch"], "choose one"),
        (["--present", "--host", "h", "--results", "out"], "that server has its own"),
        (["--present", "--host", "h", "--word-lists", "lists"], "that server has its own"),
        (["--word-lists", "lists"], "go with --present"),
        (["--key", "K"], "go with --present"),
        (["--no-results"], "go with --present"),
        (["--resume", "K7PXABCD"], "it needs --host"),
        (["--present", "--host", "h", "--resume", "K7PXABCD"], "the projector uses --key"),
        (["--host", "h", "--resume", "K7PX"], "the 8-character resume code"),
        (["--host", "h", "--resume", "K7PXABC0"], "not 'K7PXABC0'"),
        (["--host", "h", "--resume"], "--resume"),
        (["--upload", "words.tsv"], "go with --present"),
        (["--present", "--languages", "English,French"], "go with --upload FILE"),
        (["--present", "--list-key", "K"], "go with --upload FILE"),
        (["--present", "--upload", "w.tsv", "--languages", "English"], "two languages with a comma between"),
        (["--present", "--host", "h", "--room", "K7PX", "--watch", "--upload", "w.tsv"], "--upload needs the host's seat"),
    ])
    func flagsThatDoNotGoTogetherAreRefused(arguments: [String], problem: String) {
        #expect {
            _ = try ClientOptions.parse(arguments)
        } throws: { error in
            "\(error)".contains(problem)
        }
    }
}
