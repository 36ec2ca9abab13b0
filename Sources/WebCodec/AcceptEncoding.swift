extension HTTPRequestHead {
    /// Whether the request's `Accept-Encoding` takes `coding` (RFC 9110 §12.5.3): named, or matched by `*`, with a
    /// weight above zero. No field, or a malformed weight, is a no: the identity is always acceptable.
    public func accepts(contentCoding coding: String) -> Bool {
        var named: Bool?, wildcard: Bool?
        for element in HTTPSyntax.listElements(values(of: "Accept-Encoding")) {
            let parts = element.split(separator: ";", omittingEmptySubsequences: false)
            let name = HTTPSyntax.trimOptionalWhitespace(parts[0])
            var weighted = true
            for parameter in parts.dropFirst() {
                let pair = HTTPSyntax.trimOptionalWhitespace(parameter).split(separator: "=", maxSplits: 1)
                guard pair.count == 2, HTTPSyntax.equalsIgnoringASCIICase(String(pair[0]), "q") else { continue }
                // A weight is 0 to 1 with up to three decimals: any digit other than 0 makes it above zero.
                let value = HTTPSyntax.trimOptionalWhitespace(pair[1])
                guard value.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), !value.isEmpty else { weighted = false; continue }
                weighted = value.contains { $0 != "0" && $0 != "." }
            }
            if HTTPSyntax.equalsIgnoringASCIICase(String(name), coding) { named = weighted }
            if name == "*" { wildcard = weighted }
        }
        return named ?? wildcard ?? false
    }
}
