import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import QRCode

struct SVGRendererTests {
    /// Collects the attributes of every element, in document order.
    private final class ElementCollector: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String]) {
            elements.append((elementName, attributes))
        }
    }

    /// Rasterises a path made only of `M x y hN v1 h-N z` runs; anything else fails.
    private func darkModules(fromPath path: String) -> Set<[Int]>? {
        var modules = Set<[Int]>()
        let scanner = Scanner(string: path)
        while !scanner.isAtEnd {
            guard scanner.scanString("M") != nil, let x = scanner.scanInt(), let y = scanner.scanInt(),
                  scanner.scanString("h") != nil, let run = scanner.scanInt(), run > 0,
                  scanner.scanString("v1") != nil, scanner.scanString("h-") != nil, scanner.scanInt() == run,
                  scanner.scanString("z") != nil
            else { return nil }
            for offset in 0..<run {
                guard modules.insert([x + offset, y]).inserted else { return nil }  // no overlaps
            }
        }
        return modules
    }

    @Test(arguments: [(8, 4), (3, 0), (1, 2)])
    func svgIsXMLAndCoversExactlyTheDarkModules(moduleSize: Int, quietZone: Int) throws {
        let code = try QRCode.encode(Payload.sampleURL, correction: .quartile)
        let document = code.svg(moduleSize: moduleSize, quietZone: quietZone)

        let parser = XMLParser(data: Data(document.utf8))
        let collector = ElementCollector()
        parser.delegate = collector
        #expect(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))")

        let side = code.size + 2 * quietZone
        #expect(collector.elements.map(\.name) == ["svg", "rect", "path"])
        let svg = try #require(collector.elements.first?.attributes)
        #expect(svg["viewBox"] == "0 0 \(side) \(side)")
        #expect(svg["width"] == "\(side * moduleSize)")
        #expect(svg["height"] == "\(side * moduleSize)")
        #expect(svg["shape-rendering"] == "crispEdges")
        #expect(collector.elements[1].attributes["fill"] == "#FFFFFF")

        let path = try #require(collector.elements[2].attributes["d"])
        let drawn = try #require(darkModules(fromPath: path), "path is not made of M x y hN v1 h-N z runs")
        var expected = Set<[Int]>()
        for y in 0..<code.size {
            for x in 0..<code.size where code.isDark(x: x, y: y) {
                expected.insert([x + quietZone, y + quietZone])
            }
        }
        #expect(drawn == expected)
        // Horizontal runs are merged: two runs never touch end to start on one row.
        let runStarts = path.split(separator: "M").count
        var expectedRuns = 0
        for y in 0..<code.size {
            for x in 0..<code.size where code.isDark(x: x, y: y) && !code.isDark(x: x - 1, y: y) { expectedRuns += 1 }
        }
        #expect(runStarts == expectedRuns)
    }
}
