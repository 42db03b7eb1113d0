/*
 * easel.h — the Easel component ABI, version 1.2.
 *
 * This header is the contract between a component plugin (a shared library written in C, C++, Rust,
 * Swift with EaselKit, or any language that speaks the C ABI) and the Easel host. Nothing else is:
 * a plugin written from this file alone, without reading the host, must work.
 *
 *   plugin author                                    host
 *   ─────────────                                    ────
 *   EASEL_PLUGIN_ENTRY returns an easel_plugin  ──▶  checks abi (easel_abi_is_compatible)
 *   easel_plugin.init(host)                     ◀──  one easel_host per loaded image
 *   easel_plugin.classes[i]                     ──▶  validated, registered by name
 *   easel_plugin.get_extension(cls, id)         ──▶  variants, actions, … (EXTENSIONS)
 *   easel_class.create(cls, frame, ihost)       ◀──  instance lifecycle (UIKit order); ihost talks back
 *   easel_property.set/get (typed functions)    ◀──  called through libffi, one prepared cif per signature
 *   easel_class.draw(self, canvas, rect)        ◀──  canvas: drawing operations modelled on CoreGraphics
 *   easel_input.pointer_event(self, event)      ◀──  pointer input, hit tests (easel.input/1, 1.2)
 *   easel_host_traits.get(ihost)                ──▶  appearance, direction, text size, scale (easel.traits/1, 1.2)
 *
 * CALLING CONVENTION
 *   Every function in this header, in both directions, uses the platform's C calling convention
 *   (System V AMD64 on x86-64, AAPCS64 on aarch64): `extern "C"` in C++ and Rust, `@convention(c)` in
 *   Swift. Structs are passed and returned by value as that convention says; `bool` is C's `_Bool`
 *   (one byte, 0 or 1). Only LP64 Linux is supported (x86-64 and aarch64, which lay out every type
 *   here identically: see LAYOUT).
 *
 * VERSIONING — how this contract grows (one rule, applied everywhere)
 *   Within a major version nothing is ever changed or removed; things are only added:
 *   - A struct grows only at its end. Every struct that a plugin fills in for the host to read starts
 *     with `uint32_t struct_size`, set to sizeof(that struct) in the header the plugin was compiled
 *     against (in easel_plugin it follows `abi`, which is at offset 0 in every version, so any host
 *     can read any plugin's version). The host steps through a table by struct_size and reads a field
 *     only if it lies wholly inside struct_size; a field beyond it reads as 0 / NULL, and every field
 *     added after 1.1 takes 0 / NULL to mean "not given". All elements of one table have the same
 *     struct_size; it is a multiple of 8 and at least the struct's size in 1.1. C writes
 *     `.struct_size = sizeof(easel_property)`, other languages their sizeof of the same layout.
 *   - A struct the host fills in for the plugin (easel_host, easel_instance_host, easel_canvas,
 *     easel_archive, easel_clock) carries no size: a host never loads a plugin newer than itself (the
 *     version rule below), so every field the plugin was compiled against is there.
 *   - Value types never change: easel_abi_version, the geometry types, easel_color, easel_value,
 *     easel_range, easel_gradient_stop, easel_text_style and easel_attribute. Arrays of them are
 *     strided by their fixed sizes, in both directions.
 *   - New type codes, flags, kinds and other constants come with a new minor version.
 *   - New capabilities come as extensions, found by id (EXTENSIONS below). An extension's structs
 *     follow the two rules above; an incompatible change is a new id ("easel.variants/2").
 *   The plugin stores the version it was compiled against in easel_plugin.abi (EASEL_ABI_VERSION).
 *   The host accepts it iff the majors are equal and the plugin's minor is not newer than the host's
 *   (easel_abi_is_compatible); anything else is refused with a message naming both versions.
 *   History: 1.2 added the extensions easel.input/1 (pointer input, hit tests and control events) and
 *   easel.traits/1 (appearance, layout direction, content size and display scale), and nothing else:
 *   a 1.1 plugin loads and behaves as before, and its classes simply take no input and read no traits.
 *   1.0 was an unreleased draft without struct_size, whose create took no instance host.
 *   The host still reads 1.0 plugins correctly, through a frozen copy of that layout (they get no
 *   1.1 features), and reads every 1.1 table by the rule above. A descriptor that declares 1.0 but
 *   is not laid out as 1.0's (its pointers lead to no mapped memory: a 1.1 descriptor whose abi was
 *   written {1, 0} by hand) is refused, naming what it found; store EASEL_ABI_VERSION.
 *
 * NULL AND POINTERS
 *   The clang nullability annotations below (EASEL_NULLABLE) say the same as the words, for compilers
 *   and Swift. Unless a comment says "may be NULL", a pointer must not be NULL. For fields the host
 *   reads from a plugin, "Required" means a plugin that leaves it NULL is refused while loading (the
 *   field is still annotated EASEL_NULLABLE there, because the host must be able to look at NULL: every
 *   pointer field of a struct a plugin writes is annotated so); "Optional" means NULL is allowed and
 *   what NULL means is stated.
 *   Strings, plugin → host: names, ids and versions are never NULL; display names, summaries and
 *   groups may be NULL (absent); a STRING getter may return NULL, read as ""; an IMAGE getter returns
 *   NULL for "no image". Strings, host → plugin: a STRING setter and action never receive NULL (an
 *   empty value is ""); an IMAGE setter or action receives NULL for "no image"; every other string
 *   the host passes is non-NULL, except where a comment says "may be NULL".
 *
 * OWNERSHIP (applies everywhere unless a function says otherwise)
 *   - Every string is UTF-8 and NUL-terminated.
 *   - Descriptors (easel_plugin, easel_class, easel_property, easel_enum_case, easel_range and every
 *     extension struct and table a plugin returns) and the strings they point to are owned by the
 *     plugin and stay valid and unchanged from the moment the host reads them (after init returned
 *     true) until deinit returns. The host never writes them: the entry returns a pointer to const.
 *     A plugin whose init fills in class_count and classes (as EaselKit's does) keeps its descriptor
 *     in writable storage of its own (not declared const) and writes it only inside init.
 *   - Strings passed *into* the plugin (setter and action arguments, archives, text to draw) are
 *     borrowed for the duration of the call: copy them if you keep them.
 *   - Strings returned *by* a property getter are owned by the instance and must stay valid until the
 *     next call into that instance or its destruction, whichever comes first. The host copies them at once.
 *   - Host structs (easel_host, easel_instance_host, easel_canvas, extension structs of the host) are
 *     owned by the host; each says how long it is valid.
 *
 * THREADS — every function is tagged with one of these:
 *   [loading thread]  entry, init, deinit: called once each, on the thread that loads the plugin.
 *   [host thread]     called by the host, never concurrently with any other call into the same plugin
 *                     (class, instance, property, action, draw and get_extension callbacks are
 *                     serialized), though not necessarily always on the same thread. A plugin may
 *                     call host functions tagged [host thread] only from inside such a callback, on
 *                     its thread.
 *   [any thread]      the plugin may call it from any thread, its own threads included, at any time
 *                     the object it belongs to is valid; the host makes it thread-safe.
 *   An easel_canvas is valid only during the draw call it is passed to, on that call's thread.
 *   A component that starts threads of its own stops them (or stops them calling the host) before
 *   its destroy returns, and before deinit returns.
 *
 * ERRORS
 *   A callback that can fail says so by its return value (create returns NULL; init, draw and action
 *   invocations return false). Just before failing, log one EASEL_LOG_ERROR line (through
 *   easel_instance_host.log for an instance, easel_host.log otherwise) saying why: the host attaches
 *   the last error logged on the calling thread to the failure it reports, together with the plugin
 *   file, class and phase.
 *   No callback may unwind into the host: a C++ exception, a Rust panic or a longjmp crossing a
 *   function of this header is undefined behaviour (in practice the process aborts; in a worker, the
 *   host reports a crash). Catch at the boundary and return failure, or, for a callback that returns
 *   nothing, log the error and return.
 *
 * NAMES
 *   Class, property, enum-case, variant and action names are identifiers ([A-Za-z_][A-Za-z0-9_]*),
 *   class names in UpperCamelCase and the others in lowerCamelCase by convention. A display name left
 *   NULL is derived the way Xcode does it: "cornerRadius" → "Corner Radius", "RoundedCornerButton" →
 *   "Rounded Corner Button". Class names are global: when two plugins register the same class name,
 *   the host keeps the one from the file whose path sorts first and warns, naming both files.
 *
 * EXTENSIONS
 *   A capability that not every plugin or host has is an extension: a struct found by id through
 *   easel_plugin.get_extension (the plugin's, per class) or easel_host.get_extension (the host's).
 *   Ids are "<reverse-DNS name>/<version>"; ids beginning "easel." are reserved for this header.
 *   get_extension returns NULL for an id it does not know; a host ignores a plugin's extensions that
 *   it does not know, and a plugin works (perhaps doing less) when the host returns NULL. A pointer
 *   returned stays valid and unchanged until deinit returns. An id may name two structs, as CLAP's do:
 *   the plugin's half (per class, from get_extension(cls, id)) and the host's half (from
 *   easel_host.get_extension(host, id)); each side reads only the other's. Defined here:
 *   easel.variants/1, easel.actions/1 and easel.ranges/1 (offered by plugins, per class; ranges
 *   need no minor version), easel.clock/1 (offered by the host), and since 1.2 easel.input/1 (easel_input per class; easel_host_input from the host) and
 *   easel.traits/1 (easel_host_traits from the host; easel_class_traits per class). None is
 *   plugin-wide: a host reads a plugin's extensions only from get_extension(cls, id), for each class.
 *   It also asks get_extension(NULL, id) for these ids, and warns once per plugin (naming the file and
 *   the id) when the answer is a table that no class returned, as what is there is never read; a
 *   get_extension that ignores `cls` and answers with its one class's tables is fine.
 *
 * DEFAULTS
 *   create must return an instance whose every property reads back the default its table declares.
 *   The host reads every property back once after create; a mismatch is a warning naming the class,
 *   the property and both values (host inspect, host list --verbose, host gallery; a validator makes
 *   it a failure).
 *
 * WHAT THE HOST VALIDATES (a plugin failing any of these is reported and not loaded)
 *   entry symbol present; entry returns non-NULL; ABI compatible; struct_size of every table valid (see
 *   VERSIONING); init (if any) returns true; id, name and version non-NULL valid UTF-8; every name a
 *   valid identifier; class names unique in the plugin; property names unique in their class; known
 *   type codes; get non-NULL; set non-NULL unless EASEL_PROPERTY_READ_ONLY; create, draw and destroy
 *   non-NULL; ranges with min <= max, step >= 0, only on numeric types; defaults inside their range;
 *   enums with at least one case and a default that is one of them; default sizes finite and >= 0;
 *   variants with unique names whose attributes name properties of the class and parse as their
 *   values; actions with unique names, a known argument type, invoke non-NULL and a valid default
 *   argument.
 *
 * LAYOUT (LP64 Linux, x86-64 and aarch64; the _Static_asserts at the end of this file check every size and
 *   alignment and the offsets that pin each struct; the host's tests check every number of this table)
 *   type                  size align  field: offset
 *   easel_abi_version        8   4    major 0, minor 4
 *   easel_point             16   8    x 0, y 8
 *   easel_size              16   8    width 0, height 8
 *   easel_rect              32   8    origin 0, size 16
 *   easel_color             32   8    red 0, green 8, blue 16, alpha 24
 *   easel_insets            32   8    top 0, left 8, bottom 16, right 24
 *   easel_affine_transform  48   8    a 0, b 8, c 16, d 24, tx 32, ty 40
 *   easel_value             32   8    a union: every member at 0 (i, d, b, s, point, size, rect, color, insets)
 *   easel_range             24   8    min 0, max 8, step 16
 *   easel_enum_case         32   8    struct_size 0, reserved0 4, name 8, value 16, display_name 24
 *   easel_property         112   8    struct_size 0, type 4, name 8, default_value 16, display_name 48,
 *                                     summary 56, group 64, range 72, enum_case_count 80, flags 84,
 *                                     enum_cases 88, get 96, set 104
 *   easel_gradient_stop     40   8    location 0, color 8
 *   easel_text_style        72   8    font_family 0, font_size 8, font_weight 16, italic 20, reserved0 21,
 *                                     reserved1 22, color 24, alignment 56, vertical_alignment 60,
 *                                     line_break 64, max_lines 68
 *   easel_canvas           320   8    host_data 0, then the 39 function pointers in declaration order at
 *                                     8, 16, …, 312 (save 8, restore 16, …, draw_image 304, image_size 312)
 *   easel_attribute         16   8    key 0, value 8
 *   easel_archive           56   8    frame 0, attribute_count 32, reserved0 36, attributes 40, source 48
 *   easel_host              80   8    abi 0, name 8, version 16, plugin_path 24, resource_dir 32, log 40,
 *                                     host_data 48, measure_text 56, image_size 64, get_extension 72
 *   easel_instance_host     72   8    host 0, class_name 8, host_data 16, log 24, measure_text 32,
 *                                     image_size 40, request_layout 48, request_redraw 56, property_changed 64
 *   easel_class            144   8    struct_size 0, base_kind 4, name 8, display_name 16, summary 24,
 *                                     group 32, default_size 40, property_count 56, reserved0 60,
 *                                     properties 64, context 72, create 80, create_from_archive 88,
 *                                     awake_from_archive 96, prepare_for_designer 104, layout 112, draw 120,
 *                                     intrinsic_size 128, destroy 136
 *   easel_plugin            80   8    abi 0, struct_size 8, class_count 12, id 16, name 24, version 32,
 *                                     summary 40, init 48, deinit 56, classes 64, get_extension 72
 *   easel_variant           40   8    struct_size 0, attribute_count 4, name 8, display_name 16,
 *                                     summary 24, attributes 32
 *   easel_variants          16   8    struct_size 0, variant_count 4, variants 8
 *   easel_action            96   8    struct_size 0, argument_type 4, name 8, display_name 16, summary 24,
 *                                     range 32, enum_case_count 40, reserved0 44, enum_cases 48,
 *                                     default_argument 56, invoke 88
 *   easel_actions           16   8    struct_size 0, action_count 4, actions 8
 *   easel_clock              8   8    now 0
 *   easel_pointer_event     48   8    phase 0, button 4, location 8, modifiers 24, click_count 28,
 *                                     buttons 32, reserved0 36, timestamp 40
 *   easel_input             24   8    struct_size 0, reserved0 4, hit_test 8, pointer_event 16
 *   easel_host_input         8   8    send_action 0
 *   easel_traits            24   8    appearance 0, layout_direction 4, content_size 8, reserved0 12,
 *                                     display_scale 16
 *   easel_host_traits        8   8    get 0
 *   easel_class_traits      16   8    struct_size 0, reserved0 4, traits_changed 8
 *   easel_dependent_range   32   8    struct_size 0, reserved0 4, property 8, minimum 16, maximum 24
 *   easel_ranges            16   8    struct_size 0, range_count 4, ranges 8
 *   Scalars: uint32_t 4, int64_t 8, double 8, bool 1, pointers and function pointers 8. The type
 *   aliases easel_type, easel_property_flags, easel_base_kind, easel_log_level and the other enum-like
 *   aliases are uint32_t. Fields named reserved* are padding made explicit: write 0, never read them.
 */
#ifndef EASEL_H
#define EASEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Nullability for clang and Swift; other compilers see nothing. See "NULL AND POINTERS". Pointers
 * not marked EASEL_NULLABLE are non-NULL (clang's assume_nonnull region; EASEL_NONNULL where clang
 * needs it said explicitly). The header opts into clang's nullability extension knowingly, so its
 * -pedantic remark about it is silenced between here and the end of the file. */
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wnullability-extension"
#define EASEL_NULLABLE _Nullable
#define EASEL_NONNULL _Nonnull
#define EASEL_ASSUME_NONNULL_BEGIN _Pragma("clang assume_nonnull begin")
#define EASEL_ASSUME_NONNULL_END _Pragma("clang assume_nonnull end")
#else
#define EASEL_NULLABLE
#define EASEL_NONNULL
#define EASEL_ASSUME_NONNULL_BEGIN
#define EASEL_ASSUME_NONNULL_END
#endif

#ifdef __cplusplus
#define EASEL_STATIC_ASSERT(condition, message) static_assert(condition, message)
extern "C" {
#else
#define EASEL_STATIC_ASSERT(condition, message) _Static_assert(condition, message)
#endif

EASEL_ASSUME_NONNULL_BEGIN

/* ───────────────────────────── Version ───────────────────────────── */

#define EASEL_ABI_MAJOR 1u
#define EASEL_ABI_MINOR 2u

/** An ABI version: equal majors are required, minors only add. A value type. */
typedef struct easel_abi_version {
    uint32_t major;
    uint32_t minor;
} easel_abi_version;

/** The version this header describes; store it in easel_plugin.abi. */
#ifdef __cplusplus
#define EASEL_ABI_VERSION (easel_abi_version{EASEL_ABI_MAJOR, EASEL_ABI_MINOR})
#else
#define EASEL_ABI_VERSION ((easel_abi_version){EASEL_ABI_MAJOR, EASEL_ABI_MINOR})
#endif

/** The host's rule: a plugin built against `plugin` loads in a host built against `host` iff the
 *  majors are equal and the plugin's minor is not newer than the host's. */
static inline bool easel_abi_is_compatible(easel_abi_version plugin, easel_abi_version host) {
    return plugin.major == host.major && plugin.minor <= host.minor;
}


/* ───────────────────────────── Geometry and values ───────────────────────────── */
/* UIKit coordinates: origin top-left, y grows downwards, units are points (pixels = points × scale).
 * All of these are value types (VERSIONING): they never change. */

/** Point. The C representation of the Point type. */
typedef struct easel_point { double x, y; } easel_point;
/** Size. The C representation of the Size type. */
typedef struct easel_size { double width, height; } easel_size;
/** Rectangle: origin and size. The C representation of the Rect type. */
typedef struct easel_rect { easel_point origin; easel_size size; } easel_rect;
/** Colour: sRGB components in 0…1, alpha not premultiplied. The C representation of the Color type. */
typedef struct easel_color { double red, green, blue, alpha; } easel_color;
/** Edge insets, in UIKit's order. The C representation of the Insets type. */
typedef struct easel_insets { double top, left, bottom, right; } easel_insets;
/** Affine transform, CoreGraphics layout: x' = a·x + c·y + tx, y' = b·x + d·y + ty. */
typedef struct easel_affine_transform { double a, b, c, d, tx, ty; } easel_affine_transform;

/** The metric an intrinsic size uses for "no intrinsic size on this axis" (UIViewNoIntrinsicMetric). */
#define EASEL_NO_INTRINSIC_METRIC (-1.0)

/* ───────────────────────────── Property types ───────────────────────────── */

/**
 * A property's type code, and the C type its accessors use. Getter: `T get(void *self)`.
 * Setter: `void set(void *self, T value)`. Structs are passed and returned by value.
 *
 *   code                   T                 value syntax on the command line
 *   EASEL_TYPE_INT         int64_t           42, -7
 *   EASEL_TYPE_CGFLOAT     double            12.5        (a length in points, like CGFloat)
 *   EASEL_TYPE_DOUBLE      double            0.25, 1e-3
 *   EASEL_TYPE_STRING      const char *      any text (a getter's NULL reads as ""; setters never get NULL)
 *   EASEL_TYPE_BOOL        bool              true/false, yes/no, on/off, 1/0
 *   EASEL_TYPE_POINT       easel_point       x,y
 *   EASEL_TYPE_SIZE        easel_size        WxH
 *   EASEL_TYPE_RECT        easel_rect        x,y,w,h
 *   EASEL_TYPE_COLOR       easel_color       #RRGGBB or #RRGGBBAA
 *   EASEL_TYPE_IMAGE       const char *      a resource path (see easel_canvas.draw_image); NULL = none
 *   EASEL_TYPE_ENUM        int64_t           a case name; the value passed is that case's value
 *   EASEL_TYPE_INSETS      easel_insets      top,left,bottom,right
 *
 * EASEL_TYPE_NONE is not a property type: it marks an action that takes no argument.
 */
typedef uint32_t easel_type;
#define EASEL_TYPE_NONE ((easel_type)0)
#define EASEL_TYPE_INT ((easel_type)1)
#define EASEL_TYPE_CGFLOAT ((easel_type)2)
#define EASEL_TYPE_DOUBLE ((easel_type)3)
#define EASEL_TYPE_STRING ((easel_type)4)
#define EASEL_TYPE_BOOL ((easel_type)5)
#define EASEL_TYPE_POINT ((easel_type)6)
#define EASEL_TYPE_SIZE ((easel_type)7)
#define EASEL_TYPE_RECT ((easel_type)8)
#define EASEL_TYPE_COLOR ((easel_type)9)
#define EASEL_TYPE_IMAGE ((easel_type)10)
#define EASEL_TYPE_ENUM ((easel_type)11)
#define EASEL_TYPE_INSETS ((easel_type)12)

/** A value of any property type; which member is meant follows from the type code. Used only for
 *  defaults in descriptors: accessors are typed functions, never unions. */
typedef union easel_value {
    int64_t i;            /**< INT, ENUM */
    double d;             /**< CGFLOAT, DOUBLE */
    bool b;               /**< BOOL */
    /** STRING, IMAGE: plugin-owned, valid until deinit. May be NULL: "" for STRING, none for IMAGE. */
    const char *EASEL_NULLABLE s;
    easel_point point;    /**< POINT */
    easel_size size;      /**< SIZE */
    easel_rect rect;      /**< RECT */
    easel_color color;    /**< COLOR */
    easel_insets insets;  /**< INSETS */
} easel_value;

/** A generic function pointer. Property accessors and actions are stored as this and called with
 *  their real, typed signature (see easel_type); cast your function: `.get = (easel_fn)badge_get_count`. */
typedef void (*easel_fn)(void);

/** Numeric bounds for INT, CGFLOAT and DOUBLE properties and action arguments. Values outside
 *  [min, max] are rejected by the host before the plugin is called. step is the editor's increment
 *  (0: continuous). A value type. */
typedef struct easel_range {
    double min;
    double max;
    double step;
} easel_range;

/** One case of an ENUM property or action argument. Plugin-written: starts with struct_size. */
typedef struct easel_enum_case {
    uint32_t struct_size;                 /**< sizeof(easel_enum_case) */
    uint32_t reserved0;                   /**< 0 */
    const char *EASEL_NULLABLE name;      /**< Required. Identifier used on the command line and in files */
    int64_t value;                        /**< what the accessors pass */
    const char *EASEL_NULLABLE display_name; /**< Optional. NULL: derived from name */
} easel_enum_case;

/** Property flags. */
typedef uint32_t easel_property_flags;
#define EASEL_PROPERTY_READ_ONLY ((easel_property_flags)1u << 0) /**< no setter; shown, never set */
#define EASEL_PROPERTY_HIDDEN ((easel_property_flags)1u << 1)    /**< settable, not listed by inspect */

/** One inspectable property. Plugin-written: starts with struct_size. */
typedef struct easel_property {
    uint32_t struct_size;                 /**< sizeof(easel_property) */
    easel_type type;                      /**< an EASEL_TYPE_* code (not NONE) */
    const char *EASEL_NULLABLE name;      /**< Required. lowerCamelCase identifier, unique in its class */
    easel_value default_value;            /**< the value a fresh instance has (DEFAULTS) */
    const char *EASEL_NULLABLE display_name; /**< Optional. NULL: derived from name ("cornerRadius" → "Corner Radius") */
    const char *EASEL_NULLABLE summary;   /**< Optional. One line for the inspector; NULL: none */
    const char *EASEL_NULLABLE group;     /**< Optional. Inspector section; NULL: the class's own section */
    const easel_range *EASEL_NULLABLE range; /**< Optional. Numeric types only; NULL: unbounded */
    uint32_t enum_case_count;             /**< ENUM: number of cases (>= 1); otherwise 0 */
    easel_property_flags flags;           /**< EASEL_PROPERTY_* */
    const easel_enum_case *EASEL_NULLABLE enum_cases; /**< ENUM: Required, enum_case_count entries; otherwise NULL */
    /** Required. `T get(void *self)` [host thread]: returns the current value. Must not fail. A
     *  STRING or IMAGE getter returns a string the instance owns, valid until the next call into the
     *  instance or its destruction (OWNERSHIP); the host copies it at once and never frees it. */
    easel_fn EASEL_NULLABLE get;
    /** `void set(void *self, T value)` [host thread]: stores the value. Called only with values of
     *  the right type, inside the range, or one of the enum's case values. A STRING or IMAGE value
     *  is borrowed for the call: copy it to keep it. The host lays the instance
     *  out and redraws it after sets: no request is needed. Required unless READ_ONLY; NULL iff READ_ONLY. */
    easel_fn EASEL_NULLABLE set;
} easel_property;

/* ───────────────────────────── Canvas ───────────────────────────── */

/** How draw_path paints the current path. */
typedef uint32_t easel_path_mode;
#define EASEL_PATH_FILL ((easel_path_mode)0)            /**< fill, non-zero winding */
#define EASEL_PATH_EO_FILL ((easel_path_mode)1)         /**< fill, even-odd */
#define EASEL_PATH_STROKE ((easel_path_mode)2)          /**< stroke */
#define EASEL_PATH_FILL_STROKE ((easel_path_mode)3)     /**< fill (non-zero), then stroke */
#define EASEL_PATH_EO_FILL_STROKE ((easel_path_mode)4)  /**< fill (even-odd), then stroke */

/** Fill rule for clip. */
typedef uint32_t easel_fill_rule;
#define EASEL_FILL_RULE_WINDING ((easel_fill_rule)0)
#define EASEL_FILL_RULE_EVEN_ODD ((easel_fill_rule)1)

typedef uint32_t easel_line_cap;
#define EASEL_LINE_CAP_BUTT ((easel_line_cap)0)
#define EASEL_LINE_CAP_ROUND ((easel_line_cap)1)
#define EASEL_LINE_CAP_SQUARE ((easel_line_cap)2)

typedef uint32_t easel_line_join;
#define EASEL_LINE_JOIN_MITER ((easel_line_join)0)
#define EASEL_LINE_JOIN_ROUND ((easel_line_join)1)
#define EASEL_LINE_JOIN_BEVEL ((easel_line_join)2)

/** Gradient options (CGGradientDrawingOptions). */
typedef uint32_t easel_gradient_options;
#define EASEL_GRADIENT_EXTEND_BEFORE ((easel_gradient_options)1u << 0) /**< paint before the start */
#define EASEL_GRADIENT_EXTEND_AFTER ((easel_gradient_options)1u << 1)  /**< paint after the end */

/** One colour stop of a gradient; locations ascend in 0…1. A value type. */
typedef struct easel_gradient_stop {
    double location;
    easel_color color;
} easel_gradient_stop;

typedef uint32_t easel_text_alignment;
#define EASEL_TEXT_ALIGN_LEFT ((easel_text_alignment)0)
#define EASEL_TEXT_ALIGN_CENTER ((easel_text_alignment)1)
#define EASEL_TEXT_ALIGN_RIGHT ((easel_text_alignment)2)
#define EASEL_TEXT_ALIGN_JUSTIFIED ((easel_text_alignment)3)

typedef uint32_t easel_vertical_alignment;
#define EASEL_VERTICAL_ALIGN_TOP ((easel_vertical_alignment)0)
#define EASEL_VERTICAL_ALIGN_CENTER ((easel_vertical_alignment)1) /**< as UILabel does */
#define EASEL_VERTICAL_ALIGN_BOTTOM ((easel_vertical_alignment)2)

typedef uint32_t easel_line_break;
#define EASEL_LINE_BREAK_WORD_WRAP ((easel_line_break)0)
#define EASEL_LINE_BREAK_CHAR_WRAP ((easel_line_break)1)
#define EASEL_LINE_BREAK_CLIP ((easel_line_break)2)            /**< one line, clipped */
#define EASEL_LINE_BREAK_TRUNCATE_TAIL ((easel_line_break)3)   /**< wraps up to max_lines, then "…" */

/** How text is set. A value type (a richer style would come with new functions, not new fields). */
typedef struct easel_text_style {
    const char *EASEL_NULLABLE font_family;  /**< may be NULL: the host's UI font (sans-serif with CJK coverage) */
    double font_size;                        /**< points; > 0 */
    uint32_t font_weight;                    /**< 100…900: 400 regular, 700 bold */
    bool italic;
    uint8_t reserved0;                       /**< 0 */
    uint16_t reserved1;                      /**< 0 */
    easel_color color;
    easel_text_alignment alignment;
    easel_vertical_alignment vertical_alignment; /**< placement of the text block inside its rect */
    easel_line_break line_break;
    uint32_t max_lines;                      /**< 0: unlimited */
} easel_text_style;

/** How an image is placed in its rect (UIView.ContentMode). */
typedef uint32_t easel_content_mode;
#define EASEL_CONTENT_SCALE_TO_FILL ((easel_content_mode)0)
#define EASEL_CONTENT_SCALE_ASPECT_FIT ((easel_content_mode)1)
#define EASEL_CONTENT_SCALE_ASPECT_FILL ((easel_content_mode)2)
#define EASEL_CONTENT_CENTER ((easel_content_mode)3)

typedef struct easel_canvas easel_canvas;

/**
 * The drawing surface the host hands to easel_class.draw, modelled on CGContext. Host-written (no
 * struct_size; it only grows at its end). Coordinates are the instance's own: origin top-left of its
 * bounds, in points; the host has already applied the scale. Graphics state (transform, clip,
 * colours, line style, alpha, shadow) is saved and restored by save/restore. The current path is not
 * part of the state and is consumed by draw_path and clip.
 * Every function member is non-NULL; call them as `canvas->fill_rect(canvas, r)` with the canvas the
 * draw call received (never NULL). Every pointer parameter is non-NULL unless it says "may be NULL".
 * Ownership: the canvas and everything it points to are the host's; pointers the plugin passes in
 * (paths' numbers, dash lengths, gradient stops, text, styles, image names) are borrowed for the
 * call only (the host copies what it keeps); the plugin never frees anything a canvas function
 * returns (they return values, not pointers).
 * Threads: every function member is [host thread] and may be called only during the draw call the
 * canvas was passed to, on that call's thread; never keep the pointer past draw. Errors (e.g. an
 * out-of-memory surface) are recorded by the host and reported after draw returns; drawing calls
 * never fail individually.
 */
struct easel_canvas {
    void *EASEL_NULLABLE host_data; /**< private to the host; may be NULL */

    /* Graphics state */
    void (*save)(easel_canvas *canvas);    /**< push the graphics state (CGContextSaveGState) */
    void (*restore)(easel_canvas *canvas); /**< pop it; unbalanced restores are ignored */

    /* Transform: each call post-multiplies the current transform, as CoreGraphics does. */
    void (*translate)(easel_canvas *canvas, double tx, double ty); /**< move the origin by (tx, ty) */
    void (*scale)(easel_canvas *canvas, double sx, double sy);     /**< scale the axes by sx and sy */
    void (*rotate)(easel_canvas *canvas, double radians);          /**< positive: clockwise on screen */
    void (*concat_transform)(easel_canvas *canvas, easel_affine_transform transform); /**< CGContextConcatCTM */
    easel_affine_transform (*get_transform)(easel_canvas *canvas); /**< user space → device pixels */

    /* Path construction */
    void (*begin_path)(easel_canvas *canvas);                      /**< discard the current path */
    void (*move_to)(easel_canvas *canvas, double x, double y);     /**< start a new subpath at (x, y) */
    /** Straight line from the current point to (x, y); without a current point, acts as move_to. */
    void (*line_to)(easel_canvas *canvas, double x, double y);
    void (*curve_to)(easel_canvas *canvas, double cp1x, double cp1y, double cp2x, double cp2y,
                     double x, double y);                          /**< cubic Bézier to (x, y) */
    /** Quadratic Bézier from the current point to (x, y) with control point (cpx, cpy). */
    void (*quad_curve_to)(easel_canvas *canvas, double cpx, double cpy, double x, double y);
    /** Arc around (cx, cy) from start_angle to end_angle (radians, 0 = +x axis, growing towards +y as
     *  on screen). clockwise as UIBezierPath means it on screen. Connects from the current point. */
    void (*arc)(easel_canvas *canvas, double cx, double cy, double radius, double start_angle,
                double end_angle, bool clockwise);
    void (*close_path)(easel_canvas *canvas); /**< line back to the subpath's start, closing it */
    void (*add_rect)(easel_canvas *canvas, easel_rect rect);                    /**< closed subpath */
    /** A closed rectangle subpath whose corners are quarter circles of corner_radius (clamped to
     *  half the shorter side; 0: square corners), as UIBezierPath(roundedRect:cornerRadius:). */
    void (*add_rounded_rect)(easel_canvas *canvas, easel_rect rect, double corner_radius);
    void (*add_ellipse)(easel_canvas *canvas, easel_rect rect);                 /**< inscribed in rect */

    /* Paint style */
    /* Each setter changes the graphics state (saved and restored by save/restore) for what is
     * painted afterwards. Initial state: black fill and stroke, line width 1, butt caps, miter
     * joins, miter limit 10, solid lines, alpha 1, no shadow. */
    void (*set_fill_color)(easel_canvas *canvas, easel_color color);   /**< colour fills paint with */
    void (*set_stroke_color)(easel_canvas *canvas, easel_color color); /**< colour strokes paint with */
    void (*set_line_width)(easel_canvas *canvas, double width);        /**< stroke width, in points */
    void (*set_line_cap)(easel_canvas *canvas, easel_line_cap cap);    /**< ends of open subpaths */
    void (*set_line_join)(easel_canvas *canvas, easel_line_join join); /**< corners of strokes */
    void (*set_miter_limit)(easel_canvas *canvas, double limit);       /**< when miter joins bevel */
    /** Dash pattern: `count` lengths (copied by the host), starting `phase` into the pattern.
     *  count 0 restores solid lines; `lengths` may then be NULL. */
    void (*set_line_dash)(easel_canvas *canvas, double phase, const double *EASEL_NULLABLE lengths,
                          uint32_t count);
    /** Global alpha multiplied into everything painted afterwards (CGContextSetAlpha), 0…1. */
    void (*set_alpha)(easel_canvas *canvas, double alpha);
    /** Shadow under everything painted afterwards (CGContextSetShadowWithColor): offset in points,
     *  blur radius in points (0: hard), colour (alpha 0 turns shadows off). */
    void (*set_shadow)(easel_canvas *canvas, easel_size offset, double blur, easel_color color);

    /* Painting */
    void (*draw_path)(easel_canvas *canvas, easel_path_mode mode); /**< paints and consumes the path */
    void (*fill_rect)(easel_canvas *canvas, easel_rect rect);      /**< leaves the path alone */
    void (*stroke_rect)(easel_canvas *canvas, easel_rect rect);    /**< leaves the path alone */
    /** Intersect the clip with the current path (consumed). */
    void (*clip)(easel_canvas *canvas, easel_fill_rule rule);
    void (*clip_to_rect)(easel_canvas *canvas, easel_rect rect); /**< intersect the clip with rect; leaves the path alone */

    /* Gradients: paint the whole current clip (CGContextDrawLinearGradient). `stops` (count entries,
     * non-NULL) are copied. */
    /** Colours vary along the line from start to end (perpendicular to it they are constant). */
    void (*draw_linear_gradient)(easel_canvas *canvas, const easel_gradient_stop *stops, uint32_t count,
                                 easel_point start, easel_point end, easel_gradient_options options);
    /** Colours vary from the circle (start_center, start_radius) to (end_center, end_radius). */
    void (*draw_radial_gradient)(easel_canvas *canvas, const easel_gradient_stop *stops, uint32_t count,
                                 easel_point start_center, double start_radius,
                                 easel_point end_center, double end_radius,
                                 easel_gradient_options options);

    /* Transparency layers: everything painted between begin and end is composited as one group,
     * with the alpha and shadow that were current at begin (CGContextBeginTransparencyLayer). */
    void (*begin_transparency_layer)(easel_canvas *canvas); /**< start a group; pair with end */
    void (*end_transparency_layer)(easel_canvas *canvas);   /**< composite the group; unbalanced ends are ignored */

    /* Text (laid out by the host; CJK is supported). `text` and `style` are borrowed for the call. */
    /** Draw `text` inside `rect` with `style`, wrapping and aligning as the style says. */
    void (*draw_text)(easel_canvas *canvas, const char *text, easel_rect rect,
                      const easel_text_style *style);
    /** The size `text` takes with `style` when wrapped at `max_width` (<= 0: no wrapping). */
    easel_size (*measure_text)(easel_canvas *canvas, const char *text, double max_width,
                               const easel_text_style *style);

    /* Images: `name` is a resource path, resolved by the host first against the plugin's resource
     * directory (easel_host.resource_dir), then as given (absolute, or relative to the working
     * directory). PNG, JPEG and SVG are read. */
    /** Draw the image into rect; returns false (and draws nothing) if it cannot be found or read. */
    bool (*draw_image)(easel_canvas *canvas, const char *name, easel_rect rect, easel_content_mode mode);
    /** The image's natural size in points, or {0, 0} if it cannot be found or read. */
    easel_size (*image_size)(easel_canvas *canvas, const char *name);
};

/* ───────────────────────────── Host ───────────────────────────── */

typedef uint32_t easel_log_level;
#define EASEL_LOG_DEBUG ((easel_log_level)0)
#define EASEL_LOG_INFO ((easel_log_level)1)
#define EASEL_LOG_WARNING ((easel_log_level)2)
#define EASEL_LOG_ERROR ((easel_log_level)3) /**< also: why the current callback is failing */

/** What the host offers a plugin as a whole. Host-written (no struct_size; grows only at its end).
 *  Owned by the host; valid from init until deinit returns. Every string member is non-NULL. */
typedef struct easel_host {
    easel_abi_version abi;       /**< the host's ABI version */
    const char *name;            /**< host program name, e.g. "easel" */
    const char *version;         /**< host version string */
    const char *plugin_path;     /**< the plugin file as found (not the private copy the host loaded) */
    /** Where the plugin's resources live: the directory beside the library named after it without
     *  "lib" and ".so" ("components/libGauge.so" → "components/Gauge.resources"); in a SwiftPM build
     *  folder (one holding "Gauge.build") without that directory, SwiftPM's resource bundle of the
     *  target, "<Package>_Gauge.resources", when there is exactly one. Absolute. It may not exist. */
    const char *resource_dir;
    /** [any thread] Log `message` (copied; non-NULL) for the plugin as a whole. EASEL_LOG_ERROR right
     *  before a failing return explains the failure. An instance logs through its instance host. */
    void (*log)(const struct easel_host *host, easel_log_level level, const char *message);
    void *EASEL_NULLABLE host_data; /**< private to the host; may be NULL */
    /** [host thread] The size `text` takes with `style` when wrapped at `max_width` (<= 0: no
     *  wrapping), exactly as easel_canvas.measure_text would measure it, for layout outside draw
     *  (sizeThatFits, intrinsic sizes). `text` and `style` are borrowed for the call. */
    easel_size (*measure_text)(const struct easel_host *host, const char *text, double max_width,
                               const easel_text_style *style);
    /** [host thread] The natural size in points of the image resource `name` (resolved as
     *  easel_canvas.draw_image resolves it; borrowed for the call), or {0, 0} if it cannot be found
     *  or read. */
    easel_size (*image_size)(const struct easel_host *host, const char *name);
    /* Added in 1.1 (a 1.0 plugin never reads past image_size). */
    /** [any thread] The host's extension with this id (EXTENSIONS), or NULL if it has none. The
     *  pointer stays valid until deinit returns. */
    const void *EASEL_NULLABLE (*EASEL_NONNULL get_extension)(const struct easel_host *host, const char *id);
} easel_host;

/**
 * What the host offers one instance: passed to create and create_from_archive, owned by the host,
 * valid from the moment create is called until destroy returns (keep the pointer in the instance).
 * Host-written (no struct_size; grows only at its end). The host never calls back into the plugin
 * from inside these functions.
 */
typedef struct easel_instance_host {
    const easel_host *host;      /**< the plugin's host (resource_dir, get_extension, …) */
    const char *class_name;      /**< the instance's class name */
    void *EASEL_NULLABLE host_data; /**< private to the host; may be NULL */
    /** [any thread] Log `message` (copied; non-NULL) with this instance's class attached.
     *  EASEL_LOG_ERROR right before a failing return explains the failure. */
    void (*log)(const struct easel_instance_host *instance, easel_log_level level, const char *message);
    /** [host thread] As easel_host.measure_text (`text` and `style` borrowed for the call). */
    easel_size (*measure_text)(const struct easel_instance_host *instance, const char *text,
                               double max_width, const easel_text_style *style);
    /** [host thread] As easel_host.image_size (`name` borrowed for the call). */
    easel_size (*image_size)(const struct easel_instance_host *instance, const char *name);
    /** [any thread] Ask for layout (and then a redraw) soon, e.g. after content of the component's
     *  own changed size. Requests are coalesced. The host lays out after sets anyway. */
    void (*request_layout)(const struct easel_instance_host *instance);
    /** [any thread] Ask to be drawn again soon: an image that finished loading, or the next frame of
     *  an animation (call it from draw while the animation runs). Requests are coalesced; a request
     *  made during layout is satisfied by the draw that follows. Live views (host watch, the designer)
     *  draw at most about 60 frames a second; a one-shot render draws again while requests come, at
     *  most 600 times with easel.clock/1 advancing 1/60 s each time, and keeps the last frame: an
     *  animation is rendered where it ends. */
    void (*request_redraw)(const struct easel_instance_host *instance);
    /** [any thread] Say that the component changed property `name` itself (a dependent value, a
     *  clamp, an animation, an action). The host reads it back through its getter, after the current
     *  callback returns or, from another thread, soon [host thread], and updates what it shows and
     *  what it keeps (inspectors, scenes, values given with --set). `name` is borrowed for the call;
     *  an unknown name is ignored with a warning. */
    void (*property_changed)(const struct easel_instance_host *instance, const char *name);
} easel_instance_host;

/* ───────────────────────────── Archives (init(coder:)) ───────────────────────────── */

/** One archived attribute: a property name and its value in the command-line value syntax. A value
 *  type (arrays of it are strided by its fixed size). Both strings are Required: the host never
 *  passes NULL in an archive and refuses a variant whose attribute has a NULL key or value. */
typedef struct easel_attribute {
    const char *EASEL_NULLABLE key;
    const char *EASEL_NULLABLE value;
} easel_attribute;

/** What a layout document or scene archived for one instance. Host-written; borrowed for the
 *  duration of create_from_archive. The host applies the attributes through the setters itself
 *  afterwards (as Interface Builder applies user-defined runtime attributes), then calls
 *  awake_from_archive. */
typedef struct easel_archive {
    easel_rect frame;
    uint32_t attribute_count;
    uint32_t reserved0;           /**< 0 */
    const easel_attribute *EASEL_NULLABLE attributes; /**< attribute_count entries; may be NULL when 0 */
    const char *EASEL_NULLABLE source;  /**< the document it came from, for messages; may be NULL */
} easel_archive;

/* ───────────────────────────── Classes ───────────────────────────── */

/** What a class is, for the inspector's icon and the toolkit's defaults. */
typedef uint32_t easel_base_kind;
#define EASEL_KIND_VIEW ((easel_base_kind)0)
#define EASEL_KIND_CONTROL ((easel_base_kind)1)
#define EASEL_KIND_BUTTON ((easel_base_kind)2)
#define EASEL_KIND_LABEL ((easel_base_kind)3)
#define EASEL_KIND_TEXT_FIELD ((easel_base_kind)4)
#define EASEL_KIND_IMAGE_VIEW ((easel_base_kind)5)
#define EASEL_KIND_SLIDER ((easel_base_kind)6)
#define EASEL_KIND_SWITCH ((easel_base_kind)7)
#define EASEL_KIND_PROGRESS ((easel_base_kind)8)

/**
 * One designable class. Plugin-written: starts with struct_size. Lifecycle, as UIKit and Interface
 * Builder run it:
 *   designer:  create → set… → prepare_for_designer → action… → layout → draw → … → destroy
 *   archive:   create_from_archive → set… (archived attributes) → awake_from_archive
 *              → prepare_for_designer (the host renders scenes and documents as a designer) → layout → draw
 * After further sets or actions the host calls layout and draw again on the same instance; it calls
 * layout whenever the size changed, a property was set or an action ran since the last layout, or
 * the instance asked (request_layout). Every callback here is [host thread].
 */
typedef struct easel_class {
    uint32_t struct_size;                 /**< sizeof(easel_class) */
    easel_base_kind base_kind;
    const char *EASEL_NULLABLE name;      /**< Required. UpperCamelCase identifier, unique in the host */
    const char *EASEL_NULLABLE display_name; /**< Optional. NULL: derived from name */
    const char *EASEL_NULLABLE summary;   /**< Optional. One line; NULL: none */
    const char *EASEL_NULLABLE group;     /**< Optional. Library section, e.g. "Buttons"; NULL: the plugin's name */
    /** Points; used when the user gives no size. An axis of 0 takes the instance's intrinsic_size
     *  on that axis (when it has one), read after the sets, before the first layout. */
    easel_size default_size;
    uint32_t property_count;
    uint32_t reserved0;                   /**< 0 */
    const easel_property *EASEL_NULLABLE properties; /**< property_count entries; may be NULL when 0 */
    const void *EASEL_NULLABLE context;   /**< Optional. The plugin's own; the host never touches it */

    /** Required. [host thread] init(frame:): a new instance with every property at its default
     *  (DEFAULTS). `cls` is this class's entry in the plugin's own table. `instance_host` is the
     *  host's, valid until destroy returns (keep the pointer; it may be used from inside create).
     *  Returns the instance (owned by the plugin until destroy; the host only passes it back as
     *  `self`) or NULL on failure (log why). */
    void *EASEL_NULLABLE (*EASEL_NULLABLE create)(const struct easel_class *cls, easel_rect frame,
                                                  const easel_instance_host *instance_host);
    /** Optional. [host thread] init(coder:): a new instance from an archive (borrowed for the call:
     *  copy what you keep), as create returns one, with the same ownership; the host sets the
     *  archive's attributes itself afterwards. NULL: the host uses create(archive->frame). */
    void *EASEL_NULLABLE (*EASEL_NULLABLE create_from_archive)(const struct easel_class *cls,
                                                               const easel_archive *archive,
                                                               const easel_instance_host *instance_host);
    /** Optional. [host thread] awakeFromNib: called once, after the archived attributes were set. */
    void (*EASEL_NULLABLE awake_from_archive)(void *self);
    /** Optional. [host thread] prepareForInterfaceBuilder: called once, after the designer's sets (or
     *  the archive's awake), before the first action and layout. Use it for placeholder content a
     *  designer should see. */
    void (*EASEL_NULLABLE prepare_for_designer)(void *self);
    /** Optional. [host thread] layoutSubviews: lay out for `size` (the bounds; origin is 0,0), before
     *  draw (see the lifecycle above). NULL: nothing to lay out. */
    void (*EASEL_NULLABLE layout)(void *self, easel_size size);
    /** Required. [host thread] draw(_ rect:): paint into canvas; `rect` is the area to redraw, in the
     *  instance's coordinates (normally its bounds). The canvas is the host's, valid only until draw
     *  returns (easel_canvas). Return false on failure (log why): the host reports it and keeps no
     *  picture from this draw. */
    bool (*EASEL_NULLABLE draw)(void *self, easel_canvas *canvas, easel_rect rect);
    /** Optional. [host thread] intrinsicContentSize: its natural size in points for its current
     *  values, EASEL_NO_INTRINSIC_METRIC on an axis without one. Must not fail. NULL: none on either
     *  axis. */
    easel_size (*EASEL_NULLABLE intrinsic_size)(void *self);
    /** Required. [host thread] Free the instance and everything it owns; stop (or join) threads of
     *  its own that call its instance host first (THREADS). Called once per instance, also after
     *  a failed draw or action (not when the host ends a crashed or hung worker process). `self` is never used again; its instance host is invalid once
     *  destroy returns. */
    void (*EASEL_NULLABLE destroy)(void *self);
} easel_class;

/* ───────────────────────────── Plugin ───────────────────────────── */

/** What the entry point returns: the plugin's identity and its classes. Plugin-written; `abi` first
 *  (at offset 0 in every version), then struct_size. */
typedef struct easel_plugin {
    easel_abi_version abi;       /**< EASEL_ABI_VERSION, as compiled */
    uint32_t struct_size;        /**< sizeof(easel_plugin) */
    uint32_t class_count;        /**< read after init */
    const char *EASEL_NULLABLE id;      /**< Required. Reverse-DNS, unique: "org.example.gauge" */
    const char *EASEL_NULLABLE name;    /**< Required. Human name: "Gauge" */
    const char *EASEL_NULLABLE version; /**< Required. The plugin's own version: "1.0.0" */
    const char *EASEL_NULLABLE summary; /**< Optional. One line; NULL: none */
    /** Optional. [loading thread] Called once after the ABI check, before anything else is read. May
     *  fill in class_count and classes (see OWNERSHIP). Return false to refuse loading (log why).
     *  `host` stays valid until deinit returns. NULL: nothing to initialise. */
    bool (*EASEL_NULLABLE init)(const easel_host *host);
    /** Optional. [loading thread] Called at most once, when the host no longer needs the plugin (a
     *  worker process that is told to quit calls it for every plugin it loaded); never if the process
     *  ends abruptly or the plugin was loaded only to be described. Every instance has been destroyed
     *  by then. The image stays mapped afterwards: the host never unloads plugins. */
    void (*EASEL_NULLABLE deinit)(void);
    const easel_class *EASEL_NULLABLE classes; /**< class_count entries; read after init; may be NULL when 0 */
    /** Optional. [host thread] The extension with this id (EXTENSIONS): the plugin's own when `cls`
     *  is NULL, else that class's (`cls` is one of `classes`). Returns NULL for an id it does not
     *  know. The result stays valid and unchanged until deinit returns. NULL: no extensions. */
    const void *EASEL_NULLABLE (*EASEL_NULLABLE get_extension)(const easel_class *EASEL_NULLABLE cls,
                                                               const char *id);
} easel_plugin;

/** The entry point's name and type. Each plugin exports exactly one function with this name.
 *  [loading thread]; the descriptor it returns is the plugin's (OWNERSHIP). */
#define EASEL_ENTRY_SYMBOL "easel_plugin_entry"
typedef const easel_plugin *EASEL_NULLABLE (*easel_plugin_entry_fn)(void);

/** The entry point every plugin defines (with EASEL_PLUGIN_ENTRY in C and C++, `@_cdecl` in Swift,
 *  `#[no_mangle] extern "C"` in Rust). Declared here so that C definitions have a prototype. */
const easel_plugin *EASEL_NULLABLE easel_plugin_entry(void);

/** Define the entry point: `EASEL_PLUGIN_ENTRY { return &my_plugin; }`. [loading thread] It may be
 *  called more than once and must return the same descriptor each time, or NULL if the plugin cannot
 *  work at all (log nothing: there is no host yet; print to stderr if you must). */
#ifdef __cplusplus
#define EASEL_PLUGIN_ENTRY \
    extern "C" __attribute__((visibility("default"))) const easel_plugin *easel_plugin_entry(void)
#else
#define EASEL_PLUGIN_ENTRY \
    __attribute__((visibility("default"))) const easel_plugin *easel_plugin_entry(void)
#endif

/* ───────────────────────────── Extension: variants (per class) ───────────────────────────── */

/** Named attribute sets of a class, as Storybook's stories and SwiftUI's previews: the interesting
 *  states a designer and a snapshot test should see ("Pill", "Disabled", "Empty", "Full", "CJK
 *  title"). Plugin-written. */
#define EASEL_EXTENSION_VARIANTS "easel.variants/1"

/** One variant: attributes applied in the class's property order after create, before the user's
 *  own values (host render CLASS --variant NAME, gallery, scenes). */
typedef struct easel_variant {
    uint32_t struct_size;                 /**< sizeof(easel_variant) */
    uint32_t attribute_count;
    const char *EASEL_NULLABLE name;      /**< Required. Identifier, unique in the class */
    const char *EASEL_NULLABLE display_name; /**< Optional. NULL: derived from name */
    const char *EASEL_NULLABLE summary;   /**< Optional. One line; NULL: none */
    /** attribute_count entries (a value type: strided by sizeof(easel_attribute)); may be NULL when 0.
     *  Keys name properties of the class; values are in the value syntax. */
    const easel_attribute *EASEL_NULLABLE attributes;
} easel_variant;

/** What get_extension(cls, EASEL_EXTENSION_VARIANTS) returns. */
typedef struct easel_variants {
    uint32_t struct_size;                 /**< sizeof(easel_variants) */
    uint32_t variant_count;
    const easel_variant *EASEL_NULLABLE variants; /**< variant_count entries; may be NULL when 0 */
} easel_variants;

/* ───────────────────────────── Extension: actions (per class) ───────────────────────────── */

/** Named methods a designer can trigger (IBAction): "highlight", "animateTo(progress)". An action
 *  may change properties (report them with property_changed) and request redraws. Plugin-written. */
#define EASEL_EXTENSION_ACTIONS "easel.actions/1"

/** One action. invoke is called through libffi with its real signature [host thread]:
 *    argument_type EASEL_TYPE_NONE:  bool invoke(void *self)
 *    otherwise (T as easel_type):    bool invoke(void *self, T argument)
 *  It returns false on failure (log why). The argument is checked as a property value is (type,
 *  range, enum cases) before the call; a STRING or IMAGE argument is borrowed for the call (NULL
 *  rules: NULL AND POINTERS). The host lays the instance out and draws it again afterwards. */
typedef struct easel_action {
    uint32_t struct_size;                 /**< sizeof(easel_action) */
    easel_type argument_type;             /**< EASEL_TYPE_NONE or a property type code */
    const char *EASEL_NULLABLE name;                     /**< Required. Identifier, unique in the class */
    const char *EASEL_NULLABLE display_name; /**< Optional. NULL: derived from name */
    const char *EASEL_NULLABLE summary;   /**< Optional. One line; NULL: none */
    const easel_range *EASEL_NULLABLE range; /**< Optional. Numeric arguments only; NULL: unbounded */
    uint32_t enum_case_count;             /**< ENUM argument: number of cases (>= 1); otherwise 0 */
    uint32_t reserved0;                   /**< 0 */
    const easel_enum_case *EASEL_NULLABLE enum_cases; /**< ENUM argument: Required; otherwise NULL */
    easel_value default_argument;         /**< the argument an editor offers first; ignored for NONE */
    easel_fn EASEL_NULLABLE invoke;       /**< Required. See above. */
} easel_action;

/** What get_extension(cls, EASEL_EXTENSION_ACTIONS) returns. */
typedef struct easel_actions {
    uint32_t struct_size;                 /**< sizeof(easel_actions) */
    uint32_t action_count;
    const easel_action *EASEL_NULLABLE actions; /**< action_count entries; may be NULL when 0 */
} easel_actions;

/* ───────────────────────────── Extension: clock (the host's) ───────────────────────────── */

/** The host's animation clock, for animations that look the same in every render. Host-written. */
#define EASEL_EXTENSION_CLOCK "easel.clock/1"

/** What easel_host.get_extension(host, EASEL_EXTENSION_CLOCK) returns. */
typedef struct easel_clock {
    /** [any thread] Seconds on `instance`'s animation clock. Live views (host watch, the designer)
     *  follow real time. One-shot renders use a virtual clock: 0 at create, standing still except
     *  that each redraw asked for with request_redraw advances it by exactly 1/60 s — so a render is
     *  the same on every machine and shows an animation where it ends. `instance` is the instance
     *  host of one of the plugin's live instances; the result is a plain value. */
    double (*now)(const easel_instance_host *instance);
} easel_clock;

/* ───────────────────────────── Extension: input (1.2) ───────────────────────────── */

/** Pointer input, as UIKit's touches and UIControl's events: a class that offers easel_input gets
 *  the pointer's events (a designer in Interact mode, an application embedding the component, a
 *  render's --play steps) and answers hit tests; the host offers easel_host_input, through which the
 *  instance sends control events. A class without easel_input takes no input: a host does not send
 *  it events and says so where input was asked for. Keyboard focus and key events are not part of
 *  this extension (a later id will add them with focus traversal across instances). */
#define EASEL_EXTENSION_INPUT "easel.input/1"

/** What happened to the pointer (easel_pointer_event.phase). */
typedef uint32_t easel_pointer_phase;
#define EASEL_POINTER_DOWN ((easel_pointer_phase)0)   /**< a button went down (touchesBegan) */
#define EASEL_POINTER_MOVE ((easel_pointer_phase)1)   /**< it moved; `buttons` says whether one is held (touchesMoved) */
#define EASEL_POINTER_UP ((easel_pointer_phase)2)     /**< the button went up (touchesEnded) */
#define EASEL_POINTER_CANCEL ((easel_pointer_phase)3) /**< the sequence ends without an up (touchesCancelled) */
#define EASEL_POINTER_ENTER ((easel_pointer_phase)4)  /**< the pointer came over the instance (hover) */
#define EASEL_POINTER_LEAVE ((easel_pointer_phase)5)  /**< it left the instance */

/** A pointer button (easel_pointer_event.button; bit `1 << button` of `buttons`). */
typedef uint32_t easel_pointer_button;
#define EASEL_BUTTON_PRIMARY ((easel_pointer_button)0)
#define EASEL_BUTTON_SECONDARY ((easel_pointer_button)1)
#define EASEL_BUTTON_MIDDLE ((easel_pointer_button)2)

/** Keyboard modifiers held during an event (bits). */
typedef uint32_t easel_modifiers;
#define EASEL_MODIFIER_SHIFT ((easel_modifiers)1)
#define EASEL_MODIFIER_CONTROL ((easel_modifiers)2)
#define EASEL_MODIFIER_ALT ((easel_modifiers)4)
#define EASEL_MODIFIER_META ((easel_modifiers)8)

/** One pointer event. Host-written value (a fixed size that never changes); borrowed for the call. */
typedef struct easel_pointer_event {
    easel_pointer_phase phase;
    easel_pointer_button button;  /**< the button that went down or up; EASEL_BUTTON_PRIMARY otherwise */
    easel_point location;         /**< in the instance's coordinates, points (draw's: origin top-left) */
    easel_modifiers modifiers;
    uint32_t click_count;         /**< down and up: 1 for a single click, 2 for a double one, …; otherwise 0 */
    uint32_t buttons;             /**< the buttons held after this event: bit (1 << button) each */
    uint32_t reserved0;           /**< 0 */
    double timestamp;             /**< seconds on the instance's clock (easel.clock/1); never decreases */
} easel_pointer_event;

/**
 * What get_extension(cls, EASEL_EXTENSION_INPUT) returns. Plugin-written. What the host guarantees:
 * events reach one instance in order, each sequence being down, move…, then up or cancel; a down is
 * sent only at a point hit_test accepts; the moves and the up of a sequence go to the instance that
 * got its down, wherever the pointer is (UIKit's implicit capture); enter comes before the moves over
 * an instance without a button held, and leave after them. No event reaches an instance before create
 * returned or after destroy was called. After an event the host reads back what the instance said it
 * changed (property_changed), lays it out and draws it again when it asked (request_layout,
 * request_redraw) or a property changed.
 */
typedef struct easel_input {
    uint32_t struct_size;                 /**< sizeof(easel_input) */
    uint32_t reserved0;                   /**< 0 */
    /** Optional. [host thread] point(inside:): whether `point` (instance coordinates) belongs to the
     *  instance for pointer input. Must not fail. NULL: the point is inside the bounds. */
    bool (*EASEL_NULLABLE hit_test)(void *self, easel_point point);
    /** Required. [host thread] One pointer event (borrowed for the call). Return true if the
     *  instance handled it; false lets a host pass it to what lies behind. The instance may change
     *  properties (say so with property_changed), ask for layout and redraw, and send control events
     *  (easel_host_input.send_action) from inside. */
    bool (*EASEL_NULLABLE pointer_event)(void *self, const easel_pointer_event *event);
} easel_input;

/** What easel_host.get_extension(host, EASEL_EXTENSION_INPUT) returns. Host-written. */
typedef struct easel_host_input {
    /** [any thread] The instance sent the control event `event` (sendActions(for:)): an identifier
     *  naming it as UIControl.Event does ("touchDown", "touchUpInside", "valueChanged",
     *  "primaryActionTriggered", …), borrowed for the call. The host passes it on in order (a
     *  designer's actions log, `host render --play`'s report, an embedding application's callback). */
    void (*send_action)(const easel_instance_host *instance, const char *event);
} easel_host_input;

/* ───────────────────────────── Extension: traits (1.2) ───────────────────────────── */

/** The environment an instance is shown in, as UIKit's trait collection: appearance, layout
 *  direction, content size (Dynamic Type) and display scale. The host offers easel_host_traits; a
 *  class offers easel_class_traits to be told when its traits change. */
#define EASEL_EXTENSION_TRAITS "easel.traits/1"

/** Light or dark appearance (UIUserInterfaceStyle). */
typedef uint32_t easel_appearance;
#define EASEL_APPEARANCE_LIGHT ((easel_appearance)0)
#define EASEL_APPEARANCE_DARK ((easel_appearance)1)

/** Left-to-right or right-to-left layout (UITraitEnvironmentLayoutDirection). */
typedef uint32_t easel_layout_direction;
#define EASEL_LAYOUT_LEFT_TO_RIGHT ((easel_layout_direction)0)
#define EASEL_LAYOUT_RIGHT_TO_LEFT ((easel_layout_direction)1)

/** The user's preferred text size (UIContentSizeCategory), smallest first; LARGE is the default. */
typedef uint32_t easel_content_size;
#define EASEL_CONTENT_SIZE_EXTRA_SMALL ((easel_content_size)0)
#define EASEL_CONTENT_SIZE_SMALL ((easel_content_size)1)
#define EASEL_CONTENT_SIZE_MEDIUM ((easel_content_size)2)
#define EASEL_CONTENT_SIZE_LARGE ((easel_content_size)3)
#define EASEL_CONTENT_SIZE_EXTRA_LARGE ((easel_content_size)4)
#define EASEL_CONTENT_SIZE_EXTRA_EXTRA_LARGE ((easel_content_size)5)
#define EASEL_CONTENT_SIZE_EXTRA_EXTRA_EXTRA_LARGE ((easel_content_size)6)
#define EASEL_CONTENT_SIZE_ACCESSIBILITY_MEDIUM ((easel_content_size)7)
#define EASEL_CONTENT_SIZE_ACCESSIBILITY_LARGE ((easel_content_size)8)
#define EASEL_CONTENT_SIZE_ACCESSIBILITY_EXTRA_LARGE ((easel_content_size)9)
#define EASEL_CONTENT_SIZE_ACCESSIBILITY_EXTRA_EXTRA_LARGE ((easel_content_size)10)
#define EASEL_CONTENT_SIZE_ACCESSIBILITY_EXTRA_EXTRA_EXTRA_LARGE ((easel_content_size)11)

/** An instance's traits. A value type (a fixed size that never changes). */
typedef struct easel_traits {
    easel_appearance appearance;
    easel_layout_direction layout_direction;
    easel_content_size content_size;
    uint32_t reserved0;           /**< 0 */
    double display_scale;         /**< pixels per point of what it is shown on (1, 2, 3); 1 for SVG and PDF */
} easel_traits;

/** What easel_host.get_extension(host, EASEL_EXTENSION_TRAITS) returns. Host-written. */
typedef struct easel_host_traits {
    /** [any thread] `instance`'s traits now, a plain value. From inside create they are already the
     *  ones the instance is made for (a dark render creates a dark instance); until a host says
     *  otherwise they are light, left-to-right, LARGE and scale 1. */
    easel_traits (*get)(const easel_instance_host *instance);
} easel_host_traits;

/** What get_extension(cls, EASEL_EXTENSION_TRAITS) returns. Plugin-written. */
typedef struct easel_class_traits {
    uint32_t struct_size;                 /**< sizeof(easel_class_traits) */
    uint32_t reserved0;                   /**< 0 */
    /** Required. [host thread] traitCollectionDidChange: the instance's traits changed from
     *  `previous` (borrowed for the call; read the new ones with easel_host_traits.get). Not called
     *  for the traits it was created with. The host lays the instance out and draws it again after. */
    void (*EASEL_NULLABLE traits_changed)(void *self, const easel_traits *previous);
} easel_class_traits;

/* ───────────────────────────── Extension: dependent ranges (per class) ───────────────────────────── */

/** Ranges bounded by other properties: a gauge's `value` goes up to its own `maximum`, a span's
 *  `end` starts at its `start`. Plugin-written. An extension (EXTENSIONS), so it needs no newer
 *  minor: a host that does not know the id never asks for it, and the component works the same,
 *  because keeping the bound is the component's own job:
 *  - The component clamps. When a set of the property, or of a property that bounds it, leaves the
 *    property outside its bounds, the setter moves it back inside and reports that with
 *    easel_instance_host.property_changed, as for any value it changes itself. The host does not
 *    refuse a value beyond a dependent bound before the call: archives, scenes and --set apply
 *    attributes in order, and a value set before its bound would be refused for an order.
 *  - The host shows the bound: host inspect prints "Maximum: the value of maximum", its JSON and
 *    the designer's class API carry `dependentRange` ({"min": NAME or null, "max": NAME or null}) and
 *    `currentRange` (the bounds for the values held now), and the designer's slider ends there.
 *  - host validate checks that the property reads back inside its bounds after every set of it and
 *    of its bounds, and that every value the component changed itself was reported.
 *  The property's own range (easel_property.range), when it has one, still holds (the host refuses
 *  values outside it): the bounds in force are the tighter of the two.
 *  Ownership: the tables and their strings are the plugin's, unchanged until deinit (OWNERSHIP).
 *  Threads: no functions; get_extension, which returns the table, is [host thread].
 *  Errors: the host refuses the class while loading (WHAT THE HOST VALIDATES), naming the file, the
 *  class, the property and what was expected, when an entry names no property of the class, a
 *  property or bound that is not INT, CGFLOAT or DOUBLE, a property bounded by itself, a property
 *  given twice, neither bound, or a default outside the bounds the defaults give.
 *  Layout: easel_dependent_range and easel_ranges are rows of the LAYOUT table. */
#define EASEL_EXTENSION_RANGES "easel.ranges/1"

/** The bounds of one property that other properties give. */
typedef struct easel_dependent_range {
    uint32_t struct_size;                 /**< sizeof(easel_dependent_range) */
    uint32_t reserved0;                   /**< 0 */
    const char *EASEL_NULLABLE property;  /**< Required. An INT, CGFLOAT or DOUBLE property of the class */
    /** Optional. The name of another INT, CGFLOAT or DOUBLE property of the class whose current
     *  value is `property`'s minimum. NULL: no dependent minimum. */
    const char *EASEL_NULLABLE minimum;
    /** Optional. As `minimum`, for the maximum. At least one of the two is given. */
    const char *EASEL_NULLABLE maximum;
} easel_dependent_range;

/** What get_extension(cls, EASEL_EXTENSION_RANGES) returns. */
typedef struct easel_ranges {
    uint32_t struct_size;                 /**< sizeof(easel_ranges) */
    uint32_t range_count;
    const easel_dependent_range *EASEL_NULLABLE ranges; /**< range_count entries; may be NULL when 0 */
} easel_ranges;

/* ───────────────────────────── Layout checks (LP64) ───────────────────────────── */
/* The numbers of the LAYOUT table above. A failure here means a compiler or platform lays the
 * contract out differently: that platform is not supported. */

#if defined(__LP64__)
/* This header needs C11 or C++11 (_Static_assert, _Alignof): clang's "pre-C11 compatibility"
 * remarks about them say nothing here. */
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpre-c11-compat"
#if defined(__cplusplus)
#pragma clang diagnostic ignored "-Wc++98-compat"
#endif
#endif
#define EASEL_CHECK_SIZE(type, size, align) \
    EASEL_STATIC_ASSERT(sizeof(type) == (size) && _Alignof(type) == (align), #type " layout")
#ifdef __cplusplus
#undef EASEL_CHECK_SIZE
#define EASEL_CHECK_SIZE(type, size, align) \
    EASEL_STATIC_ASSERT(sizeof(type) == (size) && alignof(type) == (align), #type " layout")
#endif
#define EASEL_CHECK_OFFSET(type, field, offset) \
    EASEL_STATIC_ASSERT(offsetof(type, field) == (offset), #type "." #field " offset")

EASEL_CHECK_SIZE(easel_abi_version, 8, 4);
EASEL_CHECK_OFFSET(easel_abi_version, minor, 4);
EASEL_CHECK_SIZE(easel_point, 16, 8);
EASEL_CHECK_OFFSET(easel_point, y, 8);
EASEL_CHECK_SIZE(easel_size, 16, 8);
EASEL_CHECK_OFFSET(easel_size, height, 8);
EASEL_CHECK_SIZE(easel_rect, 32, 8);
EASEL_CHECK_OFFSET(easel_rect, size, 16);
EASEL_CHECK_SIZE(easel_color, 32, 8);
EASEL_CHECK_OFFSET(easel_color, alpha, 24);
EASEL_CHECK_SIZE(easel_insets, 32, 8);
EASEL_CHECK_OFFSET(easel_insets, right, 24);
EASEL_CHECK_SIZE(easel_affine_transform, 48, 8);
EASEL_CHECK_OFFSET(easel_affine_transform, ty, 40);
EASEL_CHECK_SIZE(easel_value, 32, 8);
EASEL_CHECK_SIZE(easel_range, 24, 8);
EASEL_CHECK_OFFSET(easel_range, step, 16);

EASEL_CHECK_SIZE(easel_enum_case, 32, 8);
EASEL_CHECK_OFFSET(easel_enum_case, name, 8);
EASEL_CHECK_OFFSET(easel_enum_case, value, 16);
EASEL_CHECK_OFFSET(easel_enum_case, display_name, 24);

EASEL_CHECK_SIZE(easel_property, 112, 8);
EASEL_CHECK_OFFSET(easel_property, type, 4);
EASEL_CHECK_OFFSET(easel_property, name, 8);
EASEL_CHECK_OFFSET(easel_property, default_value, 16);
EASEL_CHECK_OFFSET(easel_property, display_name, 48);
EASEL_CHECK_OFFSET(easel_property, summary, 56);
EASEL_CHECK_OFFSET(easel_property, group, 64);
EASEL_CHECK_OFFSET(easel_property, range, 72);
EASEL_CHECK_OFFSET(easel_property, enum_case_count, 80);
EASEL_CHECK_OFFSET(easel_property, flags, 84);
EASEL_CHECK_OFFSET(easel_property, enum_cases, 88);
EASEL_CHECK_OFFSET(easel_property, get, 96);
EASEL_CHECK_OFFSET(easel_property, set, 104);

EASEL_CHECK_SIZE(easel_gradient_stop, 40, 8);
EASEL_CHECK_OFFSET(easel_gradient_stop, color, 8);
EASEL_CHECK_SIZE(easel_text_style, 72, 8);
EASEL_CHECK_OFFSET(easel_text_style, font_size, 8);
EASEL_CHECK_OFFSET(easel_text_style, font_weight, 16);
EASEL_CHECK_OFFSET(easel_text_style, italic, 20);
EASEL_CHECK_OFFSET(easel_text_style, reserved0, 21);
EASEL_CHECK_OFFSET(easel_text_style, reserved1, 22);
EASEL_CHECK_OFFSET(easel_text_style, color, 24);
EASEL_CHECK_OFFSET(easel_text_style, alignment, 56);
EASEL_CHECK_OFFSET(easel_text_style, vertical_alignment, 60);
EASEL_CHECK_OFFSET(easel_text_style, line_break, 64);
EASEL_CHECK_OFFSET(easel_text_style, max_lines, 68);

EASEL_CHECK_SIZE(easel_canvas, 320, 8);
EASEL_CHECK_OFFSET(easel_canvas, save, 8);
EASEL_CHECK_OFFSET(easel_canvas, restore, 16);
EASEL_CHECK_OFFSET(easel_canvas, get_transform, 56);
EASEL_CHECK_OFFSET(easel_canvas, arc, 104);
EASEL_CHECK_OFFSET(easel_canvas, set_fill_color, 144);
EASEL_CHECK_OFFSET(easel_canvas, set_shadow, 208);
EASEL_CHECK_OFFSET(easel_canvas, draw_path, 216);
EASEL_CHECK_OFFSET(easel_canvas, draw_linear_gradient, 256);
EASEL_CHECK_OFFSET(easel_canvas, draw_text, 288);
EASEL_CHECK_OFFSET(easel_canvas, measure_text, 296);
EASEL_CHECK_OFFSET(easel_canvas, draw_image, 304);
EASEL_CHECK_OFFSET(easel_canvas, image_size, 312);

EASEL_CHECK_SIZE(easel_attribute, 16, 8);
EASEL_CHECK_OFFSET(easel_attribute, value, 8);
EASEL_CHECK_SIZE(easel_archive, 56, 8);
EASEL_CHECK_OFFSET(easel_archive, attribute_count, 32);
EASEL_CHECK_OFFSET(easel_archive, attributes, 40);
EASEL_CHECK_OFFSET(easel_archive, source, 48);

EASEL_CHECK_SIZE(easel_host, 80, 8);
EASEL_CHECK_OFFSET(easel_host, name, 8);
EASEL_CHECK_OFFSET(easel_host, version, 16);
EASEL_CHECK_OFFSET(easel_host, plugin_path, 24);
EASEL_CHECK_OFFSET(easel_host, resource_dir, 32);
EASEL_CHECK_OFFSET(easel_host, log, 40);
EASEL_CHECK_OFFSET(easel_host, host_data, 48);
EASEL_CHECK_OFFSET(easel_host, measure_text, 56);
EASEL_CHECK_OFFSET(easel_host, image_size, 64);
EASEL_CHECK_OFFSET(easel_host, get_extension, 72);

EASEL_CHECK_SIZE(easel_instance_host, 72, 8);
EASEL_CHECK_OFFSET(easel_instance_host, class_name, 8);
EASEL_CHECK_OFFSET(easel_instance_host, host_data, 16);
EASEL_CHECK_OFFSET(easel_instance_host, log, 24);
EASEL_CHECK_OFFSET(easel_instance_host, measure_text, 32);
EASEL_CHECK_OFFSET(easel_instance_host, image_size, 40);
EASEL_CHECK_OFFSET(easel_instance_host, request_layout, 48);
EASEL_CHECK_OFFSET(easel_instance_host, request_redraw, 56);
EASEL_CHECK_OFFSET(easel_instance_host, property_changed, 64);

EASEL_CHECK_SIZE(easel_class, 144, 8);
EASEL_CHECK_OFFSET(easel_class, base_kind, 4);
EASEL_CHECK_OFFSET(easel_class, name, 8);
EASEL_CHECK_OFFSET(easel_class, display_name, 16);
EASEL_CHECK_OFFSET(easel_class, summary, 24);
EASEL_CHECK_OFFSET(easel_class, group, 32);
EASEL_CHECK_OFFSET(easel_class, default_size, 40);
EASEL_CHECK_OFFSET(easel_class, property_count, 56);
EASEL_CHECK_OFFSET(easel_class, properties, 64);
EASEL_CHECK_OFFSET(easel_class, context, 72);
EASEL_CHECK_OFFSET(easel_class, create, 80);
EASEL_CHECK_OFFSET(easel_class, create_from_archive, 88);
EASEL_CHECK_OFFSET(easel_class, awake_from_archive, 96);
EASEL_CHECK_OFFSET(easel_class, prepare_for_designer, 104);
EASEL_CHECK_OFFSET(easel_class, layout, 112);
EASEL_CHECK_OFFSET(easel_class, draw, 120);
EASEL_CHECK_OFFSET(easel_class, intrinsic_size, 128);
EASEL_CHECK_OFFSET(easel_class, destroy, 136);

EASEL_CHECK_SIZE(easel_plugin, 80, 8);
EASEL_CHECK_OFFSET(easel_plugin, abi, 0);
EASEL_CHECK_OFFSET(easel_plugin, struct_size, 8);
EASEL_CHECK_OFFSET(easel_plugin, class_count, 12);
EASEL_CHECK_OFFSET(easel_plugin, id, 16);
EASEL_CHECK_OFFSET(easel_plugin, name, 24);
EASEL_CHECK_OFFSET(easel_plugin, version, 32);
EASEL_CHECK_OFFSET(easel_plugin, summary, 40);
EASEL_CHECK_OFFSET(easel_plugin, init, 48);
EASEL_CHECK_OFFSET(easel_plugin, deinit, 56);
EASEL_CHECK_OFFSET(easel_plugin, classes, 64);
EASEL_CHECK_OFFSET(easel_plugin, get_extension, 72);

EASEL_CHECK_SIZE(easel_variant, 40, 8);
EASEL_CHECK_OFFSET(easel_variant, attribute_count, 4);
EASEL_CHECK_OFFSET(easel_variant, name, 8);
EASEL_CHECK_OFFSET(easel_variant, display_name, 16);
EASEL_CHECK_OFFSET(easel_variant, summary, 24);
EASEL_CHECK_OFFSET(easel_variant, attributes, 32);
EASEL_CHECK_SIZE(easel_variants, 16, 8);
EASEL_CHECK_OFFSET(easel_variants, variant_count, 4);
EASEL_CHECK_OFFSET(easel_variants, variants, 8);

EASEL_CHECK_SIZE(easel_action, 96, 8);
EASEL_CHECK_OFFSET(easel_action, argument_type, 4);
EASEL_CHECK_OFFSET(easel_action, name, 8);
EASEL_CHECK_OFFSET(easel_action, display_name, 16);
EASEL_CHECK_OFFSET(easel_action, summary, 24);
EASEL_CHECK_OFFSET(easel_action, range, 32);
EASEL_CHECK_OFFSET(easel_action, enum_case_count, 40);
EASEL_CHECK_OFFSET(easel_action, enum_cases, 48);
EASEL_CHECK_OFFSET(easel_action, default_argument, 56);
EASEL_CHECK_OFFSET(easel_action, invoke, 88);
EASEL_CHECK_SIZE(easel_actions, 16, 8);
EASEL_CHECK_OFFSET(easel_actions, action_count, 4);
EASEL_CHECK_OFFSET(easel_actions, actions, 8);

EASEL_CHECK_SIZE(easel_clock, 8, 8);

EASEL_CHECK_SIZE(easel_pointer_event, 48, 8);
EASEL_CHECK_OFFSET(easel_pointer_event, button, 4);
EASEL_CHECK_OFFSET(easel_pointer_event, location, 8);
EASEL_CHECK_OFFSET(easel_pointer_event, modifiers, 24);
EASEL_CHECK_OFFSET(easel_pointer_event, click_count, 28);
EASEL_CHECK_OFFSET(easel_pointer_event, buttons, 32);
EASEL_CHECK_OFFSET(easel_pointer_event, timestamp, 40);
EASEL_CHECK_SIZE(easel_input, 24, 8);
EASEL_CHECK_OFFSET(easel_input, hit_test, 8);
EASEL_CHECK_OFFSET(easel_input, pointer_event, 16);
EASEL_CHECK_SIZE(easel_host_input, 8, 8);
EASEL_CHECK_SIZE(easel_traits, 24, 8);
EASEL_CHECK_OFFSET(easel_traits, layout_direction, 4);
EASEL_CHECK_OFFSET(easel_traits, content_size, 8);
EASEL_CHECK_OFFSET(easel_traits, display_scale, 16);
EASEL_CHECK_SIZE(easel_host_traits, 8, 8);
EASEL_CHECK_SIZE(easel_class_traits, 16, 8);
EASEL_CHECK_OFFSET(easel_class_traits, traits_changed, 8);
EASEL_CHECK_SIZE(easel_dependent_range, 32, 8);
EASEL_CHECK_OFFSET(easel_dependent_range, property, 8);
EASEL_CHECK_OFFSET(easel_dependent_range, minimum, 16);
EASEL_CHECK_OFFSET(easel_dependent_range, maximum, 24);
EASEL_CHECK_SIZE(easel_ranges, 16, 8);
EASEL_CHECK_OFFSET(easel_ranges, range_count, 4);
EASEL_CHECK_OFFSET(easel_ranges, ranges, 8);

#undef EASEL_CHECK_SIZE
#undef EASEL_CHECK_OFFSET
#if defined(__clang__)
#pragma clang diagnostic pop
#endif
#else
#error "easel.h: only LP64 targets (x86-64 and aarch64 Linux) are supported; see LAYOUT"
#endif

EASEL_ASSUME_NONNULL_END

#ifdef __cplusplus
}
#endif

#if defined(__clang__)
#pragma clang diagnostic pop
#endif

#endif /* EASEL_H */
