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
    case inspectorNotOnVariable
    case notDesignable(String, String)
    case summaryTwice(String)

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
            return "@IBInspectable and @IBOutlet in \(owner) need one name per property (no tuple patterns)"
        case .unsupportedType(let property, let problem):
            return "@IBInspectable \(property): \(problem)"
        case .rangeOnNonNumber(let property, let type):
            return "@Inspector range and step apply to Int, CGFloat and Double; \(property) is a \(type)"
        case .inspectorWithoutInspectable(let names):
            return "@Inspector on \(names) has no effect without @IBInspectable"
        case .inspectorNotOnVariable:
            return "@Inspector applies to an @IBInspectable 'var'"
        case .notDesignable(let owner, let names):
            return "\(owner) is not @Designable, so the host never sees \(names): write @Designable before 'class \(owner)'"
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

    var message: String {
        switch self {
        case .useVar: return "use 'var'"
        case .useType(let type): return "use '\(type)'"
        case .removeModifier(let modifier): return "remove '\(modifier)'"
        case .addIBInspectable: return "add @IBInspectable"
        }
    }

    var fixItID: MessageID {
        MessageID(domain: "EaselMacros", id: "\(self)".prefix { $0 != "(" }.description)
    }
}
