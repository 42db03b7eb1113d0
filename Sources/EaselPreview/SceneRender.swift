import EaselHost
import EaselRender

/// Renders a ``Scene``: each instance created from the scene as an archive (init(coder:)), its
/// attributes applied through the setters, awake-from-archive and prepare-for-designer called, laid
/// out at its frame's size and drawn at its frame, in order. An instance that names a variant gets the
/// variant's attributes first; its own attributes override them.
package enum SceneRender {
    /// The classes a scene needs, by name (a registry, or anything else that resolves names).
    package typealias ClassLookup = (String) throws -> DesignableClass?

    /// - Parameter classNames: every name `classes` knows, for the "did you mean" of a mistyped one.
    /// - Parameter traits: overrides the scene's own (``Scene/traits``) when given.
    package static func render(_ scene: Scene, classes: ClassLookup, classNames: [String] = [], format: OutputFormat,
                              scale: Double? = nil, background: Color? = nil, traits: Traits? = nil) throws -> RenderTarget {
        // Resolve every class first: a typo fails before any plugin code runs.
        var resolved: [(Scene.Instance, DesignableClass)] = []
        for instance in scene.instances {
            guard let cls = try classes(instance.className) else {
                let close = Suggestions.close(to: instance.className, among: classNames)
                let hint = !close.isEmpty ? " (did you mean \(close.joined(separator: ", "))?)"
                    : classNames.isEmpty ? "" : " (expected one of: \(classNames.joined(separator: ", ")))"
                throw HostError.noClass(named: instance.className, "\(instance.path).class: no class named \(instance.className.quoted)\(hint)",
                                        file: scene.file)
            }
            if instance.play != nil, !cls.info.takesInput { throw PlayReport.noInput(cls.info).with(file: scene.file) }
            resolved.append((instance, cls))
        }
        var shownWith = traits ?? scene.traits
        if case .png = format { shownWith.displayScale = scale ?? scene.scale ?? 1 } else { shownWith.displayScale = 1 }
        let target = try HostError.rendering(file: scene.file) {
            try RenderTarget(format: format, options: RenderOptions(
                width: scene.size.width, height: scene.size.height, scale: scale ?? scene.scale ?? 1,
                background: (background ?? scene.background)?.c))
        }
        for (instance, cls) in resolved {
            var attributes = instance.attributes
            if let name = instance.variant {
                guard let variant = cls.info.variants.first(where: { $0.name == name }) else {
                    // The class in its own field (the error named it only in the message), and a
                    // near miss suggested as for class names.
                    let names = cls.info.variants.map(\.name)
                    let close = Suggestions.close(to: name, among: names)
                    let hint = close.isEmpty ? "" : "did you mean \(close.map(\.quoted).joined(separator: " or "))? "
                    throw HostError(.badData, "\(instance.path).variant: no variant \(name.quoted) (\(names.isEmpty ? "the class declares no variants" : hint + "expected one of: " + names.joined(separator: ", ")))",
                                    file: scene.file, className: instance.className)
                }
                let own = Set(attributes.map(\.key))
                attributes = variant.attributes.filter { !own.contains($0.key) }.map { ($0.key, $0.value) } + attributes
            }
            let archive = Archive(frame: instance.frame, attributes: attributes,
                                  source: "\(scene.file): \(instance.path)")
            do {
                let component = try DesignerInstance(cls, archive: archive, prepareForDesigner: true, traits: shownWith)
                if let play = instance.play { _ = try PlayReport.run(play, on: component) }
                try component.draw(on: target.canvas)
            } catch let error as HostError where error.kind == .badData && error.file == archive.source {
                // Attribute problems: name the scene file, the instance's attribute path and its class
                // (the path alone did not say which class's property table was meant); the class and
                // property stay in their fields (--json).
                var e = error
                e.file = scene.file
                if let p = e.property { e.message = "\(instance.path).attributes.\(p) (class \(instance.className)): \(e.message)" }
                e.className = instance.className
                e.messageNamesSubject = true
                throw e
            } catch let error as HostError where error.kind == .pluginFailure {
                // Which instance: a scene may hold several of one class ("crashed" named only the class).
                var e = error
                var lines = e.message.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                lines[0] += " (in \(scene.file) \(instance.path)\(instance.name.map { ", \"\($0)\"" } ?? ""))"
                e.message = lines.joined(separator: "\n")
                throw e
            }
        }
        do { try target.finishDrawing() } catch let error as RenderError {
            // Each instance's drawing was checked after it drew; what Cairo finds only when it
            // writes the document (SVG, PDF) is the drawing of the scene's classes, which cannot
            // be told apart there: a plugin failure naming them all.
            var classes: [String] = []
            for (_, cls) in resolved where !classes.contains(cls.info.name) { classes.append(cls.info.name) }
            guard case .cairo = error, !classes.isEmpty else { throw HostError(error, file: scene.file) }
            let drawn = classes.count == 1 ? "" : " (the scene draws classes \(classes.joined(separator: ", ")))"
            throw HostError(.pluginFailure, "\(error)\(drawn)", file: scene.file,
                            className: classes.count == 1 ? classes[0] : nil, phase: .draw)
        }
        return target
    }
}
