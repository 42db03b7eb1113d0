import CEasel
import CEaselLegacy

/// How the host calls one class's lifecycle functions, whether the plugin was built against ABI 1.1
/// (create takes an instance host) or the 1.0 draft (it does not; easel.h, VERSIONING, "History").
/// The functions were checked for NULL while the descriptor was validated.
struct ClassFunctions {
    typealias InstanceFunction = @convention(c) (UnsafeMutableRawPointer) -> Void

    /// The class pointer the plugin gets back as `cls`: its own descriptor, in its own layout.
    let classPointer: UnsafeRawPointer
    let create: (easel_rect, UnsafePointer<easel_instance_host>) -> UnsafeMutableRawPointer?
    let createFromArchive: ((UnsafePointer<easel_archive>, UnsafePointer<easel_instance_host>) -> UnsafeMutableRawPointer?)?
    let awakeFromArchive: InstanceFunction?
    let prepareForDesigner: InstanceFunction?
    let layout: (@convention(c) (UnsafeMutableRawPointer, easel_size) -> Void)?
    let draw: @convention(c) (UnsafeMutableRawPointer, UnsafeMutablePointer<easel_canvas>, easel_rect) -> Bool
    let intrinsicSize: (@convention(c) (UnsafeMutableRawPointer) -> easel_size)?
    let destroy: InstanceFunction

    /// A 1.1 class (`c` is the host's copy of the descriptor at `pointer`). nil if a required
    /// function is missing.
    init?(_ c: easel_class, at pointer: UnsafeRawPointer) {
        guard let create = c.create, let draw = c.draw, let destroy = c.destroy else { return nil }
        let cls = pointer.assumingMemoryBound(to: easel_class.self)
        classPointer = pointer
        self.create = { frame, host in create(cls, frame, host) }
        createFromArchive = c.create_from_archive.map { f in { archive, host in f(cls, archive, host) } }
        awakeFromArchive = c.awake_from_archive
        prepareForDesigner = c.prepare_for_designer
        layout = c.layout
        self.draw = draw
        intrinsicSize = c.intrinsic_size
        self.destroy = destroy
    }

    /// A 1.0 class: create and create_from_archive get the 1.0 descriptor and no instance host; the
    /// archive's layout is the same in both versions.
    init?(legacy c: easel_class_1_0, at pointer: UnsafeRawPointer) {
        guard let create = c.create, let draw = c.draw, let destroy = c.destroy else { return nil }
        let cls = pointer.assumingMemoryBound(to: easel_class_1_0.self)
        classPointer = pointer
        self.create = { frame, _ in create(cls, frame) }
        createFromArchive = c.create_from_archive.map { f in { archive, _ in f(cls, archive) } }
        awakeFromArchive = c.awake_from_archive
        prepareForDesigner = c.prepare_for_designer
        layout = c.layout
        self.draw = draw
        intrinsicSize = c.intrinsic_size
        self.destroy = destroy
    }
}
