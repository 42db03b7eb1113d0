import SwiftDiagnostics
import SwiftSyntax

/// What the macro can tell about an `@IBInspectable` property's type from its spelling.
///
/// The inspectable types are those the Easel ABI carries: `Int`, `CGFloat`, `Double`, `String`, `Bool`,
/// `CGPoint`, `CGSize`, `CGRect`, `UIColor`, `UIColor?`, `UIImage?`, `UIEdgeInsets`, and enums adopting
/// `InspectableEnum`. A name the macro does not know (an enum of the author's) is left to the type
/// checker, where EaselKit's `InspectableProperty` says what is wrong if it is not inspectable.
enum InspectableType {
    static let valueTypes: Set<String> = ["Int", "CGFloat", "Double", "String", "Bool", "CGPoint", "CGSize", "CGRect",
                                           "UIEdgeInsets"]
    static let numericTypes: Set<String> = ["Int", "CGFloat", "Double"]
    static let optionalClasses: Set<String> = ["UIColor", "UIImage"]
    static let list = "Int, CGFloat, Double, String, Bool, CGPoint, CGSize, CGRect, UIColor, UIColor?, UIImage?, "
        + "UIEdgeInsets or an enum adopting InspectableEnum"

    /// Why the type cannot be inspectable, with the fix when there is one; nil if it can (or may) be.
    static func problem(with type: TypeSyntax) -> TypeProblem? {
        if let optional = type.as(OptionalTypeSyntax.self) {
            return optionalProblem(wrapped: optional.wrappedType, written: type)
        }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            let wrapped = unwrapped.wrappedType
            let name = baseName(wrapped)
            if let name, optionalClasses.contains(name) {
                return TypeProblem(message: "\(type.trimmedDescription) is not inspectable: write \(name)? (nil is no \(name == "UIImage" ? "image" : "colour"))",
                                   replacement: "\(wrapped.trimmedDescription)?")
            }
            return TypeProblem(message: "\(type.trimmedDescription) is not inspectable: an inspectable value is never absent; "
                                   + "write \(wrapped.trimmedDescription) with a default value",
                               replacement: wrapped.trimmedDescription)
        }
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional",
           let argument = identifier.genericArgumentClause?.arguments.first {
            return optionalProblem(wrapped: argument.argument.as(TypeSyntax.self) ?? type, written: type)
        }
        if type.is(ArrayTypeSyntax.self) || type.is(DictionaryTypeSyntax.self) || type.is(TupleTypeSyntax.self)
            || type.is(FunctionTypeSyntax.self) || type.is(MetatypeTypeSyntax.self) || type.is(SomeOrAnyTypeSyntax.self)
            || type.is(CompositionTypeSyntax.self) {
            return TypeProblem(message: "\(type.trimmedDescription) is not inspectable: the inspector edits single values "
                                   + "(\(list))", replacement: nil)
        }
        guard let name = baseName(type) else { return nil }
        if let suggestion = replacements[name] {
            return TypeProblem(message: "\(name) is not inspectable: use \(suggestion.text)", replacement: suggestion.type)
        }
        if ["Array", "Dictionary", "Set", "Any", "AnyObject", "NSNumber", "Date", "URL", "Data", "UIView", "UIFont"].contains(name) {
            return TypeProblem(message: "\(type.trimmedDescription) is not inspectable (the types are: \(list))", replacement: nil)
        }
        return nil
    }

    /// For a property written without a type: what its initializer plainly says the type is, when
    /// that type cannot be inspectable — `Float(0.5)` (a call of a type's name), `2 as Float`, an
    /// array or dictionary literal — as an error on the initializer, with a fix-it to the numeric type
    /// to call instead (`CGFloat(0.5)`). nil for anything else: the type checker judges it.
    static func diagnostic(forInitializer value: ExprSyntax, property: String) -> Diagnostic? {
        if let cast = value.as(AsExprSyntax.self), cast.questionOrExclamationMark == nil {
            return problem(with: cast.type)?.diagnostic(on: cast.type, property: property)
        }
        // `2 as Int32` as the parser leaves it (operators unfolded): value, `as`, type.
        if let sequence = value.as(SequenceExprSyntax.self), sequence.elements.count == 3,
           let cast = sequence.elements.dropFirst().first?.as(UnresolvedAsExprSyntax.self),
           cast.questionOrExclamationMark == nil, let type = sequence.elements.last?.as(TypeExprSyntax.self)?.type {
            return problem(with: type)?.diagnostic(on: type, property: property)
        }
        if value.is(ArrayExprSyntax.self) || value.is(DictionaryExprSyntax.self) {
            let kind = value.is(ArrayExprSyntax.self) ? "an array" : "a dictionary"
            return Diagnostic(node: value, message: DesignableMessage.unsupportedType(
                property, "\(kind) is not inspectable: the inspector edits single values (\(list))"))
        }
        guard let call = value.as(FunctionCallExprSyntax.self),
              let callee = call.calledExpression.as(DeclReferenceExprSyntax.self), callee.argumentNames == nil,
              !["UIImage", "CGImage"].contains(callee.baseName.text),   // UIImage(named:) is a UIImage?
              let problem = problem(with: TypeSyntax(IdentifierTypeSyntax(name: callee.baseName.trimmed)))
        else { return nil }
        let message = DesignableMessage.unsupportedType(property, problem.message)
        guard let replacement = problem.replacement, numericTypes.contains(replacement) else {
            return Diagnostic(node: callee, message: message)
        }
        let newCallee = callee.with(\.baseName, .identifier(replacement, leadingTrivia: callee.baseName.leadingTrivia,
                                                             trailingTrivia: callee.baseName.trailingTrivia))
        return Diagnostic(node: callee, message: message,
                          fixIt: .replace(message: DesignableFixIt.useType(replacement), oldNode: callee, newNode: newCallee))
    }

    /// `Int`, `CGFloat`, `Double` (and unknown names, which the type checker will judge).
    static func isNumeric(_ type: TypeSyntax) -> Bool {
        guard let name = baseName(type) else { return false }
        return numericTypes.contains(name) || !(valueTypes.contains(name) || optionalClasses.contains(name))
            && !type.is(OptionalTypeSyntax.self)
    }

    private static func optionalProblem(wrapped: TypeSyntax, written: TypeSyntax) -> TypeProblem? {
        let name = baseName(wrapped)
        if let name, optionalClasses.contains(name) { return nil }
        return TypeProblem(message: "\(written.trimmedDescription) is not inspectable: only UIColor? and UIImage? may be nil; "
                               + "write \(wrapped.trimmedDescription) with a default value",
                           replacement: wrapped.trimmedDescription)
    }

    /// `CGFloat` for `CGFloat` and `Foundation.CGFloat`; nil for other shapes.
    private static func baseName(_ type: TypeSyntax) -> String? {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        return nil
    }

    /// Near misses and what to write instead.
    private static let replacements: [String: (type: String, text: String)] = {
        var table: [String: (type: String, text: String)] = [:]
        for name in ["Float", "Float16", "Float32", "Float80", "CGDouble"] {
            table[name] = ("CGFloat", "CGFloat (or Double)")
        }
        for name in ["Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "NSInteger"] {
            table[name] = ("Int", "Int (the host's integers are 64-bit)")
        }
        for name in ["Character", "Substring", "NSString", "StaticString"] { table[name] = ("String", "String") }
        table["CGColor"] = ("UIColor", "UIColor (use .cgColor where a CGColor is needed)")
        table["UIImage"] = ("UIImage?", "UIImage? (nil is no image)")
        table["CGImage"] = ("UIImage?", "UIImage?")
        table["NSAttributedString"] = ("String", "String")
        return table
    }()
}

/// An unsupported type: the message, and what to write instead when that is clear.
struct TypeProblem {
    let message: String
    let replacement: String?

    func diagnostic(on type: TypeSyntax, property: String) -> Diagnostic {
        let message = DesignableMessage.unsupportedType(property, self.message)
        guard let replacement else { return Diagnostic(node: type, message: message) }
        let newType = TypeSyntax(stringLiteral: replacement)
            .with(\.leadingTrivia, type.leadingTrivia).with(\.trailingTrivia, type.trailingTrivia)
        return Diagnostic(node: type, message: message,
                          fixIt: .replace(message: DesignableFixIt.useType(replacement), oldNode: type, newNode: newType))
    }
}
