import WordGame
import WordGameProtocol

/// What a room tells everyone at most once per interval: the state of the
/// room (ROOM and MEMBERS, with the notices gathered since the last), and
/// the count of answers to the open pair (PROGRESS). A burst of joins or
/// answers costs each member one update per interval, not one per event.
struct RoomUpdates {
    var room = Coalescer()
    var progress = Coalescer()
    var notices: NoticeBoard

    init(dropGraceSeconds: Int) {
        notices = NoticeBoard(dropGraceSeconds: dropGraceSeconds)
    }
}
