/// `host new NAME --rust`: a Cargo crate (a `cdylib`) on the installed `easel-sys` binding, which it
/// depends on by path (nothing is fetched: `cargo build --offline` works).
extension ProjectTemplate {
    var rustFiles: [File] {
        [
            File(path: "Cargo.toml", text: fill(rustManifest)),
            File(path: "src/lib.rs", text: fill(rustComponent)),
            File(path: "README.md", text: fill(rustReadme)),
            File(path: ".gitignore", text: "/target\n/*.png\n"),
        ]
    }
}

private let rustManifest = #"""
# @NAME@: a designable component for Easel, in Rust (made by `easel new @NAME@ --rust`).
# `cargo build` makes target/debug/lib@SNAKE@.so against the easel-sys binding installed in @PREFIX@.
[package]
name = "@SNAKE@"
version = "0.1.0"
edition = "2021"
publish = false

[lib]
crate-type = ["cdylib"]
path = "src/lib.rs"

[dependencies]
easel-sys = { path = "@PREFIX@/share/easel/rust/easel-sys" }

"""#

private let rustComponent = #"""
//! @NAME@: a rounded box with a title, a designable component for Easel (made by
//! `easel new @NAME@ --rust`) on the `easel-sys` binding.
//!
//! A component is one plain typed function per property accessor, a static property table and one
//! class descriptor; the host calls the accessors through libffi. easel.h (in @PREFIX@/include)
//! documents every member: what it does, who owns what, and the thread rules. No panic may unwind
//! into the host: every callback body runs in `guarded`, which turns a panic into a logged failure.
use easel_sys::*;
use std::ffi::{c_char, c_void, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr::{null, null_mut};

/// The instance: the component's state, and its host (for logging).
struct View {
    host: *const easel_instance_host,
    size: easel_size,
    title: CString,
    corner_radius: f64,
}

/// Runs `body`; a panic becomes `failure`, after its message was logged as an error through `host`.
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

/// The view behind `self` (never null: the host passes what create returned).
unsafe fn view<'a>(this: *mut c_void) -> &'a mut View {
    &mut *(this as *mut View)
}

const fn size_of_u32<T>() -> u32 {
    std::mem::size_of::<T>() as u32
}

// ── Accessors ──

/// STRING: the string is borrowed for the call, so it is copied.
unsafe extern "C" fn get_title(this: *mut c_void) -> *const c_char {
    let v = view(this);
    guarded(v.host, null(), || v.title.as_ptr())
}
unsafe extern "C" fn set_title(this: *mut c_void, value: *const c_char) {
    let v = view(this);
    let host = v.host;
    guarded(host, (), || v.title = CStr::from_ptr(value).to_owned())
}

unsafe extern "C" fn get_corner_radius(this: *mut c_void) -> f64 {
    let v = view(this);
    guarded(v.host, 0.0, || v.corner_radius)
}
unsafe extern "C" fn set_corner_radius(this: *mut c_void, value: f64) {
    let v = view(this);
    let host = v.host;
    guarded(host, (), || v.corner_radius = value)
}

/// `easel_fn` from a typed function: accessors are stored generically and called with their real type.
macro_rules! erased {
    ($f:expr) => {
        Some(unsafe { std::mem::transmute::<*const (), unsafe extern "C" fn()>($f as *const ()) })
    };
}

// ── The property table ──

static CORNER_RADIUS_RANGE: easel_range = easel_range { min: 0.0, max: 40.0, step: 1.0 };

struct Properties([easel_property; 2]);
unsafe impl Sync for Properties {}
static PROPERTIES: Properties = Properties([
    easel_property {
        struct_size: size_of_u32::<easel_property>(), type_: EASEL_TYPE_STRING, name: c"title".as_ptr(),
        default_value: easel_value { s: c"@NAME@".as_ptr() }, display_name: null(),
        summary: c"The text in the middle".as_ptr(), group: null(), range: null(), enum_case_count: 0, flags: 0,
        enum_cases: null(), get: erased!(get_title), set: erased!(set_title),
    },
    easel_property {
        struct_size: size_of_u32::<easel_property>(), type_: EASEL_TYPE_CGFLOAT, name: c"cornerRadius".as_ptr(),
        default_value: easel_value { d: 12.0 }, display_name: null(),
        summary: c"Radius of the corners, in points".as_ptr(), group: null(), range: &CORNER_RADIUS_RANGE,
        enum_case_count: 0, flags: 0, enum_cases: null(), get: erased!(get_corner_radius), set: erased!(set_corner_radius),
    },
]);

// ── Lifecycle ──

unsafe extern "C" fn create(_cls: *const easel_class, frame: easel_rect, host: *const easel_instance_host) -> *mut c_void {
    guarded(host, null_mut(), || {
        let view = View { host, size: frame.size, title: c"@NAME@".to_owned(), corner_radius: 12.0 };
        Box::into_raw(Box::new(view)) as *mut c_void
    })
}

unsafe extern "C" fn layout(this: *mut c_void, size: easel_size) {
    let v = view(this);
    let host = v.host;
    guarded(host, (), || v.size = size)
}

unsafe extern "C" fn draw(this: *mut c_void, canvas: *mut easel_canvas, _dirty: easel_rect) -> bool {
    let v = view(this);
    let host = v.host;
    guarded(host, false, || {
        let c = &*canvas;
        let bounds = easel_rect { origin: easel_point { x: 0.0, y: 0.0 }, size: v.size };
        (c.set_fill_color.unwrap())(canvas, easel_color { red: 0.0, green: 0.478, blue: 1.0, alpha: 1.0 }); // system blue
        (c.begin_path.unwrap())(canvas);
        (c.add_rounded_rect.unwrap())(canvas, bounds, v.corner_radius);
        (c.draw_path.unwrap())(canvas, EASEL_PATH_FILL);
        let style = easel_text_style {
            font_family: null(), font_size: 22.0, font_weight: 700, italic: false, reserved0: 0, reserved1: 0,
            color: easel_color { red: 1.0, green: 1.0, blue: 1.0, alpha: 1.0 },
            alignment: EASEL_TEXT_ALIGN_CENTER, vertical_alignment: EASEL_VERTICAL_ALIGN_CENTER,
            line_break: EASEL_LINE_BREAK_TRUNCATE_TAIL, max_lines: 1,
        };
        (c.draw_text.unwrap())(canvas, v.title.as_ptr(), bounds, &style);
        true
    })
}

unsafe extern "C" fn destroy(this: *mut c_void) {
    let host = view(this).host;
    guarded(host, (), || drop(Box::from_raw(this as *mut View)))
}

// ── A variant: a named state that the designer, the gallery and snapshot tests show ──

struct Variant([easel_variant; 1], [easel_attribute; 2]);
unsafe impl Sync for Variant {}
static VARIANT: Variant = Variant(
    [easel_variant {
        struct_size: size_of_u32::<easel_variant>(), attribute_count: 2, name: c"pill".as_ptr(), display_name: null(),
        summary: c"Fully rounded ends".as_ptr(), attributes: &VARIANT.1 as *const easel_attribute,
    }],
    [easel_attribute { key: c"title".as_ptr(), value: c"Pill".as_ptr() },
     easel_attribute { key: c"cornerRadius".as_ptr(), value: c"40".as_ptr() }],
);
static VARIANTS: easel_variants = easel_variants {
    struct_size: size_of_u32::<easel_variants>(), variant_count: 1, variants: &VARIANT.0 as *const easel_variant,
};

/// Extensions are found by id; null for an id this plugin does not know.
unsafe extern "C" fn get_extension(cls: *const easel_class, id: *const c_char) -> *const c_void {
    if !cls.is_null() && CStr::from_ptr(id).to_bytes_with_nul() == EASEL_EXTENSION_VARIANTS {
        return &VARIANTS as *const easel_variants as *const c_void;
    }
    null()
}

// ── The class and the plugin ──

struct Classes([easel_class; 1]);
unsafe impl Sync for Classes {}
static CLASSES: Classes = Classes([easel_class {
    struct_size: size_of_u32::<easel_class>(),
    base_kind: EASEL_KIND_VIEW,
    name: c"@NAME@".as_ptr(),
    display_name: null(),
    summary: c"A rounded box with a title".as_ptr(),
    group: null(),
    default_size: easel_size { width: 200.0, height: 80.0 },
    property_count: 2,
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
}]);

struct Plugin(easel_plugin);
unsafe impl Sync for Plugin {}
static PLUGIN: Plugin = Plugin(easel_plugin {
    abi: EASEL_ABI_VERSION,
    struct_size: size_of_u32::<easel_plugin>(),
    class_count: 1,
    id: c"@ID@".as_ptr(),
    name: c"@NAME@".as_ptr(),
    version: c"0.1.0".as_ptr(),
    summary: null(),
    init: None,
    deinit: None,
    classes: &CLASSES.0 as *const easel_class,
    get_extension: Some(get_extension),
});

/// The plugin's one entry point (easel.h: EASEL_PLUGIN_ENTRY): the host calls it when it loads
/// lib@SNAKE@.so.
#[no_mangle]
pub extern "C" fn easel_plugin_entry() -> *const easel_plugin {
    &PLUGIN.0
}

"""#

private let rustReadme = #"""
# @NAME@

A designable component for Easel in Rust, made by `easel new @NAME@ --rust`: `lib@SNAKE@.so`, which
the Easel host loads, inspects and renders.

## Build

```sh
cargo build            # target/debug/lib@SNAKE@.so (nothing is fetched: easel-sys is a path dependency)
```

## Preview

```sh
easel inspect @NAME@ --plugins target/debug
easel render @NAME@ --plugins target/debug -o @NAME@.png
easel render @NAME@ --plugins target/debug --variant pill -o pill.png
easel watch target/debug --out previews      # redrawn after every cargo build
easel serve target/debug --build "cargo build --offline" --sources src --open   # the live designer
```

## Writing it

`src/lib.rs` has one typed getter and setter per property, the property table (`PROPERTIES`:
name, type, default, summary, range), a variant (`pill`), the class descriptor and the entry point.
Every callback runs in `guarded`, so that no panic unwinds into the host. The binding, `easel-sys` (in
`@PREFIX@/share/easel/rust/easel-sys`), mirrors `easel.h` (in `@PREFIX@/include`) and checks its
layouts at compile time; the header documents every member: what it does, who owns what, and the
thread rules.

"""#
