import CEasel

// MARK: - Values: a property's or an action argument's type, default, range and enum cases

extension DescriptorReader {
    /// A value's description shared by properties and action arguments: type code, default, range,
    /// enum cases and the strings; problems are recorded for `className`/`property`.
    mutating func readValueDescription(name: String, type code: UInt32, defaultValue: easel_value,
                                       displayName: UnsafePointer<CChar>?, summary: UnsafePointer<CChar>?,
                                       group: UnsafePointer<CChar>?, range r: easel_range?,
                                       enumCases: Result<[DescriptorFields.EnumCase], PluginTable.Problem>,
                                       className: String, property: String, what: String) -> PropertyInfo? {
        let before = problems.count
        let displayName = text(displayName, "the display name", required: false, className: className, property: property)
        let summary = text(summary, "the summary", required: false, className: className, property: property)
        let group = text(group, "the group", required: false, className: className, property: property)
        guard let type = PropertyType(rawValue: code) else {
            problem(className, property, "unknown type code \(code) (expected an EASEL_TYPE_* code, 1…\(PropertyType.allCases.count))")
            return nil
        }
        var range: NumericRange?
        if let r {
            if !type.isNumeric {
                problem(className, property, "has a range but is a \(type.name) (ranges are for Int, CGFloat and Double)")
            } else if !(r.min.isFinite && r.max.isFinite && r.step.isFinite) || r.min > r.max || r.step < 0 {
                problem(className, property, "invalid range min \(r.min), max \(r.max), step \(r.step) (expected min <= max and step >= 0)")
            } else {
                range = NumericRange(min: r.min, max: r.max, step: r.step)
            }
        }
        var cases: [EnumCase] = []
        switch enumCases {
        case .failure(let e): problem(className, property, "enum cases: " + e.message)
        case .success(let list):
            if type == .enumeration {
                if list.isEmpty {
                    problem(className, property, "is an enum without cases (expected enum_case_count >= 1 and enum_cases)")
                }
                var names = Set<String>(), values = Set<Int64>()
                for (i, e) in list.enumerated() {
                    guard let caseName = text(e.name, "the name of enum case #\(i)", required: true,
                                              className: className, property: property) else { continue }
                    if !CText.isIdentifier(caseName) {
                        problem(className, property, "enum case \(caseName.quoted) is not an identifier")
                    }
                    if !names.insert(caseName).inserted || !values.insert(e.value).inserted {
                        problem(className, property, "enum case \(caseName.quoted) repeats a name or value")
                    }
                    let caseDisplay = text(e.displayName, "the display name of case \(caseName)", required: false,
                                           className: className, property: property)
                    cases.append(EnumCase(name: caseName, value: e.value, displayName: caseDisplay))
                }
            } else if !list.isEmpty {
                problem(className, property, "has enum cases but is a \(type.name)")
            }
        }
        let value: PropertyValue
        switch readDefault(defaultValue, type: type) {
        case .success(let v): value = v
        case .failure(let why):
            problem(className, property, why.description.replacing("the default value", with: what))
            return nil
        }
        let info = PropertyInfo(name: name, displayName: displayName, type: type, defaultValue: value,
                                summary: summary, group: group, range: range, enumCases: cases)
        if problems.count == before {
            do { try info.check(value) } catch let error as HostError {
                problem(className, property, "\(what) is invalid: \(error.message)")
            } catch {}
        }
        return problems.count == before ? info : nil
    }

    /// The default value `v` read as `type` (a string's bytes checked to be UTF-8, a number to be finite).
    private func readDefault(_ v: easel_value, type: PropertyType) -> Result<PropertyValue, Failure> {
        switch type {
        case .int: return .success(.int(v.i))
        case .enumeration: return .success(.enumeration(v.i))
        case .cgFloat, .double:
            guard v.d.isFinite else { return .failure(Failure("the default value is not a finite number")) }
            return .success(type == .cgFloat ? .cgFloat(v.d) : .double(v.d))
        case .bool: return .success(.bool(v.b))
        case .string, .image:
            do {
                let s = try CText.read(v.s)
                return .success(type == .string ? .string(s ?? "") : .image(s.flatMap { $0.isEmpty ? nil : $0 }))
            } catch {
                return .failure(Failure("the default value is not valid UTF-8: \(error.escaped.quoted)"))
            }
        case .point: return .success(.point(Point(v.point)))
        case .size: return .success(.size(Size(v.size)))
        case .rect: return .success(.rect(Rect(v.rect)))
        case .color: return .success(.color(Color(v.color)))
        case .insets: return .success(.insets(Insets(v.insets)))
        }
    }

    /// Why a default value cannot be read (the message names "the default value").
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }
}
