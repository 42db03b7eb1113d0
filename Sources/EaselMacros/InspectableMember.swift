import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// One `@IBInspectable` property as the class declares it: its name, its `///` summary and its
/// `@Inspector` arguments, checked.
struct InspectableMember {
    let name: String
    let summary: String?
    /// The `@Inspector(…)` arguments as written (`range: 0...100`, `group: "Border"`).
    let inspectorArguments: LabeledExprListSyntax?
    /// Whether its type is Int, CGFloat or Double as written (nil: the spelling does not say).
    var isNumeric: Bool? = nil
    /// The declaration's binding, where the type checker's errors about its table entry are put.
    var binding: PatternBindingSyntax? = nil
    /// Its type as written (nil: inferred from the initializer).
    var typeName: String? = nil

    /// The table entry as a statement of the generated table, preceded by a `#sourceLocation` of the
    /// property's own line: an error the type checker finds in it (a type that is not inspectable,
    /// such as an enum that does not adopt InspectableEnum, a bad `@Inspector` argument) is reported
    /// on the property's line, not at the class's closing brace where the members are expanded.
    func tableStatement(className: String, in context: some MacroExpansionContext) -> String {
        let statement = "table.append(" + tableEntry(className: className) + ")"
        guard let binding, let location = context.location(of: binding, at: .afterLeadingTrivia, filePathMode: .filePath) else {
            return statement
        }
        return "#sourceLocation(file: \(location.file.trimmedDescription), line: \(location.line.trimmedDescription))\n"
            + statement + "\n#sourceLocation()"
    }

    /// The `InspectableProperty(…)` table entry.
    func tableEntry(className: String) -> String {
        var arguments = ["\"\(name)\"", "\\\(className).\(name)"]
        if let summary { arguments.append("summary: " + StringLiteralExprSyntax(content: summary).description) }
        for argument in inspectorArguments ?? [] {
            arguments.append(argument.with(\.trailingComma, nil).trimmedDescription)
        }
        return "InspectableProperty(" + arguments.joined(separator: ", ") + ")"
    }

    /// The members one `@IBInspectable` declaration declares (`var a, b: Int` declares two); none, with
    /// errors diagnosed, if it cannot be inspectable.
    static func read(_ variable: VariableDeclSyntax, className: String,
                     in context: some MacroExpansionContext) -> [InspectableMember] {
        if variable.bindingSpecifier.tokenKind == .keyword(.let) {
            context.diagnose(Diagnostic(
                node: variable.bindingSpecifier, message: DesignableMessage.constant(className, variable.names),
                fixIt: .replace(message: DesignableFixIt.useVar, oldNode: variable.bindingSpecifier,
                                newNode: variable.bindingSpecifier.with(\.tokenKind, .keyword(.var)))))
            return []
        }
        if let modifier = variable.modifiers.first(where: { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }) {
            context.diagnose(Diagnostic(node: modifier, message: DesignableMessage.typeProperty(className, variable.names),
                                        fixIt: .replace(message: DesignableFixIt.removeModifier(modifier.name.text),
                                                        oldNode: modifier, newNode: TokenSyntax(.identifier(""), presence: .missing))))
            return []
        }
        let inspector = variable.attribute(named: "Inspector")
        let arguments = inspector?.arguments?.as(LabeledExprListSyntax.self)
        let summary = DocComment.summary(of: Syntax(variable))
        var members: [InspectableMember] = []
        var ok = true
        for binding in variable.bindings {
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else {
                context.diagnose(Diagnostic(node: binding.pattern, message: DesignableMessage.pattern(className)))
                ok = false
                continue
            }
            let name = identifier.identifier.text.filter { $0 != "`" }
            // `var a, b: Int`: the type is written on the last binding.
            let type = binding.typeAnnotation?.type
                ?? variable.bindings.drop(while: { $0.id != binding.id }).lazy.compactMap(\.typeAnnotation?.type).first
            if let type, let problem = InspectableType.problem(with: type) {
                context.diagnose(problem.diagnostic(on: type, property: "\(className).\(name)"))
                ok = false
                continue
            }
            if type == nil, let value = binding.initializer?.value,
               let diagnostic = InspectableType.diagnostic(forInitializer: value, property: "\(className).\(name)") {
                context.diagnose(diagnostic)
                ok = false
                continue
            }
            if let type, let arguments, !InspectableType.isNumeric(type) {
                for argument in arguments where ["range", "step", "minimum", "maximum"].contains(argument.label?.text) {
                    context.diagnose(Diagnostic(node: argument, message: DesignableMessage.rangeOnNonNumber(
                        "\(className).\(name)", type.trimmedDescription)))
                    ok = false
                }
            }
            var member = InspectableMember(name: name, summary: summary, inspectorArguments: arguments)
            member.binding = binding
            member.typeName = type?.trimmedDescription
            if let type { member.isNumeric = InspectableType.numericTypes.contains(type.trimmedDescription) }
            else if let value = binding.initializer?.value {
                member.isNumeric = value.is(IntegerLiteralExprSyntax.self) || value.is(FloatLiteralExprSyntax.self) ? true : nil
            }
            members.append(member)
        }
        return ok ? members : []
    }
}

extension InspectableMember {
    /// `@Inspector(minimum: "start", maximum: "limit")` names other inspectables of the class: each
    /// must be an `@IBInspectable` Int, CGFloat or Double declared in it, and not the property itself.
    /// An error on the argument otherwise. Names that are not string literals are left to EaselKit.
    static func checkBounds(_ members: [InspectableMember], className: String, in context: some MacroExpansionContext) {
        for member in members {
            for argument in member.inspectorArguments ?? [] {
                guard let side = argument.label?.text, ["minimum", "maximum"].contains(side),
                      let literal = argument.expression.as(StringLiteralExprSyntax.self),
                      let bound = literal.representedLiteralValue else { continue }
                let candidates = members.filter { $0.name != member.name && $0.isNumeric != false }.map(\.name)
                let target = members.first { $0.name == bound }
                if bound == member.name || target == nil || target?.isNumeric == false {
                    context.diagnose(Diagnostic(node: argument, message: DesignableMessage.badBound(
                        "\(className).\(member.name)", side, bound, candidates)))
                }
            }
        }
    }
}

extension InspectableMember {
    /// The members whose type is an enum declared in the class that does not adopt InspectableEnum
    /// are errors on their type, with a fix-it that adopts it (an `Int`-backed enum) or a message
    /// saying it must be `Int`-backed; the others are returned.
    static func checkNestedEnums(_ members: [InspectableMember], in classDecl: ClassDeclSyntax, className: String,
                                 context: some MacroExpansionContext) -> [InspectableMember] {
        var enums: [String: EnumDeclSyntax] = [:]
        for member in classDecl.memberBlock.members {
            if let e = member.decl.as(EnumDeclSyntax.self) { enums[e.name.text] = e }
        }
        return members.filter { member in
            guard let typeName = member.typeName, let e = enums[typeName],
                  let type = member.binding?.typeAnnotation?.type else { return true }
            let inherited = e.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            guard !inherited.contains("InspectableEnum") else { return true }
            let property = "\(className).\(member.name)"
            guard inherited.first == "Int", let clause = e.inheritanceClause else {
                context.diagnose(Diagnostic(node: type, message: DesignableMessage.unsupportedType(property,
                    "enum \(typeName) is not inspectable: an inspectable enum is Int-backed and adopts InspectableEnum "
                    + "(enum \(typeName): Int, InspectableEnum)")))
                return false
            }
            var types = Array(clause.inheritedTypes)
            types[types.count - 1] = types[types.count - 1].with(\.trailingComma, .commaToken(trailingTrivia: .space))
            types.append(InheritedTypeSyntax(type: IdentifierTypeSyntax(name: .identifier("InspectableEnum")))
                .with(\.trailingTrivia, types[types.count - 1].type.trailingTrivia))
            types[types.count - 2] = types[types.count - 2].with(\.type, types[types.count - 2].type.trimmed)
            let fixed = clause.with(\.inheritedTypes, InheritedTypeListSyntax(types))
            context.diagnose(Diagnostic(
                node: type, message: DesignableMessage.unsupportedType(property,
                    "enum \(typeName) is not inspectable: make it adopt InspectableEnum (enum \(typeName): Int, InspectableEnum)"),
                fixIt: .replace(message: DesignableFixIt.adoptInspectableEnum(typeName), oldNode: clause, newNode: fixed)))
            return false
        }
    }
}

/// One `@Outlet` property: a layout document's view connects to it by name.
struct OutletMember {
    let name: String

    func tableEntry(className: String) -> String {
        "OutletProperty(\"\(name)\", \\\(className).\(name))"
    }

    static func read(_ variable: VariableDeclSyntax, className: String,
                     in context: some MacroExpansionContext) -> [OutletMember] {
        variable.bindings.compactMap { binding -> OutletMember? in
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else {
                context.diagnose(Diagnostic(node: binding.pattern, message: DesignableMessage.pattern(className)))
                return nil
            }
            return OutletMember(name: identifier.identifier.text.filter { $0 != "`" })
        }
    }
}

extension VariableDeclSyntax {
    /// The attribute `@name` (or `@Module.name`), if written.
    func attribute(named name: String) -> AttributeSyntax? {
        attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }.first { $0.isNamed(name) }
    }

    /// The declared names, for messages: "cornerRadius", "a, b".
    var names: String {
        bindings.map { $0.pattern.trimmedDescription }.joined(separator: ", ")
    }
}

extension AttributeSyntax {
    func isNamed(_ name: String) -> Bool {
        if let identifier = attributeName.as(IdentifierTypeSyntax.self) { return identifier.name.text == name }
        if let member = attributeName.as(MemberTypeSyntax.self) { return member.name.text == name }
        return false
    }
}
