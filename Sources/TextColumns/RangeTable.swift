/// A lookup in the generated tables: sorted, disjoint ranges flattened to
/// `first, last, first, last...`, searched by halves (a few hundred ranges,
/// so at most nine steps).
enum RangeTable {
    static func contains(_ ranges: [UInt32], _ value: UInt32) -> Bool {
        // The number of ranges whose first code point is at most `value`.
        var low = 0, high = ranges.count / 2
        while low < high {
            let middle = (low + high) / 2
            if ranges[2 * middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low > 0 && value <= ranges[2 * (low - 1) + 1]
    }
}
