import RedisClient
import RedisWire

/// The worker's side: the record's timer, and the requests waiting, sent as one pipeline.
extension FleetDirectory {
    func writeRecord() {
        guard let address = lockedAddress(), let key = FleetKeys.server(serverID) else { return }
        do throws(RedisError) {
            let register = DirectoryScripts.register(serverKey: key, record: address.record, milliseconds: timings.ttlMilliseconds)
            let reply = try client.send(register)
            deliver(.registered(newEpoch: reply == .integer(1), error: nil))
        } catch {
            deliver(.registered(newEpoch: false, error: error))
        }
    }

    /// Sends `batch` in one pipeline and delivers each request's event, in order.
    func run(_ batch: [DirectoryWork]) {
        let commands = batch.flatMap(\.commands)
        do throws(RedisError) {
            var replies = try client.pipeline(commands)[...]
            for work in batch {
                deliver(work.answer(Array(replies.prefix(work.commands.count))))
                replies = replies.dropFirst(work.commands.count)
            }
        } catch {
            for work in batch { deliver(work.failed(error)) }
        }
    }

    /// Our record and our claims in `keys`, deleted in one pipeline (the server is stopping: a failure changes nothing).
    func leaveNow(_ keys: [String]) {
        guard let record = FleetKeys.server(serverID) else { return }
        _ = try? client.pipeline([.delete([record])] + keys.map { DirectoryScripts.release($0, ifOwnedBy: serverID) })
    }
}
