/// The square of modules while a symbol is being built: the colour of every module and
/// whether it belongs to a function pattern (ISO/IEC 18004 §6.3), which data placement and
/// masking must leave alone.
struct ModuleGrid: Sendable {
    let version: Int
    let size: Int
    /// Row-major, `true` is dark.
    private(set) var dark: [Bool]
    /// Row-major, `true` where a function pattern or format/version information lies.
    private(set) var isFunction: [Bool]

    init(version: Int) {
        precondition((1...40).contains(version), "version is 1...40")
        self.version = version
        size = 17 + 4 * version
        dark = [Bool](repeating: false, count: size * size)
        isFunction = [Bool](repeating: false, count: size * size)
    }

    func isDark(x: Int, y: Int) -> Bool {
        dark[y * size + x]
    }

    func isFunctionModule(x: Int, y: Int) -> Bool {
        isFunction[y * size + x]
    }

    mutating func setFunctionModule(x: Int, y: Int, dark isDark: Bool) {
        dark[y * size + x] = isDark
        isFunction[y * size + x] = true
    }

    mutating func setDataModule(x: Int, y: Int, dark isDark: Bool) {
        dark[y * size + x] = isDark
    }

    mutating func invertDataModule(at index: Int) {
        dark[index].toggle()
    }
}
