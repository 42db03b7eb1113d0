import SwiftDiagnostics

/// The macros' error messages: each names the class and property and says what to write.
enum DesignableMessage: DiagnosticMessage {
    case notAClass
    case generic(String)
    case constant(String, String)
    case typeProperty(String, String)
    case pattern(String)
    case unsupportedType(String, String)
    case rangeOnNonNumber(String, String)
    case inspectorWithoutInspectable(String)
    case markerNotOnVariable(String)
    case ibOutlet(String)
    case notDesignable(String, String)
    case summaryTwice(String)
    case badBound(String, String, String, [String])
    case settingTwice(String, String, String)

    var message: String {
        switch self {
        case .notAClass:
            return "@Designable applies to a class (a UIView subclass)"
        case .generic(let name):
            return "@Designable class \(name) cannot be generic: the host creates it by name"
        case .constant(let owner, let names):
            return "@IBInspectable \(owner).\(names) must be a 'var': the host sets it"
        case .typeProperty(let owner, let names):
            return "@IBInspectable \(owner).\(names) must be an instance property: each view has its own value"
        case .pattern(let owner):
            return "@IBInspectable and @Outlet properties of \(owner) need one name each (no tuple patterns)"
        case .unsupportedType(let property, let problem):
            return "@IBInspectable \(property): \(problem)"
        case .rangeOnNonNumber(let property, let type):
            return "@Inspector range and step apply to Int, CGFloat and Double; \(property) is a \(type)"
        case .inspectorWithoutInspectable(let names):
            return "@Inspector on \(names) has no effect without @IBInspectable"
        case .markerNotOnVariable(let marker):
            return "@\(marker) applies to a 'var' of a @Designable class"
        case .ibOutlet(let names):
            return "on Linux @IBOutlet compiles only on Objective-C classes: write @Outlet weak var \(names) (a layout document connects it by name)"
        case .notDesignable(let owner, let names):
            return "\(owner) is not @Designable, so the host never sees \(names): write @Designable before 'class \(owner)'"
        case .badBound(let property, let side, let bound, let candidates):
            let expected = candidates.isEmpty ? "the class has no other Int, CGFloat or Double @IBInspectable"
                : "expected one of: " + candidates.joined(separator: ", ")
            return "@Inspector \(side): \"\(bound)\" of \(property) must name another @IBInspectable Int, CGFloat or "
                + "Double declared in the class (\(expected))"
        case .settingTwice(let owner, let label, let setting):
            return "\(owner) gives @Designable(\(label):) and overrides \(setting): keep one (the argument, for a constant)"
        case .summaryTwice(let owner):
            return "\(owner) has a doc comment and overrides designableSummary: the doc comment is the summary; "
                + "remove the override"
        }
    }

    var diagnosticID: MessageID {
        MessageID(domain: "EaselMacros", id: "\(self)".prefix { $0 != "(" }.description)
    }

    var severity: DiagnosticSeverity { .error }
}

/// The fix-its' titles.
enum DesignableFixIt: FixItMessage {
    case useVar
    case useType(String)
    case removeModifier(String)
    case addIBInspectable
    case useOutlet
    case adoptInspectableEnum(String)

    var message: String {
        switch self {
        case .useVar: return "use 'var'"
        case .useType(let type): return "use '\(type)'"
        case .removeModifier(let modifier): return "remove '\(modifier)'"
        case .addIBInspectable: return "add @IBInspectable"
        case .useOutlet: return "use @Outlet"
        case .adoptInspectableEnum(let name): return "make \(name) adopt InspectableEnum"
        }
    }

    var fixItID: MessageID {
        MessageID(domain: "EaselMacros", id: "\(self)".prefix { $0 != "(" }.description)
    }
}
