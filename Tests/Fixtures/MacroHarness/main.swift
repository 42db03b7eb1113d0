// MacroHarness — expands @Designable (Sources/EaselMacros, compiled in with this file) on the Swift
// file named by its argument, outside the compiler, and prints each diagnostic with its fix-its'
// edits, so that a test can check what a fix-it writes (the compiler prints only its title):
//
//   LINE: MESSAGE
//     fix-it TITLE: [OLD TEXT] -> [NEW TEXT]
import Foundation
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros

let path = CommandLine.arguments[1]
let file = Parser.parse(source: try String(contentsOfFile: path, encoding: .utf8))
let context = BasicMacroExpansionContext(sourceFiles: [file: .init(moduleName: "Harness", fullFilePath: path)])
_ = file.expand(macros: ["Designable": DesignableMacro.self], contextGenerator: { _ in context }, indentationWidth: .spaces(4))
for diagnostic in context.diagnostics {
    // The macro sees a detached copy of the class: the context maps its nodes back to the file.
    let line = context.location(of: diagnostic.node, at: .afterLeadingTrivia, filePathMode: .filePath)?.line.trimmedDescription ?? "?"
    print("\(line): \(diagnostic.message)")
    for fixIt in diagnostic.fixIts {
        for case .replace(let old, let new) in fixIt.changes {
            print("  fix-it \(fixIt.message.message): [\(old.trimmedDescription)] -> [\(new.trimmedDescription)]")
        }
    }
}
