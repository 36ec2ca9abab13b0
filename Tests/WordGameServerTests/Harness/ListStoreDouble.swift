@testable import WordGameServer

/// A list store that writes nothing: it keeps what it was asked, for the test to answer (`HubWorld.answerListStore`).
final class ListStoreDouble: ListStore {
    struct Request: Equatable {
        enum Action: Equatable {
            case write(name: String, bytes: [UInt8])
            case remove(name: String)
        }
        let ticket: Int
        let action: Action
    }

    var pending: [Request] = []
    /// Every request, answered or not.
    private(set) var asked: [Request] = []

    func write(_ bytes: [UInt8], name: String, ticket: Int) {
        let request = Request(ticket: ticket, action: .write(name: name, bytes: bytes))
        pending.append(request)
        asked.append(request)
    }

    func remove(name: String, ticket: Int) {
        let request = Request(ticket: ticket, action: .remove(name: name))
        pending.append(request)
        asked.append(request)
    }
}
