internal import CEasel

/// What a designable class is, for the host's library icon and defaults
/// (``UIView/designableKind``). The toolkit classes choose theirs; override to refine it, e.g.
/// `.progress` for a progress ring drawn in a plain `UIView`.
public enum DesignableKind: Sendable {
    case view, control, button, label, textField, imageView, slider, `switch`, progress

    var cValue: easel_base_kind {
        switch self {
        case .view: return EASEL_KIND_VIEW
        case .control: return EASEL_KIND_CONTROL
        case .button: return EASEL_KIND_BUTTON
        case .label: return EASEL_KIND_LABEL
        case .textField: return EASEL_KIND_TEXT_FIELD
        case .imageView: return EASEL_KIND_IMAGE_VIEW
        case .slider: return EASEL_KIND_SLIDER
        case .switch: return EASEL_KIND_SWITCH
        case .progress: return EASEL_KIND_PROGRESS
        }
    }
}
