// EaselMacros — the compiler plugin behind EaselKit's `@Designable` and `@Inspector` macros.
//
// It is not a SwiftPM target: SwiftPM's `.macro` targets need swift-syntax as a package, which cannot
// be fetched here. Scripts/build-macros compiles these files with swiftc against the swift-syntax
// libraries the toolchain ships (lib/swift/host) into libEaselMacros.so, and every module that uses
// the macros is compiled with `-load-plugin-library <that file>` (see Package.swift and README.md).
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Designable` on a `UIView` subclass: Interface Builder's `@IBDesignable` made real.
///
/// It reads the class as written and adds what EaselKit needs to export it, so that the class's own
/// `@IBInspectable` declarations, doc comments and `didSet` observers work as in Xcode:
///
///     /// A button whose corners can be rounded.
///     @IBDesignable @Designable
///     class RoundedCornerButton: UIButton {
///         /// Radius of the corners, in points
///         @IBInspectable @Inspector(range: 0...100, step: 1)
///         var cornerRadius: CGFloat = 0 {
///             didSet { layer.cornerRadius = cornerRadius }
///         }
///     }
///
/// expands to (inside the class)
///
///     override class var _inspectableProperties: [InspectableProperty] {
///         var table: [InspectableProperty] = []
///     #sourceLocation(file: "RoundedCornerButton.swift", line: 8)
///         table.append(InspectableProperty("cornerRadius", \RoundedCornerButton.cornerRadius,
///                                          summary: "Radius of the corners, in points", range: 0...100, step: 1))
///     #sourceLocation()
///         return table + super._inspectableProperties
///     }
///     override class func _makeDesignable(frame: CGRect) -> UIView { RoundedCornerButton(frame: frame) }
///     override class var designableSummary: String? { "A button whose corners can be rounded." }
///
/// plus `_outlets` for `@Outlet`s (IB's `@IBOutlet`, which on Linux compiles only on Objective-C types). The key paths name the class itself: `\Self.x` in a static
/// context crashes the key-path runtime ("could not demangle keypath type"). A host set is a key-path
/// set, so it runs the property's setter, `didSet` included. `_makeDesignable` calls the class's
/// `init(frame:)` by its name, which is why it need not be `required`.
///
/// Mistakes are compile errors on the line concerned, with a fix-it where there is one obvious fix:
/// an unsupported type (`Float` → `CGFloat`), an enum of the class that does not adopt
/// `InspectableEnum` (fix-it: adopt it), a `let`, a `static` property, `@Inspector` without
/// `@IBInspectable`, a generic class. Each table entry is preceded by a `#sourceLocation` of its
/// property's line, so what only the type checker can find (an enum declared elsewhere that does not
/// adopt `InspectableEnum`) is reported on that line too.
public struct DesignableMacro: MemberMacro {
    public static func expansion(of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
                                 conformingTo protocols: [TypeSyntax],
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        guard let classDecl = declaration.as(ClassDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: DesignableMessage.notAClass))
            return []
        }
        let className = classDecl.name.trimmedDescription
        if let generics = classDecl.genericParameterClause {
            context.diagnose(Diagnostic(node: generics, message: DesignableMessage.generic(className)))
            return []
        }
        var properties: [InspectableMember] = []
        var outlets: [OutletMember] = []
        var declaresSummary = false
        var declared = Set<String>()
        for member in classDecl.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            if variable.bindings.contains(where: { $0.pattern.trimmedDescription == "designableSummary" }) {
                declaresSummary = true
            }
            for binding in variable.bindings { declared.insert(binding.pattern.trimmedDescription) }
            if let marker = variable.attribute(named: "IBOutlet") {
                // The compiler refuses @IBOutlet on non-Objective-C classes; say what to write instead.
                context.diagnose(Diagnostic(
                    node: marker, message: DesignableMessage.ibOutlet(variable.names),
                    fixIt: .replace(message: DesignableFixIt.useOutlet, oldNode: marker,
                                    newNode: marker.with(\.attributeName, TypeSyntax(IdentifierTypeSyntax(name: .identifier("Outlet")))))))
            }
            if variable.attribute(named: "Outlet") != nil {
                outlets += OutletMember.read(variable, className: className, in: context)
            }
            if variable.attribute(named: "IBInspectable") != nil {
                properties += InspectableMember.read(variable, className: className, in: context)
            } else if let inspector = variable.attribute(named: "Inspector") {
                context.diagnose(Diagnostic(
                    node: inspector, message: DesignableMessage.inspectorWithoutInspectable(variable.names),
                    fixIt: FixIt(message: DesignableFixIt.addIBInspectable,
                                 changes: [.replace(oldNode: Syntax(inspector), newNode: Syntax(inspectableAttribute(before: inspector)))])))
            }
        }

        InspectableMember.checkBounds(properties, className: className, in: context)
        properties = InspectableMember.checkNestedEnums(properties, in: classDecl, className: className, context: context)

        let access = accessKeyword(classDecl)
        var members: [DeclSyntax] = []
        let statements = properties.map { "\n" + $0.tableStatement(className: className, in: context) }.joined()
        members.append("""
            \(raw: access)override class var _inspectableProperties: [InspectableProperty] {
                var table: [InspectableProperty] = []\(raw: statements)
                return table + super._inspectableProperties
            }
            """)
        if !outlets.isEmpty {
            let outletEntries = outlets.map { "\n        " + $0.tableEntry(className: className) + "," }.joined()
            members.append("""
                \(raw: access)override class var _outlets: [OutletProperty] {
                    [\(raw: outletEntries)
                    ] + super._outlets
                }
                """)
        }
        members.append("""
            \(raw: access)override class func _makeDesignable(frame: CGRect) -> UIView { \(raw: className)(frame: frame) }
            """)
        // @Designable(group:displayName:summary:): the class-level settings, as overrides would give them.
        var summaryArgument = false
        for argument in node.arguments?.as(LabeledExprListSyntax.self) ?? [] {
            guard let label = argument.label?.text, let setting = Self.settings[label],
                  !argument.expression.is(NilLiteralExprSyntax.self) else { continue }
            if declared.contains(setting) {
                context.diagnose(Diagnostic(node: argument, message: DesignableMessage.settingTwice(className, label, setting)))
                continue
            }
            if label == "summary" { summaryArgument = true }
            members.append("""
                \(raw: access)override class var \(raw: setting): String? { \(argument.expression.trimmed) }
                """)
        }
        if !summaryArgument, let summary = DocComment.summary(of: Syntax(classDecl)) {
            if declaresSummary {
                context.diagnose(Diagnostic(node: classDecl.name, message: DesignableMessage.summaryTwice(className)))
            } else {
                members.append("""
                    \(raw: access)override class var designableSummary: String? { \(literal: summary) }
                    """)
            }
        }
        return members
    }

    /// `@Designable`'s arguments and the class-level setting each one gives.
    static let settings = ["group": "designableGroup", "displayName": "designableDisplayName", "summary": "designableSummary"]

    /// The generated members' access: as visible as the class (an override must be), `open` where
    /// the class is open so that subclasses elsewhere can be @Designable too.
    private static func accessKeyword(_ classDecl: ClassDeclSyntax) -> String {
        for modifier in classDecl.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.open): return "open "
            case .keyword(.public): return "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }

    /// `@IBInspectable @Inspector(…)` in place of `@Inspector(…)`.
    private static func inspectableAttribute(before inspector: AttributeSyntax) -> AttributeListSyntax {
        let marker = AttributeSyntax(atSign: .atSignToken(leadingTrivia: inspector.leadingTrivia),
                                     attributeName: IdentifierTypeSyntax(name: .identifier("IBInspectable")),
                                     trailingTrivia: .space)
        return AttributeListSyntax([.attribute(marker), .attribute(inspector.with(\.leadingTrivia, []))])
    }
}

/// `@Inspector(range:step:minimum:maximum:group:displayName:hidden:)`: how the inspector shows an `@IBInspectable`
/// property. `@Designable` reads the arguments; this macro itself adds nothing and only checks where it
/// is written.
public struct InspectorMacro: PeerMacro {
    public static func expansion(of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        checkMarker(node, on: declaration, in: context)
        return []
    }
}

/// `@Outlet`: marks a view property that layout documents connect (IB's `@IBOutlet`). `@Designable`
/// collects it; this macro itself adds nothing and only checks where it is written.
public struct OutletMacro: PeerMacro {
    public static func expansion(of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        checkMarker(node, on: declaration, in: context)
        return []
    }
}

/// A marker attribute (`@Inspector`, `@Outlet`) belongs on a `var` of a `@Designable` class, which is
/// what reads it.
private func checkMarker(_ node: AttributeSyntax, on declaration: some DeclSyntaxProtocol,
                         in context: some MacroExpansionContext) {
    let marker = node.attributeName.trimmedDescription
    guard let variable = declaration.as(VariableDeclSyntax.self) else {
        context.diagnose(Diagnostic(node: node, message: DesignableMessage.markerNotOnVariable(marker)))
        return
    }
    let owner = context.lexicalContext.lazy.compactMap { $0.as(ClassDeclSyntax.self) }.first
    if let owner, !owner.attributes.contains(where: { $0.as(AttributeSyntax.self)?.isNamed("Designable") == true }) {
        context.diagnose(Diagnostic(node: node, message: DesignableMessage.notDesignable(owner.name.trimmedDescription,
                                                                                        variable.names)))
    }
}
