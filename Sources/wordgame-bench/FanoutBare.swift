import Foundation
import WordGamePOSIX

/// The floor of the fan-out comparison: the same receiver and the same lines
/// as a wordgame round (an `OK ANSWER` a player, `PROGRESS` twice, a close of
/// 320 bytes), served by `BareLoopServer`, which does nothing else. Its CPU
/// per answer and per player-round is, within a few lines of code a send,
/// what the kernel alone spends on that traffic on this machine.
enum FanoutBare {
    static func run(players: Int, triggers: Int) -> FanoutRun {
        let server = BareLoopProcess()
        var run = FanoutRun()
        let receiver = FanoutReceiver(capacity: players)
        for _ in 0..<players {
            receiver.add(dialLoopback(port: server.port, "the bare loop"))
        }
        let last = players - 1, fds = receiver.fds
        // Every connection accepted and watched: a broadcast reaches all of them.
        receiver.expect("READY", on: 0..<players)
        sendLine("BROADCAST READY\n", to: fds[last])
        receiver.waitForAll("the bare loop's READY")

        var latencies: [[Double]] = [], cpuAnswersAlone = 0.0, cpuRounds = 0.0
        for round in 1...triggers {
            let cpuBefore = cpuSeconds(ofProcess: server.pid)
            receiver.expect("PROGRESS \(round) 1 \(players)", on: 0..<players)
            sendLine("BROADCAST PROGRESS \(round) 1 \(players)\n", to: fds[0])
            receiver.waitForAll("PROGRESS \(round) 1")
            receiver.expect("OK ANSWER \(round) ", on: 1..<last)
            let cpuBeforeAlone = cpuSeconds(ofProcess: server.pid)
            for index in 1..<last {
                sendLine("ANSWER \(round) y\n", to: fds[index])
                if index % 100 == 0 { receiver.pump(timeout: 0) }
            }
            receiver.waitForAll("OK ANSWER \(round)")
            cpuAnswersAlone += cpuSeconds(ofProcess: server.pid) - cpuBeforeAlone
            receiver.expect("PROGRESS \(round) \(last) \(players)", on: 0..<players)
            sendLine("BROADCAST PROGRESS \(round) \(last) \(players)\n", to: fds[0])
            receiver.waitForAll("PROGRESS \(round) \(last)")
            receiver.drain(seconds: 0.2)
            cpuRounds += cpuSeconds(ofProcess: server.pid) - cpuBefore

            // The trigger: the last answer, and the close to everyone, as wordgame's last answer does.
            let start = "ROUND \(round + 1) "
            let close = Array(("ANSWER \(round) y\nBROADCAST \(start)"
                               + "\(String(repeating: "x", count: FanoutRedis.payloadBytes - start.utf8.count))\n").utf8)
            receiver.expect(start, on: 0..<players)
            let cpuBeforeClose = cpuSeconds(ofProcess: server.pid)
            let sent = now()
            sendLine(close, to: fds[last])
            receiver.waitForAll("ROUND \(round + 1)")
            latencies.append(receiver.latencies(since: sent))
            cpuRounds += cpuSeconds(ofProcess: server.pid) - cpuBeforeClose
            run.bytesPerConnection = Double(receiver.bytes[0])
        }
        run.summarize(triggers: latencies)
        run.cpuPerAnswer = cpuAnswersAlone / Double(triggers * (players - 2))
        run.cpuPerPlayerRound = cpuRounds / Double(triggers * players)
        receiver.closeAll()
        server.stop()
        return run
    }
}

/// `wordgame-bench bare-loop` as a child process, on 127.0.0.1 and the port it prints.
final class BareLoopProcess {
    let process = Process()
    let port: UInt16
    var pid: Int32 { process.processIdentifier }

    init() {
        let output = Pipe()
        process.executableURL = Bundle.main.executableURL
        process.arguments = ["bare-loop"]
        let banner = ChildProcesses.start(process, output: output, stopWith: Signal.terminate, readingUntil: "\n", what: "the bare loop")
        guard banner.hasPrefix("port "), let port = UInt16(banner.dropFirst(5).prefix { $0.isNumber }) else {
            fail("no port from the bare loop: \(banner)")
        }
        self.port = port
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
        ChildProcesses.stopped(pid)
    }
}
