/// A standalone SVG document of the symbol. Only numbers computed here go into the
/// markup, never caller-supplied text, so the result is safe to serve as is.
extension QRCode {
    /// - Parameters:
    ///   - moduleSize: pixels per module for the `width`/`height` attributes (at least 1).
    ///   - quietZone: light margin in modules on every side (the standard asks for four).
    /// - Returns: an SVG whose `viewBox` is in module units, with a white background
    ///   rectangle and a single black `<path>` made of one closed rectangle per
    ///   horizontal run of dark modules: `M x y hN v1 h-N z`.
    public func svg(moduleSize: Int = 8, quietZone: Int = 4) -> String {
        let margin = max(0, quietZone)
        let side = size + 2 * margin
        let pixels = side * max(1, moduleSize)

        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                let runStart = x
                while x < size && isDark(x: x, y: y) { x += 1 }
                let runLength = x - runStart
                path += "M\(runStart + margin) \(y + margin)h\(runLength)v1h-\(runLength)z"
            }
        }

        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(pixels)" height="\(pixels)" \
            viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges">
            <rect x="0" y="0" width="\(side)" height="\(side)" fill="#FFFFFF"/>
            <path d="\(path)" fill="#000000"/>
            </svg>

            """
    }
}
