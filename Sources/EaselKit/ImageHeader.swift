/// Image sizes read from file headers, for layout outside drawing (the canvas answers exactly during
/// drawing). PNG (IHDR), JPEG (SOFn) and SVG (width/height or viewBox of the root element).
enum ImageHeader {
    /// Read and written under `lock`.
    nonisolated(unsafe) private static var cache: [String: CGSize] = [:]
    private static let lock = NSLock()

    static func size(of name: String) -> CGSize {
        lock.lock()
        defer { lock.unlock() }
        if let size = cache[name] { return size }
        let size = resolve(name).flatMap { FileManager.default.contents(atPath: $0) }.flatMap(parse) ?? .zero
        cache[name] = size
        return size
    }

    /// The host's resolution order: the resource directory first, then the name as a path.
    private static func resolve(_ name: String) -> String? {
        if let directory = PluginState.shared.resourceDirectory, !name.hasPrefix("/") {
            let path = (directory as NSString).appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return FileManager.default.fileExists(atPath: name) ? name : nil
    }

    static func parse(_ data: Data) -> CGSize? {
        let bytes = [UInt8](data)
        func be16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
        if bytes.count >= 24, bytes[0] == 0x89, bytes[1] == 0x50, bytes[2] == 0x4E, bytes[3] == 0x47 {
            return CGSize(width: be32(16), height: be32(20))
        }
        if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 {
            var i = 2
            while i + 9 < bytes.count {
                guard bytes[i] == 0xFF else { i += 1; continue }
                let marker = bytes[i + 1]
                if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) || marker == 0xFF { i += 1; continue }
                if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                    return CGSize(width: be16(i + 7), height: be16(i + 5))
                }
                i += 2 + be16(i + 2)
            }
            return nil
        }
        guard let text = String(data: data.prefix(4096), encoding: .utf8), let svg = text.range(of: "<svg") else { return nil }
        let tag = String(text[svg.lowerBound...].prefix { $0 != ">" })
        func attribute(_ name: String) -> String? {
            guard let start = tag.range(of: " \(name)=\"") ?? tag.range(of: "\n\(name)=\"") else { return nil }
            return String(tag[start.upperBound...].prefix { $0 != "\"" })
        }
        func length(_ value: String?) -> Double? {
            guard let value, !value.hasSuffix("%") else { return nil }
            return Double(value.trimmingCharacters(in: CharacterSet.letters))
        }
        if let width = length(attribute("width")), let height = length(attribute("height")) {
            return CGSize(width: width, height: height)
        }
        let box = attribute("viewBox")?.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
        if let box, box.count == 4 { return CGSize(width: box[2], height: box[3]) }
        return nil
    }
}
