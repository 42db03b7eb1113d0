import CCairo
import CEasel

/// What a name led to on this canvas (each name is resolved once per canvas).
enum ImageLookup {
    case found(DecodedImage)
    case failed
}

/// draw_image and image_size: names resolved by the canvas's `ImageResolver`, decoded through its
/// `ImageCache`, placed with UIView content modes.
///
/// - scale to fill: stretched to the rect.
/// - aspect fit: the largest size with the image's aspect ratio inside the rect, centred.
/// - aspect fill: the smallest such size covering the rect, centred, clipped to the rect.
/// - center: natural size, centred, clipped to the rect.
extension CairoCanvas {
    /// The largest side, in device pixels, an image is drawn at.
    static let largestImageSide = Double(1 << 20)

    func lookUpImage(_ cName: UnsafePointer<CChar>?) -> DecodedImage? {
        guard let cName else { return nil }
        let name = String(cString: cName)
        if let known = images[name] {
            if case .found(let image) = known { return image }
            return nil
        }
        let lookup: ImageLookup
        if let resolver {
            let resolution = resolver.resolve(name)
            if let path = resolution.path {
                switch imageCache.image(at: path) {
                case .success(let image):
                    lookup = .found(image)
                case .failure(let failure):
                    diagnose(.image(name: name, reason: "\(path): \(failure.message)", tried: resolution.tried))
                    lookup = .failed
                }
            } else {
                let reason = name.isEmpty ? "empty image name" : "not found"
                diagnose(.image(name: name, reason: reason, tried: resolution.tried))
                lookup = .failed
            }
        } else {
            diagnose(.image(name: name, reason: "no image resolver was given to the canvas", tried: []))
            lookup = .failed
        }
        images[name] = lookup
        if case .found(let image) = lookup { return image }
        return nil
    }

    func imageSize(_ name: UnsafePointer<CChar>?) -> easel_size {
        guard let image = lookUpImage(name) else { return easel_size(width: 0, height: 0) }
        return easel_size(width: image.width, height: image.height)
    }

    func drawImage(_ cName: UnsafePointer<CChar>?, rect: easel_rect, mode: easel_content_mode) -> Bool {
        guard let image = lookUpImage(cName) else { return false }
        if mode > EASEL_CONTENT_CENTER {
            invalid("draw_image", "content mode \(mode)", "an EASEL_CONTENT_* mode (0…3); drawn as scale to fill")
        }
        let r = rect.standardized
        guard canBuild(r.origin.x, r.origin.y, r.size.width, r.size.height) else { return true }
        let bounds = UserRect(x: r.origin.x, y: r.origin.y, width: r.size.width, height: r.size.height)
        let dest = Self.place(width: image.width, height: image.height, in: bounds, mode: mode)
        let visible = mode == EASEL_CONTENT_SCALE_ASPECT_FILL || mode == EASEL_CONTENT_CENTER
            ? dest.intersection(bounds) : dest
        guard !visible.isEmpty else { return true }
        // The image's size on the device. Below a thousandth of a pixel nothing shows; Cairo cannot
        // invert the scale (an error that stops all drawing: exit 70), librsvg neither (66). Above
        // 2²⁰ pixels a side, Cairo's and librsvg's memory grows with the scale (2 GB in the host
        // for an icon drawn 10¹⁵ points wide).
        let m = currentMatrix
        let deviceWidth = (m.xx * dest.width).magnitude + (m.yx * dest.width).magnitude
        let deviceHeight = (m.xy * dest.height).magnitude + (m.yy * dest.height).magnitude
        guard deviceWidth.isFinite, deviceHeight.isFinite, deviceWidth <= Self.largestImageSide, deviceHeight <= Self.largestImageSide else {
            invalid("draw_image", "an image of \(deviceWidth)×\(deviceHeight) pixels on the device",
                    "at most \(Int(Self.largestImageSide)) pixels a side; not drawn")
            return true
        }
        guard deviceWidth >= 1e-3, deviceHeight >= 1e-3 else { return true }
        let alpha = state.alpha
        let name = String(cString: cName!)
        preservingPath {
            paint(extents: visible) { context in
                cairo_save(context)
                cairo_rectangle(context, visible.x1, visible.y1, visible.width, visible.height)
                cairo_clip(context)
                if let message = image.draw(on: context, into: dest, alpha: alpha) {
                    diagnose(.image(name: name, reason: message, tried: []))
                }
                cairo_restore(context)
            }
        }
        return true
    }

    /// Where an image of natural size width×height goes in `bounds` for a content mode.
    static func place(width: Double, height: Double, in bounds: UserRect, mode: easel_content_mode) -> UserRect {
        let cx = (bounds.x1 + bounds.x2) / 2, cy = (bounds.y1 + bounds.y2) / 2
        func centred(_ w: Double, _ h: Double) -> UserRect {
            UserRect(x: cx - w / 2, y: cy - h / 2, width: w, height: h)
        }
        guard width > 0, height > 0 else { return .empty }
        switch mode {
        case EASEL_CONTENT_SCALE_ASPECT_FIT:
            let s = min(bounds.width / width, bounds.height / height)
            return centred(width * s, height * s)
        case EASEL_CONTENT_SCALE_ASPECT_FILL:
            let s = max(bounds.width / width, bounds.height / height)
            return centred(width * s, height * s)
        case EASEL_CONTENT_CENTER:
            return centred(width, height)
        default:
            return bounds
        }
    }
}
