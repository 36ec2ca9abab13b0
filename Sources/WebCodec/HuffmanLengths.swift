/// Code lengths for a Huffman code whose longest code is at most `limit`
/// bits (DEFLATE's trees: 15 bits, 7 for the code lengths' own), by the
/// package-merge algorithm (Larmore and Hirschberg, 1990): optimal among the
/// codes that respect the limit, where plain Huffman may run deeper.
///
/// Every symbol whose frequency is above zero gets a length; the others get 0.
/// At least two symbols must have a frequency (the encoder sees to it), so the
/// code is complete, as zlib's inflate, and so every browser, wants.
enum HuffmanLengths {
    static func lengths(frequencies: [Int], limit: Int) -> [Int] {
        let used = frequencies.indices.filter { frequencies[$0] > 0 }
        precondition(used.count >= 2, "a complete code needs two symbols")
        precondition(used.count <= 1 << limit, "more symbols than codes of \(limit) bits")
        // An item is a weight and the leaves under it; the leaves sorted by weight are the first list.
        typealias Item = (weight: Int, leaves: [Int])
        let leaves = used.map { Item(weight: frequencies[$0], leaves: [$0]) }.sorted { $0.weight < $1.weight }
        var list = leaves
        for _ in 1..<limit {
            // Package: pairs of the list's items, in order; then merge with the leaves, by weight.
            var packages: [Item] = []
            packages.reserveCapacity(list.count / 2)
            var index = 0
            while index + 1 < list.count {
                packages.append((list[index].weight + list[index + 1].weight, list[index].leaves + list[index + 1].leaves))
                index += 2
            }
            list = merge(leaves, packages)
        }
        // The first 2n - 2 items; a symbol's length is how many of them hold it.
        var lengths = [Int](repeating: 0, count: frequencies.count)
        for item in list.prefix(2 * used.count - 2) {
            for leaf in item.leaves { lengths[leaf] += 1 }
        }
        return lengths
    }

    private static func merge(_ a: [(weight: Int, leaves: [Int])],
                              _ b: [(weight: Int, leaves: [Int])]) -> [(weight: Int, leaves: [Int])] {
        var merged: [(weight: Int, leaves: [Int])] = []
        merged.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            // Leaves before packages of equal weight: shallower trees where it makes no difference.
            if j == b.count || (i < a.count && a[i].weight <= b[j].weight) {
                merged.append(a[i]); i += 1
            } else {
                merged.append(b[j]); j += 1
            }
        }
        return merged
    }

    /// The canonical codes for `lengths` (RFC 1951 §3.2.2), each bit-reversed, as
    /// DEFLATE's least-significant-bit-first writer sends a code's first bit first.
    static func canonicalCodes(_ lengths: [Int]) -> [UInt32] {
        let longest = lengths.max() ?? 0
        var count = [Int](repeating: 0, count: longest + 1)
        for length in lengths where length > 0 { count[length] += 1 }
        var next = [Int](repeating: 0, count: longest + 2)
        var code = 0
        for bits in stride(from: 1, through: longest, by: 1) {
            code = (code + count[bits - 1]) << 1
            next[bits] = code
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            let value = next[length]
            next[length] += 1
            var reversed: UInt32 = 0
            for bit in 0..<length where value & (1 << bit) != 0 { reversed |= 1 << UInt32(length - 1 - bit) }
            return reversed
        }
    }
}
