import Foundation
import WordGamePOSIX

/// The Redis side of the fan-out comparison: N subscribers of one channel on
/// a fresh redis-server, and R PUBLISHes from one more connection.
enum FanoutRedis {
    /// What wordgame sends each player when a round closes (REVEAL, RESULT,
    /// TALLY, ten TOP lines, END TOP and the next ROUND: about 320 bytes), so
    /// each PUBLISH makes Redis move as many bytes to each subscriber.
    static let payloadBytes = 320
    static let channel = "bench"

    static func run(binary: String, subscribers: Int, triggers: Int) -> FanoutRun {
        let redis = RedisProcess(binary: binary, maxClients: subscribers + 100)
        var run = FanoutRun()
        run.cpuUnits = ("PING", "subscriber-message")
        let idleKiB = residentKiB(ofProcess: redis.pid)
        let receiver = FanoutReceiver(capacity: subscribers)

        // Join: connect and SUBSCRIBE. A confirmation ends with ":1" (subscribed to one channel).
        let joinStart = now()
        receiver.expect(":1\r", on: 0..<subscribers)
        let subscribe = Array("SUBSCRIBE \(channel)\r\n".utf8)
        for index in 0..<subscribers {
            let fd = dialLoopback(port: redis.port, "redis-server")
            receiver.add(fd)
            sendLine(subscribe, to: fd)
            if index % 100 == 0 { receiver.pump(timeout: 0) }  // read as we go, as wordgame's join does
        }
        receiver.waitForAll("SUBSCRIBE \(channel)")
        run.joinSeconds = now() - joinStart
        run.kibPerConnection = (residentKiB(ofProcess: redis.pid) - idleKiB) / Double(subscribers)

        let publisher = dialLoopback(port: redis.port, "redis-server")
        var latencies: [[Double]] = [], cpu = 0.0, cpuCommands = 0.0
        let ping = Array("PING\r\n".utf8)
        for trigger in 1...triggers {
            // The yardstick for an answer: a command read and answered on each of as many
            // connections, sent the same way (a subscriber's PING is answered with "pong").
            receiver.expect("pong\r", on: 1..<subscribers - 1)
            let cpuBeforeCommands = cpuSeconds(ofProcess: redis.pid)
            for index in 1..<subscribers - 1 {
                sendLine(ping, to: receiver.fds[index])
                if index % 100 == 0 { receiver.pump(timeout: 0) }
            }
            receiver.waitForAll("PING \(trigger)")
            cpuCommands += cpuSeconds(ofProcess: redis.pid) - cpuBeforeCommands
            receiver.drain(seconds: 0.2)  // the pause between triggers: Redis idle, every socket read
            let command = publish(trigger)
            receiver.expect("ROUND \(trigger) ", on: 0..<subscribers)
            let cpuBefore = cpuSeconds(ofProcess: redis.pid)
            let start = now()
            sendLine(command, to: publisher)
            receiver.waitForAll("PUBLISH \(trigger)")
            cpu += cpuSeconds(ofProcess: redis.pid) - cpuBefore
            latencies.append(receiver.latencies(since: start))
            run.bytesPerConnection = Double(receiver.bytes[0])
            checkReach(publisher, subscribers: subscribers)
        }
        run.summarize(triggers: latencies)
        run.cpuPerPlayerRound = cpu / Double(triggers * subscribers)
        run.cpuPerAnswer = cpuCommands / Double(triggers * (subscribers - 2))
        redis.stop()
        publisher.close()
        receiver.closeAll()
        return run
    }

    /// PUBLISH in RESP's array form, as client libraries send it. The payload
    /// begins "ROUND <trigger> ", the line the receiver awaits, then filler.
    static func publish(_ trigger: Int) -> [UInt8] {
        let start = "ROUND \(trigger) "
        let payload = start + String(repeating: "x", count: payloadBytes - start.utf8.count)
        return Array("*3\r\n$7\r\nPUBLISH\r\n$\(channel.utf8.count)\r\n\(channel)\r\n$\(payloadBytes)\r\n\(payload)\r\n".utf8)
    }

    /// PUBLISH answers with how many subscribers it reached: all of them, or the run means nothing.
    /// The publisher's socket is non-blocking: the reply is awaited, up to the receiver's own 30 s.
    static func checkReach(_ publisher: FileDescriptor, subscribers: Int) {
        var reply = [UInt8](repeating: 0, count: 64)
        var n = 0
        if Poll.waitUntilReadable(publisher, milliseconds: 30_000),
           case .done(let count)? = reply.withUnsafeMutableBytes({ buffer in try? Socket.receive(publisher, into: buffer) }) {
            n = count
        }
        let text = String(decoding: reply[0..<n], as: UTF8.self)
        if text != ":\(subscribers)\r\n" { fail("PUBLISH reached \(text.debugDescription), not :\(subscribers)") }
    }
}
