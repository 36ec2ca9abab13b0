import Foundation
import WordGamePOSIX

/// The wordgame side of the fan-out comparison: N players in one room of a
/// fresh wordgame-server. A trigger is the last answer of a round: N−1
/// players answer, the server goes idle, then the last one answers and the
/// round closes; the latency is until the next ROUND is whole on each socket.
/// `webSocket`: the players are browsers (WebSocket on the web port), not TCP.
enum FanoutWordgame {
    // No code (Protocol.md §4, "Which names are codes"): JOIN makes a room of a name, never of a code.
    static let room = "bench-room"

    /// `state`: the folder the server keeps its lesson in (`--state`); nil keeps none.
    static func run(players: Int, triggers: Int, webSocket: Bool = false, state: String? = nil) -> FanoutRun {
        // Results files are not what is measured here: --no-results. 1,000 pairs of
        // 10 minutes, so no game ends and no round times out during a run; everyone
        // answers y, and --max-incorrect 1000 keeps even the wrong ones in.
        let server = ServerProcess(arguments: ["--pairs", "1000", "--round-ms", "600000", "--max-incorrect", "1000",
                                               "--max-connections", "20000", "--max-per-address", "100000",
                                               "--start-delay", "0", "--no-results", "--seed", "1"]
                                               + (state.map { ["--state", $0] } ?? []))
        let pid = server.process.processIdentifier
        var run = FanoutRun()
        let idleKiB = residentKiB(ofProcess: pid)
        let receiver = FanoutReceiver(capacity: players, webSocket: webSocket)
        // What a player sends: a line over TCP, a masked text frame a line over a WebSocket.
        func wire(_ text: String) -> [UInt8] { webSocket ? textFrames(text) : Array(text.utf8) }

        // Join, in one send a player; the first is in before the others come, as the room's host.
        let joinStart = now()
        receiver.expect("OK JOIN ", on: 0..<players)
        for index in 0..<players {
            if webSocket {
                // A browser's session is in machine mode from the start: no MODE line.
                let (fd, alreadyRead) = dialWebSocket(port: server.webPort)
                receiver.add(fd, alreadyRead: alreadyRead)
                sendLine(wire("NAME p\(index)\nJOIN \(room)\n"), to: fd)
            } else {
                let fd = dialLoopback(port: server.port, "wordgame-server")
                receiver.add(fd)
                sendLine(machineMode + "NAME p\(index)\nJOIN \(room)\n", to: fd)
            }
            if index == 0 { receiver.waitFor(0, "the host's OK JOIN") }
            if index % 100 == 0 { receiver.pump(timeout: 0) }  // everyone hears of each arrival: read as we go
        }
        receiver.waitForAll("OK JOIN")
        run.joinSeconds = now() - joinStart

        // Room-wide lines are coalesced (Protocol.md, ROOM and PROGRESS: one send per 250 ms a
        // thousand members), and one left pending would go out in the middle of a timed round.
        // START's ROOM line is the room's last; it may wait, or go with ROUND 1 in START's own
        // turn. Once it is in everywhere, ROUND 1 has gone out too and nothing is pending.
        receiver.expect("ROOM \"\(room)\" PLAYING \(players) ", on: 0..<players)
        sendLine(wire("START\n"), to: receiver.fds[0])
        receiver.waitForAll("ROOM PLAYING after START")
        receiver.drain(seconds: 0.2)
        run.kibPerConnection = (residentKiB(ofProcess: pid) - idleKiB) / Double(players)

        let last = players - 1, fds = receiver.fds
        var latencies: [[Double]] = [], cpuAnswers = 0.0, cpuAnswersAlone = 0.0, cpuCloses = 0.0, answersAlone = 0
        // PROGRESS goes out at the round's first answer, then at most once an interval (Protocol.md, ROOM).
        let interval = Double(250 * max(1, players / 1_000)) / 1_000
        for round in 1...triggers {
            let cpuBefore = cpuSeconds(ofProcess: pid)
            // The first answer: its PROGRESS goes to everyone at once.
            receiver.expect("PROGRESS \(round) 1 \(players)", on: 0..<players)
            let firstAnswer = now()
            sendLine(wire("ANSWER \(round) y\n"), to: fds[0])
            receiver.waitForAll("PROGRESS \(round) with the first answer")
            // The answers alone (read, judge, OK ANSWER): the room's next PROGRESS is not due
            // until an interval after the first; a run that takes longer says so.
            receiver.expect("OK ANSWER \(round) ", on: 1..<last)
            let cpuBeforeAlone = cpuSeconds(ofProcess: pid)
            for index in 1..<last {
                sendLine(wire("ANSWER \(round) y\n"), to: fds[index])
                if index % 100 == 0 { receiver.pump(timeout: 0) }
            }
            receiver.waitForAll("OK ANSWER \(round) to \(last - 1) players")
            cpuAnswersAlone += cpuSeconds(ofProcess: pid) - cpuBeforeAlone
            answersAlone += last - 1
            if now() - firstAnswer >= interval {
                FanoutBench.progress("    note: the answers took longer than PROGRESS's \(Int(interval * 1_000)) ms interval: "
                                     + "their CPU includes a PROGRESS broadcast")
            }
            // Then the PROGRESS that counts them all, the last line before the trigger.
            receiver.expect("PROGRESS \(round) \(last) \(players)", on: 0..<players)
            receiver.waitForAll("PROGRESS \(round) with \(last) of \(players) answers")
            receiver.drain(seconds: 0.2)  // the server idle, every socket read
            cpuAnswers += cpuSeconds(ofProcess: pid) - cpuBefore

            // The trigger: the last answer closes the round, and the next ROUND goes out.
            let answer = wire("ANSWER \(round) y\n")
            receiver.expect("ROUND \(round + 1) ", on: 0..<players)
            let cpuBeforeClose = cpuSeconds(ofProcess: pid)
            let start = now()
            sendLine(answer, to: fds[last])
            receiver.waitForAll("ROUND \(round + 1)")
            cpuCloses += cpuSeconds(ofProcess: pid) - cpuBeforeClose
            latencies.append(receiver.latencies(since: start))
            run.bytesPerConnection = Double(receiver.bytes[0])
        }
        run.summarize(triggers: latencies)
        run.cpuPerAnswer = cpuAnswersAlone / Double(answersAlone)
        run.cpuPerPlayerRound = (cpuAnswers + cpuCloses) / Double(triggers * players)
        server.stop()
        receiver.closeAll()
        return run
    }
}
