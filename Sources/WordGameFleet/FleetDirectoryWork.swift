import RedisClient
import RedisWire

/// The worker's side: the record's timer, and the requests waiting, sent as one pipeline.
extension FleetDirectory {
    /// The record (with the draining mark, while the server drains), and a look at the fleet's other servers in the
    /// same round trip.
    func writeRecord() {
        guard let address = lockedAddress(), let key = FleetKeys.server(serverID), let mark = FleetKeys.draining(serverID)
        else { return }
        do throws(RedisError) {
            let register = DirectoryScripts.register(serverID, serverKey: key, record: address.record,
                                                     milliseconds: timings.ttlMilliseconds)
            let draining = lockedDrainingMark()
                ? [RedisCommand(["SET", mark, "1", "PX", String(timings.ttlMilliseconds)])] : []
            let replies = try client.pipeline([register, DirectoryScripts.look(goneMilliseconds: timings.goneMemoryMilliseconds)]
                                              + draining)
            deliver(.registered(newEpoch: replies[0] == .integer(1), error: nil))
            if let members = DirectoryReplies.members(replies[1]) { deliver(members) }
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

    /// Our record and draining mark, our place in the fleet's list and our claims in `keys`, deleted in one pipeline (the server is
    /// stopping: a failure changes nothing).
    func leaveNow(_ keys: [String]) {
        guard let record = FleetKeys.server(serverID), let mark = FleetKeys.draining(serverID) else { return }
        _ = try? client.pipeline([.delete([record, mark]), DirectoryScripts.leave(serverID)]
                                     + keys.map { DirectoryScripts.release($0, ifOwnedBy: serverID) })
    }
}
