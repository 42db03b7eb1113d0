//! The Easel component ABI (`easel.h` 1.2) for Rust.
//!
//! A one-to-one transcription of the header: `#[repr(C)]` structs with the header's field names,
//! the constants, and `Option<unsafe extern "C" fn …>` for function pointers (`None` is NULL). The
//! header is the specification — what each member means, who owns what, the thread rule of each
//! call — and its LAYOUT table is checked here at compile time (see the end of this file).
//!
//! From Rust, remember: callbacks are `extern "C"` and must never let a panic unwind into the host
//! (catch it with `std::panic::catch_unwind`, log why, return failure); every struct a plugin fills
//! in starts with `struct_size` set to `size_of` of it; descriptors are `static`.
#![no_std]
#![allow(non_camel_case_types)]

use core::ffi::{c_char, c_void};
use core::mem::{offset_of, size_of};

// ───────────────────────────── Version ─────────────────────────────

pub const EASEL_ABI_MAJOR: u32 = 1;
pub const EASEL_ABI_MINOR: u32 = 2;

/// An ABI version: equal majors are required, minors only add.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct easel_abi_version {
    pub major: u32,
    pub minor: u32,
}

/// The version this binding describes; store it in `easel_plugin.abi`.
pub const EASEL_ABI_VERSION: easel_abi_version = easel_abi_version { major: EASEL_ABI_MAJOR, minor: EASEL_ABI_MINOR };

/// The host's rule: equal majors, the plugin's minor not newer than the host's.
pub const fn easel_abi_is_compatible(plugin: easel_abi_version, host: easel_abi_version) -> bool {
    plugin.major == host.major && plugin.minor <= host.minor
}

// ───────────────────────────── Geometry and values ─────────────────────────────

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct easel_point { pub x: f64, pub y: f64 }
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct easel_size { pub width: f64, pub height: f64 }
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct easel_rect { pub origin: easel_point, pub size: easel_size }
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct easel_color { pub red: f64, pub green: f64, pub blue: f64, pub alpha: f64 }
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct easel_insets { pub top: f64, pub left: f64, pub bottom: f64, pub right: f64 }
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct easel_affine_transform { pub a: f64, pub b: f64, pub c: f64, pub d: f64, pub tx: f64, pub ty: f64 }

pub const EASEL_NO_INTRINSIC_METRIC: f64 = -1.0;

// ───────────────────────────── Property types ─────────────────────────────

pub type easel_type = u32;
pub const EASEL_TYPE_NONE: easel_type = 0;
pub const EASEL_TYPE_INT: easel_type = 1;
pub const EASEL_TYPE_CGFLOAT: easel_type = 2;
pub const EASEL_TYPE_DOUBLE: easel_type = 3;
pub const EASEL_TYPE_STRING: easel_type = 4;
pub const EASEL_TYPE_BOOL: easel_type = 5;
pub const EASEL_TYPE_POINT: easel_type = 6;
pub const EASEL_TYPE_SIZE: easel_type = 7;
pub const EASEL_TYPE_RECT: easel_type = 8;
pub const EASEL_TYPE_COLOR: easel_type = 9;
pub const EASEL_TYPE_IMAGE: easel_type = 10;
pub const EASEL_TYPE_ENUM: easel_type = 11;
pub const EASEL_TYPE_INSETS: easel_type = 12;

/// A value of any property type (defaults in descriptors only).
#[repr(C)]
#[derive(Clone, Copy)]
pub union easel_value {
    pub i: i64,
    pub d: f64,
    pub b: bool,
    /// May be null: "" for STRING, none for IMAGE.
    pub s: *const c_char,
    pub point: easel_point,
    pub size: easel_size,
    pub rect: easel_rect,
    pub color: easel_color,
    pub insets: easel_insets,
}

impl easel_value {
    /// All zero (the `{0}` of C).
    pub const ZERO: easel_value = easel_value { insets: easel_insets { top: 0.0, left: 0.0, bottom: 0.0, right: 0.0 } };
}

/// A generic function pointer: accessors and actions are stored as this and called with their real
/// signature (see `easel_type`). Cast with `core::mem::transmute` from your typed `extern "C" fn`.
pub type easel_fn = Option<unsafe extern "C" fn()>;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct easel_range { pub min: f64, pub max: f64, pub step: f64 }

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_enum_case {
    pub struct_size: u32,
    pub reserved0: u32,
    pub name: *const c_char,
    pub value: i64,
    pub display_name: *const c_char,
}

pub type easel_property_flags = u32;
pub const EASEL_PROPERTY_READ_ONLY: easel_property_flags = 1 << 0;
pub const EASEL_PROPERTY_HIDDEN: easel_property_flags = 1 << 1;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct easel_property {
    pub struct_size: u32,
    pub type_: easel_type,
    pub name: *const c_char,
    pub default_value: easel_value,
    pub display_name: *const c_char,
    pub summary: *const c_char,
    pub group: *const c_char,
    pub range: *const easel_range,
    pub enum_case_count: u32,
    pub flags: easel_property_flags,
    pub enum_cases: *const easel_enum_case,
    pub get: easel_fn,
    pub set: easel_fn,
}

// ───────────────────────────── Canvas ─────────────────────────────

pub type easel_path_mode = u32;
pub const EASEL_PATH_FILL: easel_path_mode = 0;
pub const EASEL_PATH_EO_FILL: easel_path_mode = 1;
pub const EASEL_PATH_STROKE: easel_path_mode = 2;
pub const EASEL_PATH_FILL_STROKE: easel_path_mode = 3;
pub const EASEL_PATH_EO_FILL_STROKE: easel_path_mode = 4;

pub type easel_fill_rule = u32;
pub const EASEL_FILL_RULE_WINDING: easel_fill_rule = 0;
pub const EASEL_FILL_RULE_EVEN_ODD: easel_fill_rule = 1;

pub type easel_line_cap = u32;
pub const EASEL_LINE_CAP_BUTT: easel_line_cap = 0;
pub const EASEL_LINE_CAP_ROUND: easel_line_cap = 1;
pub const EASEL_LINE_CAP_SQUARE: easel_line_cap = 2;

pub type easel_line_join = u32;
pub const EASEL_LINE_JOIN_MITER: easel_line_join = 0;
pub const EASEL_LINE_JOIN_ROUND: easel_line_join = 1;
pub const EASEL_LINE_JOIN_BEVEL: easel_line_join = 2;

pub type easel_gradient_options = u32;
pub const EASEL_GRADIENT_EXTEND_BEFORE: easel_gradient_options = 1 << 0;
pub const EASEL_GRADIENT_EXTEND_AFTER: easel_gradient_options = 1 << 1;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct easel_gradient_stop { pub location: f64, pub color: easel_color }

pub type easel_text_alignment = u32;
pub const EASEL_TEXT_ALIGN_LEFT: easel_text_alignment = 0;
pub const EASEL_TEXT_ALIGN_CENTER: easel_text_alignment = 1;
pub const EASEL_TEXT_ALIGN_RIGHT: easel_text_alignment = 2;
pub const EASEL_TEXT_ALIGN_JUSTIFIED: easel_text_alignment = 3;

pub type easel_vertical_alignment = u32;
pub const EASEL_VERTICAL_ALIGN_TOP: easel_vertical_alignment = 0;
pub const EASEL_VERTICAL_ALIGN_CENTER: easel_vertical_alignment = 1;
pub const EASEL_VERTICAL_ALIGN_BOTTOM: easel_vertical_alignment = 2;

pub type easel_line_break = u32;
pub const EASEL_LINE_BREAK_WORD_WRAP: easel_line_break = 0;
pub const EASEL_LINE_BREAK_CHAR_WRAP: easel_line_break = 1;
pub const EASEL_LINE_BREAK_CLIP: easel_line_break = 2;
pub const EASEL_LINE_BREAK_TRUNCATE_TAIL: easel_line_break = 3;

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_text_style {
    /// May be null: the host's UI font.
    pub font_family: *const c_char,
    pub font_size: f64,
    pub font_weight: u32,
    pub italic: bool,
    pub reserved0: u8,
    pub reserved1: u16,
    pub color: easel_color,
    pub alignment: easel_text_alignment,
    pub vertical_alignment: easel_vertical_alignment,
    pub line_break: easel_line_break,
    pub max_lines: u32,
}

pub type easel_content_mode = u32;
pub const EASEL_CONTENT_SCALE_TO_FILL: easel_content_mode = 0;
pub const EASEL_CONTENT_SCALE_ASPECT_FIT: easel_content_mode = 1;
pub const EASEL_CONTENT_SCALE_ASPECT_FILL: easel_content_mode = 2;
pub const EASEL_CONTENT_CENTER: easel_content_mode = 3;

/// The drawing surface (host-written). Every function is non-null: call as
/// `(canvas.fill_rect.unwrap())(canvas, rect)` with the canvas the draw call received.
#[repr(C)]
pub struct easel_canvas {
    pub host_data: *mut c_void,
    pub save: Option<unsafe extern "C" fn(*mut easel_canvas)>,
    pub restore: Option<unsafe extern "C" fn(*mut easel_canvas)>,
    pub translate: Option<unsafe extern "C" fn(*mut easel_canvas, f64, f64)>,
    pub scale: Option<unsafe extern "C" fn(*mut easel_canvas, f64, f64)>,
    pub rotate: Option<unsafe extern "C" fn(*mut easel_canvas, f64)>,
    pub concat_transform: Option<unsafe extern "C" fn(*mut easel_canvas, easel_affine_transform)>,
    pub get_transform: Option<unsafe extern "C" fn(*mut easel_canvas) -> easel_affine_transform>,
    pub begin_path: Option<unsafe extern "C" fn(*mut easel_canvas)>,
    pub move_to: Option<unsafe extern "C" fn(*mut easel_canvas, f64, f64)>,
    pub line_to: Option<unsafe extern "C" fn(*mut easel_canvas, f64, f64)>,
    pub curve_to: Option<unsafe extern "C" fn(*mut easel_canvas, f64, f64, f64, f64, f64, f64)>,
    pub quad_curve_to: Option<unsafe extern "C" fn(*mut easel_canvas, f64, f64, f64, f64)>,
    pub arc: Option<unsafe extern "C" fn(*mut easel_canvas, f64, f64, f64, f64, f64, bool)>,
    pub close_path: Option<unsafe extern "C" fn(*mut easel_canvas)>,
    pub add_rect: Option<unsafe extern "C" fn(*mut easel_canvas, easel_rect)>,
    pub add_rounded_rect: Option<unsafe extern "C" fn(*mut easel_canvas, easel_rect, f64)>,
    pub add_ellipse: Option<unsafe extern "C" fn(*mut easel_canvas, easel_rect)>,
    pub set_fill_color: Option<unsafe extern "C" fn(*mut easel_canvas, easel_color)>,
    pub set_stroke_color: Option<unsafe extern "C" fn(*mut easel_canvas, easel_color)>,
    pub set_line_width: Option<unsafe extern "C" fn(*mut easel_canvas, f64)>,
    pub set_line_cap: Option<unsafe extern "C" fn(*mut easel_canvas, easel_line_cap)>,
    pub set_line_join: Option<unsafe extern "C" fn(*mut easel_canvas, easel_line_join)>,
    pub set_miter_limit: Option<unsafe extern "C" fn(*mut easel_canvas, f64)>,
    pub set_line_dash: Option<unsafe extern "C" fn(*mut easel_canvas, f64, *const f64, u32)>,
    pub set_alpha: Option<unsafe extern "C" fn(*mut easel_canvas, f64)>,
    pub set_shadow: Option<unsafe extern "C" fn(*mut easel_canvas, easel_size, f64, easel_color)>,
    pub draw_path: Option<unsafe extern "C" fn(*mut easel_canvas, easel_path_mode)>,
    pub fill_rect: Option<unsafe extern "C" fn(*mut easel_canvas, easel_rect)>,
    pub stroke_rect: Option<unsafe extern "C" fn(*mut easel_canvas, easel_rect)>,
    pub clip: Option<unsafe extern "C" fn(*mut easel_canvas, easel_fill_rule)>,
    pub clip_to_rect: Option<unsafe extern "C" fn(*mut easel_canvas, easel_rect)>,
    pub draw_linear_gradient: Option<unsafe extern "C" fn(*mut easel_canvas, *const easel_gradient_stop, u32, easel_point, easel_point, easel_gradient_options)>,
    pub draw_radial_gradient: Option<unsafe extern "C" fn(*mut easel_canvas, *const easel_gradient_stop, u32, easel_point, f64, easel_point, f64, easel_gradient_options)>,
    pub begin_transparency_layer: Option<unsafe extern "C" fn(*mut easel_canvas)>,
    pub end_transparency_layer: Option<unsafe extern "C" fn(*mut easel_canvas)>,
    pub draw_text: Option<unsafe extern "C" fn(*mut easel_canvas, *const c_char, easel_rect, *const easel_text_style)>,
    pub measure_text: Option<unsafe extern "C" fn(*mut easel_canvas, *const c_char, f64, *const easel_text_style) -> easel_size>,
    pub draw_image: Option<unsafe extern "C" fn(*mut easel_canvas, *const c_char, easel_rect, easel_content_mode) -> bool>,
    pub image_size: Option<unsafe extern "C" fn(*mut easel_canvas, *const c_char) -> easel_size>,
}

// ───────────────────────────── Host ─────────────────────────────

pub type easel_log_level = u32;
pub const EASEL_LOG_DEBUG: easel_log_level = 0;
pub const EASEL_LOG_INFO: easel_log_level = 1;
pub const EASEL_LOG_WARNING: easel_log_level = 2;
pub const EASEL_LOG_ERROR: easel_log_level = 3;

/// What the host offers the plugin as a whole (host-written), valid from init until deinit returns.
#[repr(C)]
pub struct easel_host {
    pub abi: easel_abi_version,
    pub name: *const c_char,
    pub version: *const c_char,
    pub plugin_path: *const c_char,
    pub resource_dir: *const c_char,
    pub log: Option<unsafe extern "C" fn(*const easel_host, easel_log_level, *const c_char)>,
    pub host_data: *mut c_void,
    pub measure_text: Option<unsafe extern "C" fn(*const easel_host, *const c_char, f64, *const easel_text_style) -> easel_size>,
    pub image_size: Option<unsafe extern "C" fn(*const easel_host, *const c_char) -> easel_size>,
    pub get_extension: Option<unsafe extern "C" fn(*const easel_host, *const c_char) -> *const c_void>,
}

/// What the host offers one instance (host-written), valid from create until destroy returns.
#[repr(C)]
pub struct easel_instance_host {
    pub host: *const easel_host,
    pub class_name: *const c_char,
    pub host_data: *mut c_void,
    pub log: Option<unsafe extern "C" fn(*const easel_instance_host, easel_log_level, *const c_char)>,
    pub measure_text: Option<unsafe extern "C" fn(*const easel_instance_host, *const c_char, f64, *const easel_text_style) -> easel_size>,
    pub image_size: Option<unsafe extern "C" fn(*const easel_instance_host, *const c_char) -> easel_size>,
    pub request_layout: Option<unsafe extern "C" fn(*const easel_instance_host)>,
    pub request_redraw: Option<unsafe extern "C" fn(*const easel_instance_host)>,
    pub property_changed: Option<unsafe extern "C" fn(*const easel_instance_host, *const c_char)>,
}

// ───────────────────────────── Archives ─────────────────────────────

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_attribute { pub key: *const c_char, pub value: *const c_char }

#[repr(C)]
pub struct easel_archive {
    pub frame: easel_rect,
    pub attribute_count: u32,
    pub reserved0: u32,
    pub attributes: *const easel_attribute,
    pub source: *const c_char,
}

// ───────────────────────────── Classes and the plugin ─────────────────────────────

pub type easel_base_kind = u32;
pub const EASEL_KIND_VIEW: easel_base_kind = 0;
pub const EASEL_KIND_CONTROL: easel_base_kind = 1;
pub const EASEL_KIND_BUTTON: easel_base_kind = 2;
pub const EASEL_KIND_LABEL: easel_base_kind = 3;
pub const EASEL_KIND_TEXT_FIELD: easel_base_kind = 4;
pub const EASEL_KIND_IMAGE_VIEW: easel_base_kind = 5;
pub const EASEL_KIND_SLIDER: easel_base_kind = 6;
pub const EASEL_KIND_SWITCH: easel_base_kind = 7;
pub const EASEL_KIND_PROGRESS: easel_base_kind = 8;

pub type easel_create_fn = unsafe extern "C" fn(*const easel_class, easel_rect, *const easel_instance_host) -> *mut c_void;
pub type easel_create_from_archive_fn =
    unsafe extern "C" fn(*const easel_class, *const easel_archive, *const easel_instance_host) -> *mut c_void;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct easel_class {
    pub struct_size: u32,
    pub base_kind: easel_base_kind,
    pub name: *const c_char,
    pub display_name: *const c_char,
    pub summary: *const c_char,
    pub group: *const c_char,
    pub default_size: easel_size,
    pub property_count: u32,
    pub reserved0: u32,
    pub properties: *const easel_property,
    pub context: *const c_void,
    pub create: Option<easel_create_fn>,
    pub create_from_archive: Option<easel_create_from_archive_fn>,
    pub awake_from_archive: Option<unsafe extern "C" fn(*mut c_void)>,
    pub prepare_for_designer: Option<unsafe extern "C" fn(*mut c_void)>,
    pub layout: Option<unsafe extern "C" fn(*mut c_void, easel_size)>,
    pub draw: Option<unsafe extern "C" fn(*mut c_void, *mut easel_canvas, easel_rect) -> bool>,
    pub intrinsic_size: Option<unsafe extern "C" fn(*mut c_void) -> easel_size>,
    pub destroy: Option<unsafe extern "C" fn(*mut c_void)>,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct easel_plugin {
    pub abi: easel_abi_version,
    pub struct_size: u32,
    pub class_count: u32,
    pub id: *const c_char,
    pub name: *const c_char,
    pub version: *const c_char,
    pub summary: *const c_char,
    pub init: Option<unsafe extern "C" fn(*const easel_host) -> bool>,
    pub deinit: Option<unsafe extern "C" fn()>,
    pub classes: *const easel_class,
    pub get_extension: Option<unsafe extern "C" fn(*const easel_class, *const c_char) -> *const c_void>,
}

/// The entry point's name. Define it as
/// `#[no_mangle] pub extern "C" fn easel_plugin_entry() -> *const easel_plugin`.
pub const EASEL_ENTRY_SYMBOL: &[u8] = b"easel_plugin_entry\0";

// ───────────────────────────── Extensions ─────────────────────────────

pub const EASEL_EXTENSION_VARIANTS: &[u8] = b"easel.variants/1\0";
pub const EASEL_EXTENSION_ACTIONS: &[u8] = b"easel.actions/1\0";
pub const EASEL_EXTENSION_CLOCK: &[u8] = b"easel.clock/1\0";

#[repr(C)]
#[derive(Clone, Copy)]
pub struct easel_variant {
    pub struct_size: u32,
    pub attribute_count: u32,
    pub name: *const c_char,
    pub display_name: *const c_char,
    pub summary: *const c_char,
    pub attributes: *const easel_attribute,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct easel_variants { pub struct_size: u32, pub variant_count: u32, pub variants: *const easel_variant }

#[repr(C)]
#[derive(Clone, Copy)]
pub struct easel_action {
    pub struct_size: u32,
    pub argument_type: easel_type,
    pub name: *const c_char,
    pub display_name: *const c_char,
    pub summary: *const c_char,
    pub range: *const easel_range,
    pub enum_case_count: u32,
    pub reserved0: u32,
    pub enum_cases: *const easel_enum_case,
    pub default_argument: easel_value,
    pub invoke: easel_fn,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct easel_actions { pub struct_size: u32, pub action_count: u32, pub actions: *const easel_action }

#[repr(C)]
pub struct easel_clock {
    pub now: Option<unsafe extern "C" fn(*const easel_instance_host) -> f64>,
}

// ───────────────────────────── Extension: input (1.2) ─────────────────────────────

/// Pointer input (UIKit's touches, UIControl's events): a class offers `easel_input`, the host
/// offers `easel_host_input` (through which an instance sends control events).
pub const EASEL_EXTENSION_INPUT: &[u8] = b"easel.input/1\0";

pub type easel_pointer_phase = u32;
pub const EASEL_POINTER_DOWN: easel_pointer_phase = 0;
pub const EASEL_POINTER_MOVE: easel_pointer_phase = 1;
pub const EASEL_POINTER_UP: easel_pointer_phase = 2;
pub const EASEL_POINTER_CANCEL: easel_pointer_phase = 3;
pub const EASEL_POINTER_ENTER: easel_pointer_phase = 4;
pub const EASEL_POINTER_LEAVE: easel_pointer_phase = 5;

/// A pointer button; bit `1 << button` of `easel_pointer_event.buttons`.
pub type easel_pointer_button = u32;
pub const EASEL_BUTTON_PRIMARY: easel_pointer_button = 0;
pub const EASEL_BUTTON_SECONDARY: easel_pointer_button = 1;
pub const EASEL_BUTTON_MIDDLE: easel_pointer_button = 2;

pub type easel_modifiers = u32;
pub const EASEL_MODIFIER_SHIFT: easel_modifiers = 1;
pub const EASEL_MODIFIER_CONTROL: easel_modifiers = 2;
pub const EASEL_MODIFIER_ALT: easel_modifiers = 4;
pub const EASEL_MODIFIER_META: easel_modifiers = 8;

/// One pointer event (host-written value, borrowed for the call).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct easel_pointer_event {
    pub phase: easel_pointer_phase,
    pub button: easel_pointer_button,
    /// In the instance's coordinates, points (draw's: origin top-left).
    pub location: easel_point,
    pub modifiers: easel_modifiers,
    pub click_count: u32,
    /// The buttons held after this event: bit `1 << button` each.
    pub buttons: u32,
    pub reserved0: u32,
    /// Seconds on the instance's clock (easel.clock/1).
    pub timestamp: f64,
}

/// What `get_extension(cls, EASEL_EXTENSION_INPUT)` returns (plugin-written).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct easel_input {
    pub struct_size: u32,
    pub reserved0: u32,
    /// Optional: point(inside:). `None`: the point is inside the bounds.
    pub hit_test: Option<unsafe extern "C" fn(*mut c_void, easel_point) -> bool>,
    /// Required: one event; returns whether the instance handled it.
    pub pointer_event: Option<unsafe extern "C" fn(*mut c_void, *const easel_pointer_event) -> bool>,
}

/// What `easel_host.get_extension(host, EASEL_EXTENSION_INPUT)` returns (host-written).
#[repr(C)]
pub struct easel_host_input {
    /// [any thread] The instance sent a control event ("touchDown", "touchUpInside", "valueChanged", …).
    pub send_action: Option<unsafe extern "C" fn(*const easel_instance_host, *const c_char)>,
}

// ───────────────────────────── Extension: traits (1.2) ─────────────────────────────

/// Appearance, layout direction, content size and display scale (UIKit's trait collection): the
/// host offers `easel_host_traits`; a class offers `easel_class_traits` to hear of changes.
pub const EASEL_EXTENSION_TRAITS: &[u8] = b"easel.traits/1\0";

pub type easel_appearance = u32;
pub const EASEL_APPEARANCE_LIGHT: easel_appearance = 0;
pub const EASEL_APPEARANCE_DARK: easel_appearance = 1;

pub type easel_layout_direction = u32;
pub const EASEL_LAYOUT_LEFT_TO_RIGHT: easel_layout_direction = 0;
pub const EASEL_LAYOUT_RIGHT_TO_LEFT: easel_layout_direction = 1;

/// The user's preferred text size, smallest first; `LARGE` is the default.
pub type easel_content_size = u32;
pub const EASEL_CONTENT_SIZE_EXTRA_SMALL: easel_content_size = 0;
pub const EASEL_CONTENT_SIZE_SMALL: easel_content_size = 1;
pub const EASEL_CONTENT_SIZE_MEDIUM: easel_content_size = 2;
pub const EASEL_CONTENT_SIZE_LARGE: easel_content_size = 3;
pub const EASEL_CONTENT_SIZE_EXTRA_LARGE: easel_content_size = 4;
pub const EASEL_CONTENT_SIZE_EXTRA_EXTRA_LARGE: easel_content_size = 5;
pub const EASEL_CONTENT_SIZE_EXTRA_EXTRA_EXTRA_LARGE: easel_content_size = 6;
pub const EASEL_CONTENT_SIZE_ACCESSIBILITY_MEDIUM: easel_content_size = 7;
pub const EASEL_CONTENT_SIZE_ACCESSIBILITY_LARGE: easel_content_size = 8;
pub const EASEL_CONTENT_SIZE_ACCESSIBILITY_EXTRA_LARGE: easel_content_size = 9;
pub const EASEL_CONTENT_SIZE_ACCESSIBILITY_EXTRA_EXTRA_LARGE: easel_content_size = 10;
pub const EASEL_CONTENT_SIZE_ACCESSIBILITY_EXTRA_EXTRA_EXTRA_LARGE: easel_content_size = 11;

/// An instance's traits (a value type).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct easel_traits {
    pub appearance: easel_appearance,
    pub layout_direction: easel_layout_direction,
    pub content_size: easel_content_size,
    pub reserved0: u32,
    /// Pixels per point (1, 2, 3); 1 for SVG and PDF.
    pub display_scale: f64,
}

/// What `easel_host.get_extension(host, EASEL_EXTENSION_TRAITS)` returns (host-written).
#[repr(C)]
pub struct easel_host_traits {
    /// [any thread] The instance's traits now; already right inside create.
    pub get: Option<unsafe extern "C" fn(*const easel_instance_host) -> easel_traits>,
}

/// What `get_extension(cls, EASEL_EXTENSION_TRAITS)` returns (plugin-written).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct easel_class_traits {
    pub struct_size: u32,
    pub reserved0: u32,
    /// Required: traitCollectionDidChange, with the previous traits (borrowed for the call).
    pub traits_changed: Option<unsafe extern "C" fn(*mut c_void, *const easel_traits)>,
}

// ───────────────────────────── Extension: dependent ranges (per class) ─────────────────────────────

/// Ranges bounded by other properties (a gauge's `value` up to its own `maximum`): a class offers
/// `easel_ranges`. Keeping the bound is the component's job: a setter that leaves the property
/// outside its bounds moves it back and reports it with `easel_instance_host.property_changed`.
pub const EASEL_EXTENSION_RANGES: &[u8] = b"easel.ranges/1\0";

/// The bounds of one property that other properties give (plugin-written).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct easel_dependent_range {
    pub struct_size: u32,
    pub reserved0: u32,
    /// Required: an INT, CGFLOAT or DOUBLE property of the class.
    pub property: *const c_char,
    /// Optional: the property whose current value is `property`'s minimum; null for none.
    pub minimum: *const c_char,
    /// Optional: as `minimum`, for the maximum. At least one of the two is given.
    pub maximum: *const c_char,
}

/// What `get_extension(cls, EASEL_EXTENSION_RANGES)` returns (plugin-written).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct easel_ranges { pub struct_size: u32, pub range_count: u32, pub ranges: *const easel_dependent_range }

// Descriptors are immutable once the host reads them (easel.h, OWNERSHIP): they may be statics.
unsafe impl Sync for easel_enum_case {}
unsafe impl Sync for easel_property {}
unsafe impl Sync for easel_attribute {}
unsafe impl Sync for easel_class {}
unsafe impl Sync for easel_plugin {}
unsafe impl Sync for easel_variant {}
unsafe impl Sync for easel_variants {}
unsafe impl Sync for easel_action {}
unsafe impl Sync for easel_actions {}
unsafe impl Sync for easel_dependent_range {}
unsafe impl Sync for easel_ranges {}

// ───────────────────────────── Layout checks (LP64) ─────────────────────────────
// The numbers of easel.h's LAYOUT table: a mismatch does not compile.

macro_rules! check_size {
    ($t:ty, $size:expr, $align:expr) => {
        const _: () = assert!(size_of::<$t>() == $size && core::mem::align_of::<$t>() == $align);
    };
}
macro_rules! check_offsets {
    ($t:ty { $($field:ident: $offset:expr),* $(,)? }) => {
        $(const _: () = assert!(offset_of!($t, $field) == $offset);)*
    };
}

check_size!(easel_abi_version, 8, 4);
check_size!(easel_point, 16, 8);
check_size!(easel_size, 16, 8);
check_size!(easel_rect, 32, 8);
check_size!(easel_color, 32, 8);
check_size!(easel_insets, 32, 8);
check_size!(easel_affine_transform, 48, 8);
check_size!(easel_value, 32, 8);
check_size!(easel_range, 24, 8);
check_size!(easel_enum_case, 32, 8);
check_offsets!(easel_enum_case { name: 8, value: 16, display_name: 24 });
check_size!(easel_property, 112, 8);
check_offsets!(easel_property { type_: 4, name: 8, default_value: 16, display_name: 48, summary: 56, group: 64, range: 72,
                                enum_case_count: 80, flags: 84, enum_cases: 88, get: 96, set: 104 });
check_size!(easel_gradient_stop, 40, 8);
check_size!(easel_text_style, 72, 8);
check_offsets!(easel_text_style { font_size: 8, font_weight: 16, italic: 20, reserved0: 21, reserved1: 22, color: 24,
                                  alignment: 56, vertical_alignment: 60, line_break: 64, max_lines: 68 });
check_size!(easel_canvas, 320, 8);
check_offsets!(easel_canvas { save: 8, get_transform: 56, arc: 104, set_fill_color: 144, set_shadow: 208, draw_path: 216,
                              draw_linear_gradient: 256, draw_text: 288, measure_text: 296, draw_image: 304, image_size: 312 });
check_size!(easel_attribute, 16, 8);
check_size!(easel_archive, 56, 8);
check_offsets!(easel_archive { attribute_count: 32, attributes: 40, source: 48 });
check_size!(easel_host, 80, 8);
check_offsets!(easel_host { log: 40, host_data: 48, measure_text: 56, image_size: 64, get_extension: 72 });
check_size!(easel_instance_host, 72, 8);
check_offsets!(easel_instance_host { class_name: 8, host_data: 16, log: 24, measure_text: 32, image_size: 40,
                                     request_layout: 48, request_redraw: 56, property_changed: 64 });
check_size!(easel_class, 144, 8);
check_offsets!(easel_class { base_kind: 4, name: 8, default_size: 40, property_count: 56, properties: 64, context: 72,
                             create: 80, create_from_archive: 88, awake_from_archive: 96, prepare_for_designer: 104,
                             layout: 112, draw: 120, intrinsic_size: 128, destroy: 136 });
check_size!(easel_plugin, 80, 8);
check_offsets!(easel_plugin { struct_size: 8, class_count: 12, id: 16, name: 24, version: 32, summary: 40, init: 48,
                              deinit: 56, classes: 64, get_extension: 72 });
check_size!(easel_variant, 40, 8);
check_offsets!(easel_variant { attribute_count: 4, name: 8, display_name: 16, summary: 24, attributes: 32 });
check_size!(easel_variants, 16, 8);
check_size!(easel_action, 96, 8);
check_offsets!(easel_action { argument_type: 4, name: 8, range: 32, enum_case_count: 40, enum_cases: 48,
                              default_argument: 56, invoke: 88 });
check_size!(easel_actions, 16, 8);
check_size!(easel_clock, 8, 8);
check_size!(easel_pointer_event, 48, 8);
check_offsets!(easel_pointer_event { phase: 0, button: 4, location: 8, modifiers: 24, click_count: 28, buttons: 32,
                                     reserved0: 36, timestamp: 40 });
check_size!(easel_input, 24, 8);
check_offsets!(easel_input { struct_size: 0, reserved0: 4, hit_test: 8, pointer_event: 16 });
check_size!(easel_host_input, 8, 8);
check_offsets!(easel_host_input { send_action: 0 });
check_size!(easel_traits, 24, 8);
check_offsets!(easel_traits { appearance: 0, layout_direction: 4, content_size: 8, reserved0: 12, display_scale: 16 });
check_size!(easel_host_traits, 8, 8);
check_offsets!(easel_host_traits { get: 0 });
check_size!(easel_class_traits, 16, 8);
check_offsets!(easel_class_traits { struct_size: 0, reserved0: 4, traits_changed: 8 });
check_size!(easel_dependent_range, 32, 8);
check_offsets!(easel_dependent_range { struct_size: 0, reserved0: 4, property: 8, minimum: 16, maximum: 24 });
check_size!(easel_ranges, 16, 8);
check_offsets!(easel_ranges { struct_size: 0, range_count: 4, ranges: 8 });
