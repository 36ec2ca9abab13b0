import WordGame
import WordGameProtocol

/// What a room tells everyone at most once per interval: the state of the
/// room (ROOM and MEMBERS, with the notices gathered since the last), and
/// the count of answers to the open pair (PROGRESS). A burst of joins or
/// answers costs each member one update per interval, not one per event.
///
/// The count goes to the players more rarely than to the projector
/// (`Coalescer.progressInterval`): the class watches it rise on the
/// projector, with the names still thinking (WAITING), while a player's
/// phone only says how many others are left. Four updates a second to every
/// phone were nine messages in ten a class costs the server.
struct RoomUpdates {
    var room = Coalescer()
    /// PROGRESS to the members.
    var progress = Coalescer()
    /// PROGRESS and WAITING to the observers (the host, the viewers).
    var watching = Coalescer()
    var notices: NoticeBoard

    init(dropGraceSeconds: Int) {
        notices = NoticeBoard(dropGraceSeconds: dropGraceSeconds)
    }
}
