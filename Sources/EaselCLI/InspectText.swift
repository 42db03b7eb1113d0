import EaselHost

/// The text layout of `host inspect`, modelled on gst-inspect-1.0: details, then properties grouped by
/// inspector section (the class's own first, then each group in order of first appearance).
enum InspectText {
    /// The lines describing a class, not escaped yet: print them with ``TerminalText/lines(_:)``,
    /// which escapes the plugin's strings in them (line feeds too). `current`: the values read back
    /// after --set (nil without); `reported`: the properties the component said it changed itself
    /// (property_changed); `mismatches`: the defaults check's findings.
    static func describe(_ info: ClassInfo, current: [String: PropertyValue]?, reported: Set<String> = [],
                         sentActions: [String] = [], traits: Traits = .default, mismatches: [DefaultMismatch] = []) -> [String] {
        var out: [String] = []
        func row(_ key: String, _ value: String) { out.append("  " + key.padding(to: 25) + value) }
        out.append("Class Details:")
        row("Name", info.name)
        row("Display Name", info.displayName)
        if let s = info.summary { row("Summary", s) }
        row("Group", info.group)
        row("Kind", info.kind.name)
        row("Default Size", "\(PropertyInfo.formatNumber(info.defaultSize.width))x\(PropertyInfo.formatNumber(info.defaultSize.height))")
        row("Extensions", info.extensions.isEmpty ? "none" : info.extensions.joined(separator: ", "))
        out.append("")
        out.append("Plugin Details:")
        row("Name", info.plugin.name)
        row("Id", info.plugin.id)
        row("Version", info.plugin.version)
        if let s = info.plugin.summary { row("Summary", s) }
        row("Filename", info.plugin.path)
        row("ABI", info.plugin.abi)
        out.append("")
        let visible = info.properties.filter { !$0.isHidden }
        out.append("Properties (\(visible.count)):")
        // Names longer than gst-inspect's 20 columns widen the column for the whole class.
        let width = max(20, (visible.map(\.name.count).max() ?? 0) + 1)
        for (group, properties) in groups(visible, className: info.displayName) {
            out.append("")
            out.append("  \(group)")
            for p in properties {
                out += property(p, current: current?[p.name], width: width, reported: reported.contains(p.name),
                                mismatch: mismatches.first { $0.property.name == p.name })
            }
        }
        if !info.variants.isEmpty {
            out.append("")
            out.append("Variants (\(info.variants.count)):")
            let indent = String(repeating: " ", count: width + 4)
            for v in info.variants {
                out.append("  " + v.name.padding(to: width) + ": " + v.displayName)
                if let s = v.summary { out.append(indent + s) }
                out.append(indent + (v.attributes.isEmpty ? "(no attributes)" : v.attributes.map { "\($0.key)=\($0.value)" }.joined(separator: " ")))
            }
        }
        if !info.actions.isEmpty {
            out.append("")
            out.append("Actions (\(info.actions.count)):")
            let indent = String(repeating: " ", count: width + 4)
            for a in info.actions {
                out.append("  " + a.signature.padding(to: width) + ": " + a.displayName)
                if let s = a.summary { out.append(indent + s) }
                if let p = a.argument {
                    out.append(indent + "argument: " + typeLine(p))
                    for c in p.enumCases { out.append(indent + "   (\(c.value)): " + c.name.padding(to: 16) + " - " + c.displayName) }
                } else {
                    out.append(indent + "no argument")
                }
            }
        }
        if current != nil {
            out.append("")
            out.append("Instance:")
            row("Traits", traits.assignments.isEmpty ? "defaults (appearance=light, direction=ltr, size=large)" : traits.assignments.joined(separator: ", "))
            row("Sent Actions", sentActions.isEmpty ? "none" : sentActions.joined(separator: ", "))
        }
        return out
    }

    static func groups(_ properties: [PropertyInfo], className: String) -> [(String, [PropertyInfo])] {
        var order: [String] = []
        var members: [String: [PropertyInfo]] = [:]
        for p in properties {
            let g = p.group ?? className
            if members[g] == nil { order.append(g) }
            members[g, default: []].append(p)
        }
        // The class's own section first, as Xcode puts the class's attributes on top.
        order.sort { a, b in (a == className ? 0 : 1) < (b == className ? 0 : 1) }
        return order.map { ($0, members[$0]!) }
    }

    static func property(_ p: PropertyInfo, current: PropertyValue?, width: Int = 20, reported: Bool = false,
                         mismatch: DefaultMismatch? = nil) -> [String] {
        let indent = String(repeating: " ", count: width + 4)
        var lines = ["  " + p.name.padding(to: width) + ": " + p.displayName]
        if let s = p.summary { lines.append(indent + s) }
        lines.append(indent + "flags: " + p.flagWords.joined(separator: ", "))
        lines.append(indent + typeLine(p) + (mismatch.map { "  (but a new instance reads \(shown(p, $0.actual)))" } ?? ""))
        for c in p.enumCases {
            lines.append(indent + "   (\(c.value)): " + c.name.padding(to: 16) + " - " + c.displayName)
        }
        if let current {
            let marks = (current == p.defaultValue ? "" : "  (changed)") + (reported ? "  (reported by the component)" : "")
            lines.append(indent + "Value: " + shown(p, current) + marks)
        }
        return lines
    }

    /// "CGFloat. Range: 0 - 100, step 1 Default: 0".
    static func typeLine(_ p: PropertyInfo) -> String {
        var line = p.type.name + "."
        if let r = p.range {
            line += " Range: \(PropertyInfo.formatNumber(r.min)) - \(PropertyInfo.formatNumber(r.max))"
            if r.step > 0 { line += ", step \(PropertyInfo.formatNumber(r.step))" }
        }
        return line + (p.range == nil ? " " : "; ") + "Default: " + shown(p, p.defaultValue)
    }

    /// A value as written on the command line, strings quoted so empty ones are visible.
    static func shown(_ p: PropertyInfo, _ v: PropertyValue) -> String {
        switch v {
        case .string(let s): return "\"\(s)\""
        case .image(nil): return "none"
        default: return p.format(v)
        }
    }
}
