extension Columns {
    /// `text` as it is if it fits in `width` columns; otherwise its longest
    /// start that leaves a column for `…`, and `…`. Clusters are never split:
    /// a wide one that would overhang goes, so the result may be a column
    /// short, never a column over.
    public static func fit(_ text: String, _ width: Int) -> String {
        guard text.columnWidth > width else { return text }
        guard width > 0 else { return "" }
        return prefix(text, width - 1) + "…"
    }

    /// The longest start of `text`, in whole clusters, that takes at most `width` columns.
    public static func prefix(_ text: String, _ width: Int) -> String {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            used += text[index].columnWidth
            if used > width { break }
            end = text.index(after: index)
        }
        return String(text[..<end])
    }
}
