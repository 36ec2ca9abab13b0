/// Where the hub has a connection's seat: the session's own copy, kept by
/// the hub (`ConnectionControl.seatChanged`), so that admitting input and
/// housekeeping never ask the hub.
struct SeatStanding: Equatable {
    /// In a room now: a hold on its address (wrong RESUME codes) does not slow it.
    var inRoom = false
    /// Has been in a room: registered, so the registration limit no longer applies.
    var enteredARoom = false
}
