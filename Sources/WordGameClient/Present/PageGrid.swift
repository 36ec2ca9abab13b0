/// Cells laid out in columns, then cut into pages that fit a box: the
/// lobby's names and the final ranking. Pure arithmetic, so it is tested alone.
struct PageGrid: Equatable {
    /// Columns across and rows down on one page (each at least 1).
    let columns: Int
    let rows: Int
    let count: Int

    /// A list that fits on one page is spread over as many columns as fit,
    /// in columns no longer than they need be, rather than one long column.
    init(count: Int, cellWidth: Int, width: Int, height: Int) {
        let across = max(1, width / max(1, cellWidth)), down = max(1, height)
        columns = across
        rows = count <= across * down ? max(1, (count + across - 1) / across) : down
        self.count = count
    }

    /// Columns that hold at least one cell on the fullest page.
    var usedColumns: Int { min(columns, max(1, (min(count, perPage) + rows - 1) / rows)) }

    var perPage: Int { columns * rows }
    var pages: Int { max(1, (count + perPage - 1) / perPage) }

    /// `page` may be any integer: the state only counts turns, and this wraps them.
    func pageIndex(_ page: Int) -> Int { ((page % pages) + pages) % pages }

    /// The items of that page with their (row, column) in the box; filled
    /// down each column first, as a printed class list reads.
    func cells(page: Int) -> [(item: Int, row: Int, column: Int)] {
        let first = pageIndex(page) * perPage
        return (first..<min(count, first + perPage)).map { item in
            let offset = item - first
            return (item, offset % rows, offset / rows)
        }
    }

    /// "page 2 of 3", or nothing when everything fits.
    func label(page: Int) -> String? { pages > 1 ? "page \(pageIndex(page) + 1) of \(pages)" : nil }
}
