internal import CEasel

/// The `easel_class` lifecycle functions, shared by every exported class: `cls->context` leads to the
/// ``ExportedClass``, `self` to the ``InstanceBox``.
enum ClassCallbacks {
    /// init(frame:)
    static let create: @convention(c) (UnsafePointer<easel_class>, easel_rect, UnsafePointer<easel_instance_host>)
        -> UnsafeMutableRawPointer? = { cls, frame, host in
            guard let context = cls.pointee.context else { return nil }
            return EaselDesigner.inCallback { ExportedClass.from(context).makeInstance(frame: CGRect(frame), host: host) }
        }

    /// init(frame: archive.frame) + decode(archive:)
    static let createFromArchive: @convention(c) (UnsafePointer<easel_class>, UnsafePointer<easel_archive>,
                                                  UnsafePointer<easel_instance_host>) -> UnsafeMutableRawPointer? = {
        cls, archive, host in
        guard let context = cls.pointee.context else { return nil }
        return EaselDesigner.inCallback {
            ExportedClass.from(context).makeInstance(archive: EaselArchive(archive.pointee), host: host)
        }
    }

    /// awakeFromNib()
    static let awakeFromArchive: @convention(c) (UnsafeMutableRawPointer) -> Void = { instance in
        InstanceBox.from(instance).runComponentCode { $0.awakeFromNib() }
    }

    /// prepareForInterfaceBuilder()
    static let prepareForDesigner: @convention(c) (UnsafeMutableRawPointer) -> Void = { instance in
        InstanceBox.from(instance).runComponentCode { $0.prepareForInterfaceBuilder() }
    }

    /// bounds.size = size, then layoutSubviews() down the tree.
    static let layout: @convention(c) (UnsafeMutableRawPointer, easel_size) -> Void = { instance, size in
        InstanceBox.from(instance).runComponentCode { $0.layoutAsRoot(size: CGSize(size)) }
    }

    /// Renders the view tree (layers, draw(_:), subviews).
    static let draw: @convention(c) (UnsafeMutableRawPointer, UnsafeMutablePointer<easel_canvas>, easel_rect) -> Bool = {
        instance, canvas, rect in
        let box = InstanceBox.from(instance)
        let drawn = box.runComponentCode {
            $0.renderAsRoot(in: CGContext(canvas: canvas), dirtyRect: CGRect(rect), className: box.exportedClass.name)
        }
        // A failure reported since the last callback (in layoutSubviews or during drawing) fails the draw.
        if let failure = PluginState.shared.takeFailure() {
            box.designer.log(.error, failure)
            return false
        }
        return drawn
    }

    /// intrinsicContentSize
    static let intrinsicSize: @convention(c) (UnsafeMutableRawPointer) -> easel_size = { instance in
        let box = InstanceBox.from(instance)
        let size = EaselDesigner.inCallback { box.withTraits { box.view.intrinsicContentSize } }
        func metric(_ value: CGFloat) -> Double {
            value.isFinite && value >= 0 ? Double(value) : EASEL_NO_INTRINSIC_METRIC
        }
        return easel_size(width: metric(size.width), height: metric(size.height))
    }

    /// Releases the box (and with it the view and the cached C strings).
    static let destroy: @convention(c) (UnsafeMutableRawPointer) -> Void = { instance in
        InstanceBox.release(instance)
    }
}
