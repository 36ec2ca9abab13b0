extension Columns {
    public enum Alignment: Sendable {
        case left, centre, right
    }

    /// `text` fitted into `width` columns (see `fit`) and padded with spaces
    /// to exactly `width`: table cells and panels line up whatever the names
    /// hold. Centred text leaves the odd column on the right.
    public static func pad(_ text: String, _ width: Int, _ alignment: Alignment = .left) -> String {
        let fitted = fit(text, width)
        let room = max(0, width - fitted.columnWidth)
        let left: Int
        switch alignment {
        case .left: left = 0
        case .centre: left = room / 2
        case .right: left = room
        }
        return String(repeating: " ", count: left) + fitted + String(repeating: " ", count: room - left)
    }
}
