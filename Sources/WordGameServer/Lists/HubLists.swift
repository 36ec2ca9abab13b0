import WordGame
import WordGameProtocol
import WordListFiles
import WordListText

/// The word list commands (Protocol.md §4, "Word lists"): `LISTS` for anyone;
/// for the host of a room made with `HOST` (the holder of a key), an upload
/// a line at a time (`UPLOAD`, `LINE`, then `CHECK` or `SAVE`) and `DELETE`.
/// Saving and deleting are the list store's, off the loop (`ListStore`): the
/// reply waits for it, and the connection's later lines with it.
extension Hub {
    var lists: WordListCatalog { environment.lists }

    func handleList(_ command: ListCommand, from id: PlayerID) {
        switch command {
        case .catalog: outbox.send(lists.listLines, to: id)
        case .upload(let start): openUpload(start, for: id)
        case .line(let text): takeUploadLine(text, from: id)
        case .check: finishUpload(for: id, saving: false)
        case .save: finishUpload(for: id, saving: true)
        case .delete(let name, let key): deleteList(name, key: key, for: id)
        }
    }

    /// The room `id` hosts with a key (a room made with `HOST`), or the error that says why not.
    private func hostedRoom(of id: PlayerID) -> Room? {
        guard let session = sessions[id], let room = session.room else {
            error(.notInRoom, ListTexts.notInRoom, to: id)
            return nil
        }
        guard session.role == .host, room.isHosted else {
            error(.notHost, ListTexts.notHost, to: id)
            return nil
        }
        return room
    }

    /// Why the list `name` may not be saved under `key` now; nil when it may.
    private func saveRefusal(_ name: String, key: String?) -> ProtocolError? {
        if uploads.isBusy(name) { return ProtocolError(.listTaken, ListTexts.busy(name)) }
        guard let entry = lists.entry(name) else {
            return lists.count >= ListLimits.listsPerServer
                ? ProtocolError(.tooManyLists, ListTexts.tooManyLists(ListLimits.listsPerServer)) : nil
        }
        guard let saved = entry.saved else { return ProtocolError(.listTaken, ListTexts.serverList(name)) }
        guard let key else { return ProtocolError(.listTaken, ListTexts.needsKey(name)) }
        return key.uppercased() == saved.key.uppercased() ? nil : ProtocolError(.listTaken, ListTexts.wrongKey(name))
    }

    // MARK: An upload

    private func openUpload(_ start: ListCommand.ListUpload, for id: PlayerID) {
        guard hostedRoom(of: id) != nil else { return }
        if let refusal = saveRefusal(start.name, key: start.key) { return outbox.send(.error(refusal), to: id) }
        if uploads.upload(of: id) == nil, uploads.openCount >= ListLimits.uploadsOpen {
            return error(.serverFull, ListTexts.tooManyUploads(ListLimits.uploadsOpen), to: id)
        }
        uploads.begin(start, for: id)  // a new UPLOAD discards the open one
        control.uploadOpen(id, true)
        outbox.send(.done(.upload), to: id)
    }

    private func takeUploadLine(_ text: String, from id: PlayerID) {
        guard var upload = uploads.upload(of: id) else { return error(.noUpload, ListTexts.noUpload, to: id) }
        if upload.overflowed { return }  // the rest of an upload past its limits is discarded quietly
        let bytes = upload.bytes + text.utf8.count
        guard upload.lines.count < ListLimits.linesPerUpload, bytes <= ListLimits.bytesPerUpload else {
            uploads.update(ListUploads.Open(start: upload.start, overflowed: true), for: id)
            control.uploadOpen(id, false)  // its LINEs are paced again
            return error(.uploadTooBig, ListTexts.tooBig(lines: ListLimits.linesPerUpload, bytes: ListLimits.bytesPerUpload), to: id)
        }
        upload.lines.append(text)
        upload.bytes = bytes
        uploads.update(upload, for: id)
    }

    /// The upload of a connection that goes, or leaves its room, is forgotten.
    func forgetUpload(of id: PlayerID) {
        guard uploads.end(for: id) != nil else { return }
        control.uploadOpen(id, false)
    }

    /// `CHECK` (a preview) or `SAVE`: the upload ends and is read; the list is saved only when `saving`.
    private func finishUpload(for id: PlayerID, saving: Bool) {
        guard let upload = uploads.end(for: id) else { return error(.noUpload, ListTexts.noUpload, to: id) }
        control.uploadOpen(id, false)
        if upload.overflowed {
            return error(.uploadTooBig, ListTexts.discarded(lines: ListLimits.linesPerUpload, bytes: ListLimits.bytesPerUpload), to: id)
        }
        let start = upload.start
        let reading = ListText.read(upload.lines, from: start.from, to: start.to)
        let skipped = reading.skipped.prefix(skippedListed).map { skip in
            ServerMessage.skipped(SkippedLine(line: skip.line, why: skip.why, text: skip.text))
        } + [.end(.skipped)]
        guard reading.pairs.count <= ListLimits.pairsPerList else {
            return error(.uploadTooBig, ListTexts.tooManyPairs(reading.pairs.count, ListLimits.pairsPerList), to: id)
        }
        guard let from = reading.from, let to = reading.to else {
            let refusal = ProtocolError(.badList, ListTexts.noLanguages(from: reading.from, to: reading.to))
            return outbox.send(skipped + [.error(refusal)], to: id)
        }
        guard !reading.pairs.isEmpty else {
            return outbox.send(skipped + [.error(ProtocolError(.badList, ListTexts.noPairs(skipped: reading.skipped.count)))], to: id)
        }
        let list: WordList
        do {
            list = try WordList(entries: reading.pairs, from: from, to: to)
        } catch {
            return outbox.send(skipped + [.error(ProtocolError(.badList, ListTexts.tooFewWrong(from: from, to: to)))], to: id)
        }
        let summary = ServerMessage.uploaded(UploadSummary(name: start.name, pairs: list.entries.count, skipped: reading.skipped.count,
                                                           from: from, to: to))
        guard saving else { return outbox.send(skipped + [summary, .done(.check)], to: id) }
        if let refusal = saveRefusal(start.name, key: start.key) { return outbox.send(.error(refusal), to: id) }
        let key = lists.entry(start.name)?.saved?.key ?? RoomCode.make(length: RoomCode.keyLength, random: random)
        let saved = StoredWordList.Saved(date: StoredWordList.Saved.isoDate(secondsSince1970: environment.wallClock()), key: key)
        let stored = StoredWordList(list: list, saved: saved)
        let before = lists.entry(start.name).map { ($0.list.from, $0.list.to) }
        store(ListUploads.Pending(player: id, name: start.name,
                                  action: .save(stored, reply: skipped + [summary, .listKey(name: start.name, key: key), .done(.save)],
                                                languagesBefore: before)),
              bytes: stored.fileBytes)
    }

    // MARK: Deleting

    private func deleteList(_ name: String, key: String, for id: PlayerID) {
        guard hostedRoom(of: id) != nil else { return }
        guard let entry = lists.entry(name) else { return error(.badList, ListTexts.noSuchList(name), to: id) }
        guard let saved = entry.saved else { return error(.listTaken, ListTexts.serverList(name), to: id) }
        guard key.uppercased() == saved.key.uppercased() else { return error(.listTaken, ListTexts.wrongKey(name), to: id) }
        if uploads.isBusy(name) { return error(.listTaken, ListTexts.busy(name), to: id) }
        if let room = rooms.values.first(where: { $0.listName == name }) {
            return error(.listInUse, ListTexts.inUse(name, room: room.spokenName), to: id)
        }
        store(ListUploads.Pending(player: id, name: name, action: .delete), bytes: nil)
    }

    // MARK: The store

    /// Hands the save or deletion to the list store; the connection's later lines wait for its answer.
    /// Without a store (no lists folder) it is done in memory at once.
    private func store(_ pending: ListUploads.Pending, bytes: [UInt8]?) {
        let ticket = uploads.ask(pending)
        guard let store = environment.listStore else { return listStored(ListStoreOutcome(ticket: ticket, problem: nil)) }
        control.awaitDirectory(pending.player, true)
        if let bytes { store.write(bytes, name: pending.name, ticket: ticket) } else { store.remove(name: pending.name, ticket: ticket) }
    }

    /// The list store did what it was asked (`problem` nil), or could not: the reply goes out, and the
    /// connection's waiting lines run.
    func listStored(_ outcome: ListStoreOutcome) {
        affinity.check()
        guard let pending = uploads.answered(outcome.ticket) else { return }
        if environment.listStore != nil { control.awaitDirectory(pending.player, false) }
        if let problem = outcome.problem {
            environment.log(ListTexts.notStoredConsole(pending.name, problem))
            return error(.listNotSaved, ListTexts.notStored(pending.name), to: pending.player)
        }
        switch pending.action {
        case .save(let stored, let reply, let before):
            lists.keep(pending.name, stored.list, saved: stored.saved!)
            outbox.send(reply, to: pending.player)
            environment.log(ListTexts.savedConsole(pending.name, stored.list, replaced: before != nil))
            if let before, before != (stored.list.from, stored.list.to) {
                for room in rooms.values where room.listName == pending.name { room.listChanged(gone: false) }
            }
        case .delete:
            lists.remove(pending.name)
            outbox.send(.done(.delete), to: pending.player)
            environment.log(ListTexts.deletedConsole(pending.name))
            // A room that chose it while the file went plays the default list from now on.
            for room in rooms.values where room.listName == pending.name { room.listChanged(gone: true) }
        }
    }
}
