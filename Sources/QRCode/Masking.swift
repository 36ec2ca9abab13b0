/// Data mask patterns (ISO/IEC 18004 §7.8.2, Table 10) and the choice among them (§7.8.3).
enum Masking {
    /// Whether mask pattern `mask` inverts the module in row `y` (i in the standard),
    /// column `x` (j).
    static func inverts(mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: (y + x) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (y + x) % 3 == 0
        case 4: (y / 2 + x / 3) % 2 == 0
        case 5: (y * x) % 2 + (y * x) % 3 == 0
        case 6: ((y * x) % 2 + (y * x) % 3) % 2 == 0
        case 7: ((y + x) % 2 + (y * x) % 3) % 2 == 0
        default: preconditionFailure("mask pattern reference is 0...7")
        }
    }

    /// The mask whose finished symbol, format information included, has the lowest
    /// penalty score; ties go to the lower mask number.
    static func bestMask(for grid: ModuleGrid, correction: QRCode.Correction) -> Int {
        var best = (mask: 0, score: Int.max)
        for mask in 0..<8 {
            var candidate = grid
            candidate.applyMask(mask)
            candidate.drawFormatInformation(correction: correction, mask: mask)
            let score = Penalty.score(candidate)
            if score < best.score { best = (mask, score) }
        }
        return best.mask
    }
}

extension ModuleGrid {
    /// Inverts every data module where the mask condition holds; function modules stay.
    mutating func applyMask(_ mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunctionModule(x: x, y: y) && Masking.inverts(mask: mask, x: x, y: y) {
                invertDataModule(at: y * size + x)
            }
        }
    }
}
