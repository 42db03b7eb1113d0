import EaselHost
import EaselRender

/// What `host render CLASS` asks for.
package struct ComponentRenderRequest {
    package var className: String
    /// `--set name=value`, in order, as typed.
    package var assignments: [(name: String, value: String)]
    /// nil: the class's natural size (see ``DesignerInstance/naturalSize(of:instance:)``).
    package var size: Size?
    package var scale: Double
    package var background: Color?
    package var format: OutputFormat
    /// `--variant NAME`: the variant's attributes (easel.variants/1) are applied before `assignments`.
    package var variant: String?
    /// `--action NAME[=VALUE]`, in order: called after the sets (and prepare-for-designer), before layout.
    package var actions: [(name: String, argument: String?)]
    /// Whether an instance in a worker that fills the picture draws it there and sends its pixels
    /// (``DesignerInstance/draw(filling:scale:inWorker:)``), so that this process starts no fontconfig: what
    /// a one-shot command wants. A long-lived view (the designer) has its renderer started already,
    /// and a display list replayed here is a few kB where the pixels are megabytes: false.
    package var drawsInWorker = true
    /// `--trait`: the traits the instance is made for (the display scale follows `scale` for PNG).
    package var traits = Traits.default
    /// `--play`: pointer steps applied after layout; the picture is the frame after the last step.
    package var play: PlayScript?

    package init(className: String, assignments: [(name: String, value: String)] = [], size: Size? = nil,
                scale: Double = 1, background: Color? = nil, format: OutputFormat = .png(),
                variant: String? = nil, actions: [(name: String, argument: String?)] = []) {
        self.className = className
        self.assignments = assignments
        self.size = size
        self.scale = scale
        self.background = background
        self.format = format
        self.variant = variant
        self.actions = actions
    }
}

/// Renders one component class, as Interface Builder renders a designable on its canvas.
package enum ComponentRender {
    /// Creates, configures, lays out and draws an instance of `cls` into a new ``RenderTarget``,
    /// finished and ready to write. Nothing is written here, so a failure leaves no file behind.
    package static func render(_ cls: DesignableClass, _ request: ComponentRenderRequest) throws -> RenderTarget {
        var report = PlayReport()
        return try render(cls, request, report: &report)
    }

    /// The same, saying what `request.play` did in `report`.
    package static func render(_ cls: DesignableClass, _ request: ComponentRenderRequest, report: inout PlayReport) throws -> RenderTarget {
        let info = cls.info
        let values = try info.values(variant: request.variant, then: request.assignments)
        return try render(cls, values: values, request, report: &report)
    }

    /// How many frames a one-shot render draws at most while an instance keeps asking for more
    /// (request_redraw): 10 s of animation at 60 frames a second.
    package static let maximumSettleFrames = 600

    /// The same, with values already parsed (the request's textual assignments and variant are
    /// ignored; its actions are parsed and called here, after the sets).
    ///
    /// An instance that asks to be drawn again (an animation, e.g. after an action) is drawn again,
    /// with its virtual animation clock (easel.clock/1) 1/60 s further each time, until it stops
    /// asking (at most ``maximumSettleFrames``): the picture shows the animation where it ends, the
    /// same on every machine. Intermediate frames are drawn onto a scratch surface.
    /// `reported` is given the values the instance said it changed itself (property_changed: a clamp
    /// in a setter), read back (none: empty).
    package static func render(_ cls: DesignableClass, values: [(name: String, value: PropertyValue)],
                              _ request: ComponentRenderRequest,
                              reported: (([(name: String, value: PropertyValue)]) -> Void)? = nil) throws -> RenderTarget {
        var report = PlayReport()
        return try render(cls, values: values, request, report: &report, reported: reported)
    }

    /// The same, saying what `request.play` did in `report`.
    package static func render(_ cls: DesignableClass, values: [(name: String, value: PropertyValue)],
                              _ request: ComponentRenderRequest, report: inout PlayReport,
                              reported: (([(name: String, value: PropertyValue)]) -> Void)? = nil) throws -> RenderTarget {
        let info = cls.info
        // Check the requested size, the actions and the play steps before any plugin code runs.
        if let size = request.size { try validate(size, request) }
        let actions = try info.parseActions(request.actions)
        if request.play != nil, !info.takesInput { throw PlayReport.noInput(info) }
        let component = try DesignerInstance(cls, frame: Rect(size: request.size ?? info.defaultSize), values: values,
                                             traits: traits(of: request))
        for (name, argument) in actions { try component.invoke(name, argument: argument) }
        let size = try request.size ?? DesignerInstance.naturalSize(of: cls, instance: component.instance)
        try validate(size, request)
        component.resize(to: size)
        if let play = request.play { report = try PlayReport.run(play, on: component) }
        func makeTarget(_ format: OutputFormat, scale: Double) throws -> RenderTarget {
            try HostError.rendering(info) {
                try RenderTarget(format: format, options: RenderOptions(width: size.width, height: size.height, scale: scale,
                                                                        background: request.background?.c))
            }
        }
        var target = try makeTarget(request.format, scale: request.scale)
        try component.draw(filling: target.canvas, scale: request.scale, inWorker: request.drawsInWorker)
        if try component.wantsRedraw {
            // The first frame is not the last: settle on a scratch surface, then draw the last frame
            // onto a fresh target (SVG and PDF cannot be wiped).
            let scratch = try makeTarget(.png(compressionLevel: 0), scale: 1)
            var frames = 0
            while try component.wantsRedraw, frames < maximumSettleFrames {
                try component.advanceClock(by: 1.0 / 60)
                try component.draw(on: scratch.canvas)
                frames += 1
            }
            if try component.wantsRedraw {
                cls.diagnostics.warn("\(info.plugin.path): class \(info.name): still asking for redraws after \(maximumSettleFrames) frames (an endless animation?); rendered its last frame")
            }
            target = try makeTarget(request.format, scale: request.scale)
            try component.draw(filling: target.canvas, scale: request.scale, inWorker: request.drawsInWorker)
        }
        if let reported { reported(try component.takeChangedValues()) }
        try HostError.rendering(info, phase: .draw) { try target.finishDrawing() }
        return target
    }

    /// A render for a live view (host watch, the designer): the same steps, but the instance's
    /// animation clock follows real time and nothing is settled; the instance is returned with the
    /// first frame, so that the caller draws the next frames when it asks for them (``LivePreview``).
    package static func renderLive(_ cls: DesignableClass, values: [(name: String, value: PropertyValue)],
                                  _ request: ComponentRenderRequest) throws -> (RenderTarget, LivePreview) {
        let info = cls.info
        if let size = request.size { try validate(size, request) }
        let actions = try info.parseActions(request.actions)
        let component = try DesignerInstance(cls, frame: Rect(size: request.size ?? info.defaultSize), values: values,
                                             traits: traits(of: request))
        try component.followRealTime()
        for (name, argument) in actions { try component.invoke(name, argument: argument) }
        let size = try request.size ?? DesignerInstance.naturalSize(of: cls, instance: component.instance)
        try validate(size, request)
        component.resize(to: size)
        let preview = LivePreview(component: component, request: request)
        return (try preview.frame(), preview)
    }

    /// The request's traits, with the display scale of its output (1 for SVG and PDF).
    static func traits(of request: ComponentRenderRequest) -> Traits {
        var traits = request.traits
        if case .png = request.format { traits.displayScale = request.scale } else { traits.displayScale = 1 }
        return traits
    }

    static func validate(_ size: Size, _ request: ComponentRenderRequest) throws {
        _ = try HostError.rendering {
            try RenderTarget.validatedSize(format: request.format,
                                           options: RenderOptions(width: size.width, height: size.height, scale: request.scale))
        }
    }
}
