import EaselHost
import EaselRender

/// Drawing previews (with the engine lock held): each affected class with the values the host holds
/// for it, the scenes that use them, and the designer's renders. What is drawn is said in the
/// events (``RenderOutcome``s carry the PNGs); the session writes no file.
extension DesignSession {
    /// Renders the affected classes that pass the filter, and the scenes that use them (scenes wait
    /// while the session starts: they are rendered once every plugin has loaded).
    func render(_ classes: Set<String>, details: inout [SessionEvent]) -> [RenderOutcome] {
        var outcomes = renderClasses(classes, details: &details)
        if !starting {
            for scene in withDesigner({ $0.scenes }) where scene.instances.contains(where: { classes.contains($0.className) }) {
                outcomes.append(renderScene(scene, details: &details))
            }
        }
        return outcomes
    }

    private func renderClasses(_ classes: Set<String>, details: inout [SessionEvent]) -> [RenderOutcome] {
        var outcomes: [RenderOutcome] = []
        for className in classes.sorted() where options.classFilter.isEmpty || options.classFilter.contains(className) {
            guard let path = builds.providers[className], let loaded = builds.loaded[path],
                  let cls = loaded.build.designableClass(named: className) else {
                // Gone: its preview must not be left looking current.
                outcomes.append(.gone(className, removedPreview: nil))
                previews.forget(className)
                continue
            }
            if let change = previews.schemaChange(cls.info) { details.append(change) }
            let (values, notices) = withDesigner { $0.held.resolve($0.assignments, owner: className, for: cls.info) }
            details += notices.map { .value($0, scene: nil, instance: nil) }
            previews.provided(className, file: path, build: loaded.number)
            previews.readBack[className] = nil   // (read from the build before)
            do {
                var request = ComponentRenderRequest(className: className, scale: options.scale ?? 1,
                                                     format: .png(compressionLevel: options.pngLevel))
                request.traits = classTraits
                previews.dropLive(className)
                let (target, preview) = try ComponentRender.renderLive(cls, values: values, request)
                keepLivePreview(preview, values: values)
                let bytes = try Self.encode(target, className: className, file: path)
                previews.rendered(className, preview: bytes, build: loaded.number)
                previews.previewValues[className] = values
                if let e = previews.markRecovered(className) { details.append(e) }
                outcomes.append(.rendered(className, preview: bytes, output: nil))
            } catch let error as HostError {
                outcomes.append(.failed(className))
                if let event = previews.markFailing(className, error) { details.append(event) }
            } catch {
                outcomes.append(.failed(className))
                if let event = previews.markFailing(className, HostError(.internalError, "\(error)", file: path, className: className)) {
                    details.append(event)
                }
            }
        }
        return outcomes
    }

    /// Renders a class with the values the host holds, as ``ComponentRender`` does (`size` nil: its
    /// natural size): the designer's render. A failure marks the class failing (a
    /// ``SessionEvent/failure(className:failure:staleBuild:)``, once per way of failing); a success
    /// after a failure reports ``SessionEvent/recovered(className:file:build:)``.
    package func render(className: String, size: Size? = nil, scale: Double = 1, background: Color? = nil,
                       format: OutputFormat) throws -> RenderTarget {
        try withLock {
            guard let cls = designableClass(named: className) else {
                throw HostError.noClass(named: className, "no class named \(className.quoted) is loaded")
            }
            let values = currentValues(for: className)
            var request = ComponentRenderRequest(className: className, size: size, scale: scale, background: background, format: format)
            request.drawsInWorker = false // (the display list: 0.75× the time of a Rainbow preview at 2×)
            request.traits = classTraits
            do {
                // The live instance while it animates, so that the designer shows its frames.
                // What the component changed itself while being set up (a setter's clamp) is what the
                // designer shows (GET /api/classes/NAME, as the instance has it), not a value it holds:
                // it follows the values held. When it is news, the designer is told.
                // (What was read back with other values says nothing now: each new read back is news
                // once, and the same one again, from the render the news asked for, is not.)
                if let read = previews.readBack[className], !read.isFor(values) { previews.readBack[className] = nil }
                let target = try liveFrame(className, values: values, request) ?? ComponentRender.render(cls, values: values, request) { changed in
                    guard !changed.isEmpty else { return }
                    let read = ReadBackValues(values: values, changed: changed)
                    guard self.previews.readBack[className] != read else { return }
                    self.previews.readBack[className] = read
                    self.emit(.redrawn(className: className, frame: self.previews.live[className]?.frames ?? 0, preview: nil))
                }
                if let e = previews.markRecovered(className) { emit(e) }
                return target
            } catch let error as HostError where error.kind == .pluginFailure {
                if let event = previews.markFailing(className, error, repeated: false) { emit(event) }
                throw error
            }
        }
    }

    /// The PNG (or other format) of a finished target; a renderer's error as the host's.
    package static func encode(_ target: RenderTarget, className: String?, file: String?) throws -> [UInt8] {
        try HostError.rendering(file: file, className: className) { try target.encode() }
    }

    // MARK: - Scenes

    /// The scene with the current builds, as a PNG at the session's scale (else the scene's own);
    /// a failure is a notice among `details`.
    func renderScene(_ scene: Scene, details: inout [SessionEvent]) -> RenderOutcome {
        do {
            let target = try sceneTarget(scene, format: .png(compressionLevel: options.pngLevel), scale: options.scale, details: &details)
            let bytes = try Self.encode(target, className: nil, file: scene.file)
            return .scene(scene.file, preview: bytes, output: nil)
        } catch let error as HostError {
            details.append(.notice("error: " + error.description, detail: true))
            return .sceneFailed(scene.file)
        } catch {
            details.append(.notice("error: \(error)", detail: true))
            return .sceneFailed(scene.file)
        }
    }

    /// The scene drawn with the current builds: attributes that no longer fit a class's new build
    /// are parked with a warning (and restored when they fit again), as `--set` values are; an
    /// instance whose class is gone is skipped.
    func sceneTarget(_ scene: Scene, format: OutputFormat, scale: Double?, details: inout [SessionEvent]) throws -> RenderTarget {
        var current = scene
        current.instances = []
        // One line per class not loaded, naming its instances (a line each made a scene of five
        // Gauges five lines at every render while Gauge was gone).
        var skipped: [(className: String, paths: [String])] = []
        defer {
            for (className, paths) in skipped {
                // A near miss of a loaded class is a typo more likely than a build not loaded yet.
                let close = Registry.closeNames(to: className, in: builds.classNames)
                details.append(.notice("warning: \(scene.file): \(paths.joined(separator: ", ")): no class \(className) loaded"
                                       + (close.isEmpty ? "" : " (did you mean \(close.joined(separator: ", "))?)") + "; skipped", detail: true))
            }
        }
        for instance in scene.instances {
            guard let info = builds.info(of: instance.className) else {
                if let i = skipped.firstIndex(where: { $0.className == instance.className }) {
                    skipped[i].paths.append(instance.path)
                } else {
                    skipped.append((instance.className, [instance.path]))
                }
                continue
            }
            // Keyed by the instance's identity, not its place: removing an instance before it moved
            // the values held for one instance (their types, what was parked) onto the next.
            let owner = "\(scene.file)#" + (instance.identity.map { "@\($0)" } ?? instance.path)
            let attributes = instance.attributes.map { PropertyAssignment(className: info.name, name: $0.key, text: $0.value) }
            let (values, notices) = withDesigner { $0.held.resolve(attributes, owner: owner, for: info) }
            details += notices.map { .value($0, scene: scene.file, instance: instance.path) }
            let kept = Set(values.map(\.name))
            var copy = instance
            copy.attributes = instance.attributes.filter { kept.contains($0.key) }
            current.instances.append(copy)
        }
        return try SceneRender.render(current, classes: { self.builds.designableClass(named: $0) },
                                      classNames: builds.classNames, format: format, scale: scale,
                                      traits: designerTraits ?? (options.overridesSceneTraits ? options.traits : nil))
    }
}
