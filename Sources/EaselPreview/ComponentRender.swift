import EaselHost
import EaselRender

/// What `host render CLASS` asks for.
public struct ComponentRenderRequest {
    public var className: String
    /// `--set name=value`, in order, as typed.
    public var assignments: [(name: String, value: String)]
    /// nil: the class's natural size (see ``DesignerInstance/naturalSize(of:instance:)``).
    public var size: Size?
    public var scale: Double
    public var background: Color?
    public var format: OutputFormat

    public init(className: String, assignments: [(name: String, value: String)] = [], size: Size? = nil,
                scale: Double = 1, background: Color? = nil, format: OutputFormat = .png()) {
        self.className = className
        self.assignments = assignments
        self.size = size
        self.scale = scale
        self.background = background
        self.format = format
    }
}

/// Renders one component class, as Interface Builder renders a designable on its canvas.
public enum ComponentRender {
    /// Creates, configures, lays out and draws an instance of `cls` into a new ``RenderTarget``,
    /// finished and ready to write. Nothing is written here, so a failure leaves no file behind.
    public static func render(_ cls: DesignableClass, _ request: ComponentRenderRequest) throws -> RenderTarget {
        let info = cls.info
        let values = try info.parse(request.assignments)
        return try render(cls, values: values, request)
    }

    /// The same, with values already parsed (the request's textual assignments are ignored).
    public static func render(_ cls: DesignableClass, values: [(name: String, value: PropertyValue)],
                              _ request: ComponentRenderRequest) throws -> RenderTarget {
        let info = cls.info
        // Check the requested size before any plugin code runs.
        if let size = request.size { try validate(size, request) }
        let component = try DesignerInstance(cls, frame: Rect(size: request.size ?? info.defaultSize), values: values)
        let size = try request.size ?? DesignerInstance.naturalSize(of: cls, instance: component.instance)
        try validate(size, request)
        component.resize(to: size)
        let target: RenderTarget
        do {
            target = try RenderTarget(format: request.format,
                                      options: RenderOptions(width: size.width, height: size.height, scale: request.scale,
                                                             background: request.background?.c))
        } catch let error as RenderError {
            throw HostError(error, file: info.plugin.path, className: info.name)
        }
        try component.draw(on: target.canvas)
        do { try target.canvas.finish() } catch let error as RenderError {
            throw HostError(error, file: info.plugin.path, className: info.name)
        }
        return target
    }

    static func validate(_ size: Size, _ request: ComponentRenderRequest) throws {
        do {
            _ = try RenderTarget.validatedSize(format: request.format,
                                               options: RenderOptions(width: size.width, height: size.height,
                                                                      scale: request.scale))
        } catch let error as RenderError {
            throw HostError(error)
        }
    }
}
