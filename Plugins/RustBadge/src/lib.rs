//! RustBadge — an Easel component written in Rust on the `easel-sys` binding.
//!
//! A rounded badge with a label and a count. It has one inspectable property of each of the twelve
//! ABI types, variants, actions, and uses its instance host. Every callback goes through `guarded`,
//! which catches panics at the boundary (easel.h, ERRORS: nothing may unwind into the host), logs why
//! and returns the failure value.
//!
//! Since ABI 1.2 it is a control (easel.input/1), tracking the pointer as UIButton does: pressed, it
//! is highlighted (darker) while the pointer stays over it; released over it, it toggles `selected`
//! (a white ring) and sends touchUpInside, valueChanged and primaryActionTriggered; disabled, it takes
//! no input. Its default colours follow the appearance (easel.traits/1: brighter in dark, as iOS's
//! dark system colours are); a tint the user set stays as set.
use easel_sys::*;
use std::ffi::{c_char, c_void, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr::{null, null_mut};

/// The instance: the component's state and its instance host.
struct Badge {
    host: *const easel_instance_host,
    /// The host's halves of easel.input/1 and easel.traits/1 (null from a host without them).
    host_input: *const easel_host_input,
    host_traits: *const easel_host_traits,
    count: i64,
    corner_radius: f64,
    opacity: f64,
    label: CString,
    enabled: bool,
    offset: easel_point,
    dot_size: easel_size,
    highlight: easel_rect,
    tint: easel_color,
    icon: Option<CString>,
    shape: i64,
    padding: easel_insets,
    selected: bool,
    size: easel_size,
    /// A press is being tracked (down seen, no up or cancel yet).
    tracking: bool,
    /// Pressed with the pointer over it: drawn darker (UIControl.isHighlighted).
    highlighted: bool,
}

const SHAPE_ROUNDED: i64 = 0;
const SHAPE_CAPSULE: i64 = 1;
const SHAPE_SQUARE: i64 = 2;

const DEFAULT_TINT: easel_color = easel_color { red: 0.8, green: 0.25, blue: 0.1, alpha: 1.0 };
/// The default tint in the dark appearance: brighter, as iOS's dark system colours are.
const DARK_TINT: easel_color = easel_color { red: 1.0, green: 0.42, blue: 0.27, alpha: 1.0 };

/// The host's extension `id` (null when the host has none).
unsafe fn host_extension<T>(host: *const easel_instance_host, id: &[u8]) -> *const T {
    let plugin_host = (*host).host;
    match (*plugin_host).get_extension {
        Some(get) => get(plugin_host, id.as_ptr() as *const c_char) as *const T,
        None => null(),
    }
}

impl Badge {
    fn new(host: *const easel_instance_host, frame: easel_rect) -> Badge {
        // Every property at the default its table declares (easel.h, DEFAULTS).
        Badge {
            host,
            host_input: unsafe { host_extension(host, EASEL_EXTENSION_INPUT) },
            host_traits: unsafe { host_extension(host, EASEL_EXTENSION_TRAITS) },
            count: 3,
            corner_radius: 8.0,
            opacity: 1.0,
            label: CString::new("Rust").unwrap(),
            enabled: true,
            offset: easel_point { x: 0.0, y: 0.0 },
            dot_size: easel_size { width: 10.0, height: 10.0 },
            highlight: easel_rect { origin: easel_point { x: 0.0, y: 0.0 }, size: easel_size { width: 0.0, height: 0.0 } },
            tint: DEFAULT_TINT,
            icon: None,
            shape: SHAPE_ROUNDED,
            padding: easel_insets { top: 4.0, left: 8.0, bottom: 4.0, right: 8.0 },
            selected: false,
            size: frame.size,
            tracking: false,
            highlighted: false,
        }
    }

    fn log(&self, level: easel_log_level, message: &str) {
        if let (Some(log), Ok(text)) = (unsafe { (*self.host).log }, CString::new(message)) {
            unsafe { log(self.host, level, text.as_ptr()) };
        }
    }

    fn changed(&self, property: &CStr) {
        if let Some(report) = unsafe { (*self.host).property_changed } {
            unsafe { report(self.host, property.as_ptr()) };
        }
    }

    /// sendActions(for:): a control event to the host (easel.input/1).
    fn send(&self, event: &CStr) {
        if let Some(send) = unsafe { self.host_input.as_ref() }.and_then(|i| i.send_action) {
            unsafe { send(self.host, event.as_ptr()) };
        }
    }

    /// Draw again (the highlight is no property: the host hears of it only through this).
    fn redraw(&self) {
        if let Some(redraw) = unsafe { (*self.host).request_redraw } {
            unsafe { redraw(self.host) };
        }
    }

    /// Whether the instance is shown in the dark appearance (easel.traits/1).
    fn is_dark(&self) -> bool {
        match unsafe { self.host_traits.as_ref() }.and_then(|t| t.get) {
            Some(get) => unsafe { get(self.host) }.appearance == EASEL_APPEARANCE_DARK,
            None => false,
        }
    }

    /// The colour of the body: the tint (the default one follows the appearance), grey when
    /// disabled, darker while highlighted.
    fn fill(&self) -> easel_color {
        let dark = self.is_dark();
        let base = if !self.enabled {
            let g = if dark { 0.39 } else { 0.6 };
            easel_color { red: g, green: g, blue: g, alpha: 1.0 }
        } else if dark && self.tint == DEFAULT_TINT {
            DARK_TINT
        } else {
            self.tint
        };
        if !self.highlighted {
            return base;
        }
        easel_color { red: base.red * 0.7, green: base.green * 0.7, blue: base.blue * 0.7, alpha: base.alpha }
    }

    fn contains(&self, p: easel_point) -> bool {
        p.x >= 0.0 && p.y >= 0.0 && p.x < self.size.width && p.y < self.size.height
    }
}

/// Runs `body`; a panic becomes `failure`, after the panic's message was logged as an error
/// through `host` (the host reports it with the file, class and phase).
fn guarded<R>(host: *const easel_instance_host, failure: R, body: impl FnOnce() -> R) -> R {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(value) => value,
        Err(panic) => {
            let why = panic.downcast_ref::<&str>().map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            if !host.is_null() {
                if let (Some(log), Ok(text)) = (unsafe { (*host).log }, CString::new(format!("panicked: {why}"))) {
                    unsafe { log(host, EASEL_LOG_ERROR, text.as_ptr()) };
                }
            }
            failure
        }
    }
}

/// The badge behind `self` (never null: the host passes what create returned).
unsafe fn badge<'a>(this: *mut c_void) -> &'a mut Badge {
    &mut *(this as *mut Badge)
}

/// A getter and a setter for a plain field.
macro_rules! accessors {
    ($get:ident, $set:ident, $field:ident, $t:ty) => {
        unsafe extern "C" fn $get(this: *mut c_void) -> $t {
            let b = badge(this);
            guarded(b.host, <$t>::default(), || b.$field)
        }
        unsafe extern "C" fn $set(this: *mut c_void, value: $t) {
            let b = badge(this);
            let host = b.host;
            guarded(host, (), || b.$field = value)
        }
    };
}

accessors!(get_count, set_count, count, i64);
accessors!(get_corner_radius, set_corner_radius, corner_radius, f64);
accessors!(get_opacity, set_opacity, opacity, f64);
accessors!(get_enabled, set_enabled, enabled, bool);
accessors!(get_offset, set_offset, offset, easel_point);
accessors!(get_dot_size, set_dot_size, dot_size, easel_size);
accessors!(get_highlight, set_highlight, highlight, easel_rect);
accessors!(get_tint, set_tint, tint, easel_color);
accessors!(get_shape, set_shape, shape, i64);
accessors!(get_padding, set_padding, padding, easel_insets);
accessors!(get_selected, set_selected, selected, bool);

/// STRING: the setter never gets NULL; the string is borrowed for the call, so it is copied.
unsafe extern "C" fn get_label(this: *mut c_void) -> *const c_char {
    let b = badge(this);
    guarded(b.host, null(), || b.label.as_ptr())
}
unsafe extern "C" fn set_label(this: *mut c_void, value: *const c_char) {
    let b = badge(this);
    let host = b.host;
    guarded(host, (), || b.label = CStr::from_ptr(value).to_owned())
}

/// IMAGE: NULL means no image.
unsafe extern "C" fn get_icon(this: *mut c_void) -> *const c_char {
    let b = badge(this);
    guarded(b.host, null(), || b.icon.as_ref().map_or(null(), |s| s.as_ptr()))
}
unsafe extern "C" fn set_icon(this: *mut c_void, value: *const c_char) {
    let b = badge(this);
    let host = b.host;
    guarded(host, (), || b.icon = if value.is_null() { None } else { Some(CStr::from_ptr(value).to_owned()) })
}

/// `easel_fn` from a typed function: accessors are stored generically and called with their real type.
macro_rules! erased {
    ($f:expr) => {
        Some(unsafe { std::mem::transmute::<*const (), unsafe extern "C" fn()>($f as *const ()) })
    };
}

// ── The property table ──

static COUNT_RANGE: easel_range = easel_range { min: 0.0, max: 99.0, step: 1.0 };
static RADIUS_RANGE: easel_range = easel_range { min: 0.0, max: 40.0, step: 0.5 };
static OPACITY_RANGE: easel_range = easel_range { min: 0.0, max: 1.0, step: 0.05 };
static SHAPES: [easel_enum_case; 3] = [
    easel_enum_case { struct_size: size_of_u32::<easel_enum_case>(), reserved0: 0, name: c"rounded".as_ptr(), value: SHAPE_ROUNDED, display_name: null() },
    easel_enum_case { struct_size: size_of_u32::<easel_enum_case>(), reserved0: 0, name: c"capsule".as_ptr(), value: SHAPE_CAPSULE, display_name: null() },
    easel_enum_case { struct_size: size_of_u32::<easel_enum_case>(), reserved0: 0, name: c"square".as_ptr(), value: SHAPE_SQUARE, display_name: c"Square Corners".as_ptr() },
];

const fn size_of_u32<T>() -> u32 {
    std::mem::size_of::<T>() as u32
}

/// One property with the fields most tables leave empty filled in.
const fn property(name: &'static CStr, type_: easel_type, default_value: easel_value, summary: &'static CStr) -> easel_property {
    easel_property {
        struct_size: size_of_u32::<easel_property>(),
        type_,
        name: name.as_ptr(),
        default_value,
        display_name: null(),
        summary: summary.as_ptr(),
        group: null(),
        range: null(),
        enum_case_count: 0,
        flags: 0,
        enum_cases: null(),
        get: None,
        set: None,
    }
}

struct Table([easel_property; 13]);
static PROPERTIES: Table = Table([
    easel_property { range: &COUNT_RANGE, get: erased!(get_count), set: erased!(set_count),
                     ..property(c"count", EASEL_TYPE_INT, easel_value { i: 3 }, c"The number on the badge") },
    easel_property { range: &RADIUS_RANGE, get: erased!(get_corner_radius), set: erased!(set_corner_radius),
                     ..property(c"cornerRadius", EASEL_TYPE_CGFLOAT, easel_value { d: 8.0 }, c"Radius of the corners (rounded shape)") },
    easel_property { range: &OPACITY_RANGE, get: erased!(get_opacity), set: erased!(set_opacity),
                     ..property(c"opacity", EASEL_TYPE_DOUBLE, easel_value { d: 1.0 }, c"How opaque the badge is") },
    easel_property { get: erased!(get_label), set: erased!(set_label),
                     ..property(c"label", EASEL_TYPE_STRING, easel_value { s: c"Rust".as_ptr() }, c"The text before the count") },
    easel_property { get: erased!(get_enabled), set: erased!(set_enabled),
                     ..property(c"enabled", EASEL_TYPE_BOOL, easel_value { b: true }, c"Grey when off") },
    easel_property { get: erased!(get_offset), set: erased!(set_offset), group: c"Dot".as_ptr(),
                     ..property(c"dotOffset", EASEL_TYPE_POINT, easel_value { point: easel_point { x: 0.0, y: 0.0 } }, c"Where the dot sits, from the top right") },
    easel_property { get: erased!(get_dot_size), set: erased!(set_dot_size), group: c"Dot".as_ptr(),
                     ..property(c"dotSize", EASEL_TYPE_SIZE, easel_value { size: easel_size { width: 10.0, height: 10.0 } }, c"The dot's size") },
    easel_property { get: erased!(get_highlight), set: erased!(set_highlight),
                     ..property(c"highlight", EASEL_TYPE_RECT, easel_value { rect: easel_rect { origin: easel_point { x: 0.0, y: 0.0 }, size: easel_size { width: 0.0, height: 0.0 } } }, c"A white rectangle drawn on top") },
    easel_property { get: erased!(get_tint), set: erased!(set_tint),
                     ..property(c"tint", EASEL_TYPE_COLOR, easel_value { color: easel_color { red: 0.8, green: 0.25, blue: 0.1, alpha: 1.0 } }, c"The badge's colour") },
    easel_property { get: erased!(get_icon), set: erased!(set_icon),
                     ..property(c"icon", EASEL_TYPE_IMAGE, easel_value { s: null() }, c"An image drawn at the left") },
    easel_property { enum_case_count: 3, enum_cases: &SHAPES as *const easel_enum_case, get: erased!(get_shape), set: erased!(set_shape),
                     ..property(c"shape", EASEL_TYPE_ENUM, easel_value { i: SHAPE_ROUNDED }, c"The outline") },
    easel_property { get: erased!(get_padding), set: erased!(set_padding),
                     ..property(c"padding", EASEL_TYPE_INSETS, easel_value { insets: easel_insets { top: 4.0, left: 8.0, bottom: 4.0, right: 8.0 } }, c"Space around the text") },
    easel_property { get: erased!(get_selected), set: erased!(set_selected), group: c"Control".as_ptr(),
                     ..property(c"selected", EASEL_TYPE_BOOL, easel_value { b: false }, c"Toggled by a click (UIControl.isSelected): a white ring") },
]);
unsafe impl Sync for Table {}

// ── Lifecycle ──

unsafe extern "C" fn create(_cls: *const easel_class, frame: easel_rect, host: *const easel_instance_host) -> *mut c_void {
    guarded(host, null_mut(), || Box::into_raw(Box::new(Badge::new(host, frame))) as *mut c_void)
}

unsafe extern "C" fn layout(this: *mut c_void, size: easel_size) {
    let b = badge(this);
    let host = b.host;
    guarded(host, (), || b.size = size)
}

unsafe extern "C" fn draw(this: *mut c_void, canvas: *mut easel_canvas, _rect: easel_rect) -> bool {
    let b = badge(this);
    let host = b.host;
    guarded(host, false, || {
        let c = &*canvas;
        let bounds = easel_rect { origin: easel_point { x: 0.0, y: 0.0 }, size: b.size };
        let radius = match b.shape {
            SHAPE_CAPSULE => b.size.height / 2.0,
            SHAPE_SQUARE => 0.0,
            _ => b.corner_radius,
        };
        let white = easel_color { red: 1.0, green: 1.0, blue: 1.0, alpha: 1.0 };
        (c.set_alpha.unwrap())(canvas, b.opacity);
        (c.set_fill_color.unwrap())(canvas, b.fill());
        (c.begin_path.unwrap())(canvas);
        (c.add_rounded_rect.unwrap())(canvas, bounds, radius);
        (c.draw_path.unwrap())(canvas, EASEL_PATH_FILL);
        if b.selected && b.size.width > 6.0 && b.size.height > 6.0 {
            let ring = easel_rect {
                origin: easel_point { x: 2.0, y: 2.0 },
                size: easel_size { width: b.size.width - 4.0, height: b.size.height - 4.0 },
            };
            (c.set_stroke_color.unwrap())(canvas, white);
            (c.set_line_width.unwrap())(canvas, 2.0);
            (c.begin_path.unwrap())(canvas);
            (c.add_rounded_rect.unwrap())(canvas, ring, (radius - 2.0).max(0.0));
            (c.draw_path.unwrap())(canvas, EASEL_PATH_STROKE);
        }
        let mut left = b.padding.left;
        if let Some(icon) = &b.icon {
            let side = b.size.height - b.padding.top - b.padding.bottom;
            let frame = easel_rect { origin: easel_point { x: left, y: b.padding.top }, size: easel_size { width: side, height: side } };
            if (c.draw_image.unwrap())(canvas, icon.as_ptr(), frame, EASEL_CONTENT_SCALE_ASPECT_FIT) {
                left += side + 4.0;
            }
        }
        let text = CString::new(format!("{} {}", b.label.to_string_lossy(), b.count)).unwrap_or_default();
        let style = easel_text_style {
            font_family: null(), font_size: 15.0, font_weight: 700, italic: false, reserved0: 0, reserved1: 0,
            color: white,
            alignment: EASEL_TEXT_ALIGN_CENTER, vertical_alignment: EASEL_VERTICAL_ALIGN_CENTER,
            line_break: EASEL_LINE_BREAK_TRUNCATE_TAIL, max_lines: 1,
        };
        let text_box = easel_rect {
            origin: easel_point { x: left, y: b.padding.top },
            size: easel_size { width: b.size.width - left - b.padding.right, height: b.size.height - b.padding.top - b.padding.bottom },
        };
        (c.draw_text.unwrap())(canvas, text.as_ptr(), text_box, &style);
        let dot = easel_rect {
            origin: easel_point { x: b.size.width - b.dot_size.width - b.offset.x, y: b.offset.y },
            size: b.dot_size,
        };
        let dot_color = if b.is_dark() { easel_color { red: 1.0, green: 0.84, blue: 0.04, alpha: 1.0 } } else { easel_color { red: 1.0, green: 0.85, blue: 0.0, alpha: 1.0 } };
        (c.set_fill_color.unwrap())(canvas, dot_color);
        (c.begin_path.unwrap())(canvas);
        (c.add_ellipse.unwrap())(canvas, dot);
        (c.draw_path.unwrap())(canvas, EASEL_PATH_FILL);
        (c.set_fill_color.unwrap())(canvas, white);
        (c.fill_rect.unwrap())(canvas, b.highlight);
        true
    })
}

unsafe extern "C" fn destroy(this: *mut c_void) {
    let host = badge(this).host;
    guarded(host, (), || drop(Box::from_raw(this as *mut Badge)))
}

// ── Input (easel.input/1): a control that tracks the pointer as UIButton does ──

/// point(inside:): the bounds.
unsafe extern "C" fn hit_test(this: *mut c_void, point: easel_point) -> bool {
    let b = badge(this);
    guarded(b.host, false, || b.contains(point))
}

unsafe extern "C" fn pointer_event(this: *mut c_void, event: *const easel_pointer_event) -> bool {
    let b = badge(this);
    let host = b.host;
    guarded(host, false, || {
        let e = &*event;
        match e.phase {
            // touchesBegan: a disabled control, or another button, takes nothing.
            EASEL_POINTER_DOWN => {
                if !b.enabled || e.button != EASEL_BUTTON_PRIMARY {
                    return false;
                }
                b.tracking = true;
                b.highlighted = true;
                b.send(c"touchDown");
                b.redraw();
                true
            }
            // touchesMoved: highlighted only while the pointer is over it.
            EASEL_POINTER_MOVE if b.tracking => {
                let inside = b.contains(e.location);
                if inside != b.highlighted {
                    b.highlighted = inside;
                    b.send(if inside { c"touchDragEnter" } else { c"touchDragExit" });
                    b.redraw();
                }
                true
            }
            // touchesEnded: released over it, the click toggles `selected`.
            EASEL_POINTER_UP if b.tracking => {
                b.tracking = false;
                b.highlighted = false;
                if b.contains(e.location) {
                    b.selected = !b.selected;
                    b.changed(c"selected");
                    b.send(c"touchUpInside");
                    b.send(c"valueChanged");
                    b.send(c"primaryActionTriggered");
                } else {
                    b.send(c"touchUpOutside");
                }
                b.redraw();
                true
            }
            EASEL_POINTER_CANCEL if b.tracking => {
                b.tracking = false;
                b.highlighted = false;
                b.send(c"touchCancel");
                b.redraw();
                true
            }
            _ => false, // hover, and moves and ups of no press of its own
        }
    })
}

static INPUT: easel_input = easel_input {
    struct_size: size_of_u32::<easel_input>(), reserved0: 0, hit_test: Some(hit_test), pointer_event: Some(pointer_event),
};

// ── Extensions: variants and actions ──

struct Variants([easel_variant; 3], [easel_attribute; 1], [easel_attribute; 2], [easel_attribute; 2]);
static VARIANT_DATA: Variants = Variants(
    [
        easel_variant { struct_size: size_of_u32::<easel_variant>(), attribute_count: 1, name: c"zero".as_ptr(),
                        display_name: null(), summary: c"Nothing to count".as_ptr(), attributes: &VARIANT_DATA.1 as *const easel_attribute },
        easel_variant { struct_size: size_of_u32::<easel_variant>(), attribute_count: 2, name: c"busy".as_ptr(),
                        display_name: null(), summary: c"A full inbox, in orange".as_ptr(), attributes: &VARIANT_DATA.2 as *const easel_attribute },
        easel_variant { struct_size: size_of_u32::<easel_variant>(), attribute_count: 2, name: c"cjk".as_ptr(),
                        display_name: c"CJK Label".as_ptr(), summary: null(), attributes: &VARIANT_DATA.3 as *const easel_attribute },
    ],
    [easel_attribute { key: c"count".as_ptr(), value: c"0".as_ptr() }],
    [easel_attribute { key: c"count".as_ptr(), value: c"99".as_ptr() }, easel_attribute { key: c"tint".as_ptr(), value: c"#FF9500".as_ptr() }],
    [easel_attribute { key: c"label".as_ptr(), value: c"公积金".as_ptr() }, easel_attribute { key: c"shape".as_ptr(), value: c"capsule".as_ptr() }],
);
unsafe impl Sync for Variants {}
static VARIANTS: easel_variants = easel_variants {
    struct_size: size_of_u32::<easel_variants>(), variant_count: 3, variants: &VARIANT_DATA.0 as *const easel_variant,
};

/// bump(): one more, reported to the host (property_changed). At 99 it stays there and says so at
/// info level (`host -v` shows it): a capped count is the badge working as designed, not something
/// to warn a designer about (a validator bumps the "busy" variant's 99 too).
unsafe extern "C" fn bump(this: *mut c_void) -> bool {
    let b = badge(this);
    let host = b.host;
    guarded(host, false, || {
        if b.count >= 99 {
            b.log(EASEL_LOG_INFO, "the count is at its maximum, 99");
        }
        b.count = (b.count + 1).min(99);
        b.changed(c"count");
        true
    })
}

/// explode(really): with `true`, panics, to show the boundary: the host gets `false` and the panic's
/// message. With the default, `false`, it does nothing (a validator calls every action with its default).
unsafe extern "C" fn explode(this: *mut c_void, really: bool) -> bool {
    let host = badge(this).host;
    guarded(host, false, || -> bool {
        if really {
            panic!("the badge exploded on purpose");
        }
        true
    })
}

struct Actions([easel_action; 2]);
static ACTION_DATA: Actions = Actions([
    easel_action { struct_size: size_of_u32::<easel_action>(), argument_type: EASEL_TYPE_NONE, name: c"bump".as_ptr(),
                   display_name: null(), summary: c"Count one more".as_ptr(), range: null(), enum_case_count: 0, reserved0: 0,
                   enum_cases: null(), default_argument: easel_value::ZERO, invoke: erased!(bump) },
    easel_action { struct_size: size_of_u32::<easel_action>(), argument_type: EASEL_TYPE_BOOL, name: c"explode".as_ptr(),
                   display_name: null(), summary: c"With true, panic (caught at the boundary)".as_ptr(), range: null(), enum_case_count: 0,
                   reserved0: 0, enum_cases: null(), default_argument: easel_value { b: false }, invoke: erased!(explode) },
]);
unsafe impl Sync for Actions {}
static ACTIONS: easel_actions = easel_actions {
    struct_size: size_of_u32::<easel_actions>(), action_count: 2, actions: &ACTION_DATA.0 as *const easel_action,
};

unsafe extern "C" fn get_extension(cls: *const easel_class, id: *const c_char) -> *const c_void {
    if cls.is_null() {
        return null(); // no plugin-wide extensions
    }
    match CStr::from_ptr(id).to_bytes_with_nul() {
        id if id == EASEL_EXTENSION_VARIANTS => &VARIANTS as *const easel_variants as *const c_void,
        id if id == EASEL_EXTENSION_ACTIONS => &ACTIONS as *const easel_actions as *const c_void,
        id if id == EASEL_EXTENSION_INPUT => &INPUT as *const easel_input as *const c_void,
        _ => null(), // an id this plugin does not know
    }
}

// ── The class and the plugin ──

static CLASSES: [easel_class; 1] = [easel_class {
    struct_size: size_of_u32::<easel_class>(),
    base_kind: EASEL_KIND_CONTROL,
    name: c"RustBadge".as_ptr(),
    display_name: null(),
    summary: c"A badge written in Rust: one property of every type; a click selects it".as_ptr(),
    group: c"Badges".as_ptr(),
    default_size: easel_size { width: 120.0, height: 36.0 },
    property_count: 13,
    reserved0: 0,
    properties: &PROPERTIES.0 as *const easel_property,
    context: null(),
    create: Some(create),
    create_from_archive: None,
    awake_from_archive: None,
    prepare_for_designer: None,
    layout: Some(layout),
    draw: Some(draw),
    intrinsic_size: None,
    destroy: Some(destroy),
}];

static PLUGIN: easel_plugin = easel_plugin {
    abi: EASEL_ABI_VERSION,
    struct_size: size_of_u32::<easel_plugin>(),
    class_count: 1,
    id: c"org.easel.examples.rust-badge".as_ptr(),
    name: c"Rust Badge".as_ptr(),
    version: c"1.0.0".as_ptr(),
    summary: c"Example component written in Rust (easel-sys)".as_ptr(),
    init: None,
    deinit: None,
    classes: &CLASSES as *const easel_class,
    get_extension: Some(get_extension),
};

/// The entry point (easel.h: EASEL_PLUGIN_ENTRY).
#[no_mangle]
pub extern "C" fn easel_plugin_entry() -> *const easel_plugin {
    &PLUGIN
}
