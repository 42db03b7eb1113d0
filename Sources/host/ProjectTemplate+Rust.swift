/// `host new NAME --rust`: a Cargo crate on the installed easel-sys binding (by path) that builds the
/// same component as the Swift and C templates with `cargo build` (no crates are fetched). (Written by
/// the abi work, issue 9, for the binding it ships.)
extension ProjectTemplate {
    var rustFiles: [File] {
        [
            File(path: "Cargo.toml", text: fill(rustManifest)),
            File(path: "src/lib.rs", text: fill(rustComponent)),
            File(path: "README.md", text: fill(rustReadme)),
            File(path: ".gitignore", text: "/target\n/*.png\nCargo.lock\n"),
        ]
    }
}

private let rustManifest = #"""
# @NAME@: a designable component for Easel, in Rust (made by `easel new @NAME@ --rust`). `cargo build`
# builds target/debug/lib@SNAKE@.so on the easel-sys binding installed in @PREFIX@.
[package]
name = "@SNAKE@"
version = "0.1.0"
edition = "2021"
rust-version = "1.77"
publish = false

[lib]
crate-type = ["cdylib"]

[dependencies]
easel-sys = { path = "@PREFIX@/share/easel/rust/easel-sys" }

"""#

private let rustComponent = #"""
//! @NAME@: a rounded box with a title, a designable component for Easel (made by
//! `easel new @NAME@ --rust`), on the easel-sys binding of easel.h.
//!
//! One typed getter and setter per property, a static property table, a variant, one class and the
//! plugin descriptor. Every callback runs inside `guarded`: a panic must never unwind into the host
//! (easel.h, ERRORS), so it is caught, logged and turned into failure.
use easel_sys::*;
use std::ffi::{c_char, c_void, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr::{null, null_mut};

struct View {
    host: *const easel_instance_host,
    size: easel_size,
    title: CString,
    corner_radius: f64,
}

/// `body`, or `failure` (after logging why) if it panics.
fn guarded<R>(host: *const easel_instance_host, failure: R, body: impl FnOnce() -> R) -> R {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or_else(|_| {
        unsafe { ((*host).log.unwrap())(host, EASEL_LOG_ERROR, c"a Rust panic was caught".as_ptr()) };
        failure
    })
}

unsafe fn view<'a>(this: *mut c_void) -> &'a mut View {
    &mut *(this as *mut View)
}

// ── Accessors ──

unsafe extern "C" fn get_title(this: *mut c_void) -> *const c_char {
    view(this).title.as_ptr()
}
unsafe extern "C" fn set_title(this: *mut c_void, text: *const c_char) {
    let v = view(this);
    let host = v.host;
    guarded(host, (), || v.title = CStr::from_ptr(text).to_owned()) // borrowed: copied
}
unsafe extern "C" fn get_corner_radius(this: *mut c_void) -> f64 {
    view(this).corner_radius
}
unsafe extern "C" fn set_corner_radius(this: *mut c_void, radius: f64) {
    view(this).corner_radius = radius;
}

/// Accessors are stored as the generic `easel_fn` and called with their real signature.
macro_rules! erased {
    ($f:expr) => {
        Some(unsafe { std::mem::transmute::<*const (), unsafe extern "C" fn()>($f as *const ()) })
    };
}

static CORNER_RADIUS_RANGE: easel_range = easel_range { min: 0.0, max: 40.0, step: 1.0 };

struct Properties([easel_property; 2]);
unsafe impl Sync for Properties {}
static PROPERTIES: Properties = Properties([
    // Every table entry starts with its struct_size (easel.h, VERSIONING).
    easel_property {
        struct_size: std::mem::size_of::<easel_property>() as u32, type_: EASEL_TYPE_STRING, name: c"title".as_ptr(),
        default_value: easel_value { s: c"@NAME@".as_ptr() }, display_name: null(), summary: c"The text in the middle".as_ptr(),
        group: null(), range: null(), enum_case_count: 0, flags: 0, enum_cases: null(),
        get: erased!(get_title), set: erased!(set_title),
    },
    easel_property {
        struct_size: std::mem::size_of::<easel_property>() as u32, type_: EASEL_TYPE_CGFLOAT, name: c"cornerRadius".as_ptr(),
        default_value: easel_value { d: 12.0 }, display_name: null(), summary: c"Radius of the corners, in points".as_ptr(),
        group: null(), range: &CORNER_RADIUS_RANGE, enum_case_count: 0, flags: 0, enum_cases: null(),
        get: erased!(get_corner_radius), set: erased!(set_corner_radius),
    },
]);

// ── Lifecycle ──

unsafe extern "C" fn create(_cls: *const easel_class, frame: easel_rect, host: *const easel_instance_host) -> *mut c_void {
    guarded(host, null_mut(), || {
        let v = View { host, size: frame.size, title: CString::new("@NAME@").unwrap(), corner_radius: 12.0 };
        Box::into_raw(Box::new(v)) as *mut c_void
    })
}

unsafe extern "C" fn layout(this: *mut c_void, size: easel_size) {
    view(this).size = size;
}

unsafe extern "C" fn draw(this: *mut c_void, canvas: *mut easel_canvas, _dirty: easel_rect) -> bool {
    let v = view(this);
    guarded(v.host, false, || {
        let c = &*canvas;
        let bounds = easel_rect { origin: easel_point { x: 0.0, y: 0.0 }, size: v.size };
        (c.set_fill_color.unwrap())(canvas, easel_color { red: 0.0, green: 0.478, blue: 1.0, alpha: 1.0 }); // system blue
        (c.begin_path.unwrap())(canvas);
        (c.add_rounded_rect.unwrap())(canvas, bounds, v.corner_radius);
        (c.draw_path.unwrap())(canvas, EASEL_PATH_FILL);
        let style = easel_text_style {
            font_family: null(), font_size: 22.0, font_weight: 700, italic: false, reserved0: 0, reserved1: 0,
            color: easel_color { red: 1.0, green: 1.0, blue: 1.0, alpha: 1.0 }, alignment: EASEL_TEXT_ALIGN_CENTER,
            vertical_alignment: EASEL_VERTICAL_ALIGN_CENTER, line_break: EASEL_LINE_BREAK_TRUNCATE_TAIL, max_lines: 1,
        };
        (c.draw_text.unwrap())(canvas, v.title.as_ptr(), bounds, &style);
        true
    })
}

unsafe extern "C" fn destroy(this: *mut c_void) {
    drop(Box::from_raw(this as *mut View));
}

// ── A variant: a named state that the designer, the gallery and snapshot tests show ──

struct Variant([easel_attribute; 2], [easel_variant; 1], easel_variants);
unsafe impl Sync for Variant {}
static VARIANT: Variant = Variant(
    [easel_attribute { key: c"title".as_ptr(), value: c"Pill".as_ptr() },
     easel_attribute { key: c"cornerRadius".as_ptr(), value: c"40".as_ptr() }],
    [easel_variant { struct_size: std::mem::size_of::<easel_variant>() as u32, attribute_count: 2, name: c"pill".as_ptr(),
                     display_name: null(), summary: c"Fully rounded ends".as_ptr(), attributes: &VARIANT.0 as *const easel_attribute }],
    easel_variants { struct_size: std::mem::size_of::<easel_variants>() as u32, variant_count: 1,
                     variants: &VARIANT.1 as *const easel_variant },
);

/// Extensions are found by id; null for an id this plugin does not know.
unsafe extern "C" fn get_extension(cls: *const easel_class, id: *const c_char) -> *const c_void {
    if !cls.is_null() && CStr::from_ptr(id).to_bytes_with_nul() == EASEL_EXTENSION_VARIANTS {
        return &VARIANT.2 as *const easel_variants as *const c_void;
    }
    null()
}

// ── The class and the plugin ──

static CLASSES: [easel_class; 1] = [easel_class {
    struct_size: std::mem::size_of::<easel_class>() as u32, base_kind: EASEL_KIND_VIEW, name: c"@NAME@".as_ptr(),
    display_name: null(), summary: c"A rounded box with a title".as_ptr(), group: null(),
    default_size: easel_size { width: 200.0, height: 80.0 }, property_count: 2, reserved0: 0,
    properties: &PROPERTIES.0 as *const easel_property, context: null(),
    create: Some(create), create_from_archive: None, awake_from_archive: None, prepare_for_designer: None,
    layout: Some(layout), draw: Some(draw), intrinsic_size: None, destroy: Some(destroy),
}];

static PLUGIN: easel_plugin = easel_plugin {
    abi: EASEL_ABI_VERSION, struct_size: std::mem::size_of::<easel_plugin>() as u32, class_count: 1,
    id: c"@ID@".as_ptr(), name: c"@NAME@".as_ptr(), version: c"0.1.0".as_ptr(), summary: null(),
    init: None, deinit: None, classes: &CLASSES as *const easel_class, get_extension: Some(get_extension),
};

/// The entry point the host looks for (easel.h: EASEL_PLUGIN_ENTRY).
#[no_mangle]
pub extern "C" fn easel_plugin_entry() -> *const easel_plugin {
    &PLUGIN
}

"""#

private let rustReadme = #"""
# @NAME@

A designable component for Easel in Rust, made by `easel new @NAME@ --rust`: `lib@SNAKE@.so`, which the
Easel host loads, inspects and renders. It depends on the `easel-sys` binding installed in
`@PREFIX@/share/easel/rust/easel-sys` (by path: nothing is fetched).

## Build

```sh
cargo build
```

## Preview

```sh
easel inspect @NAME@ --plugins target/debug
easel render @NAME@ --plugins target/debug -o @NAME@.png
easel render @NAME@ --plugins target/debug --variant pill -o pill.png
easel watch target/debug --out previews          # redrawn after every cargo build
```

## Writing it

`src/lib.rs` has one typed getter and setter per property, the property table (name, type, default,
summary, range), a variant (`pill`) and the class descriptor. `easel.h` (in `@PREFIX@/include`)
documents every member, who owns what and the thread rules; easel-sys follows it field for field and
checks every size and offset at compile time. Never let a panic leave a callback: `guarded` catches it.

"""#
