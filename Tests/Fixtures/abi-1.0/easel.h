/*
 * easel.h — the Easel component ABI.
 *
 * This header is the contract between a component plugin (a shared library written in C, in Swift
 * with EaselKit, or in any language that speaks the C ABI) and the Easel host. Nothing else is.
 *
 *   plugin author                                    host
 *   ─────────────                                    ────
 *   EASEL_PLUGIN_ENTRY returns an easel_plugin  ──▶  checks abi (easel_abi_is_compatible)
 *   easel_plugin.init(host)                     ◀──  one easel_host per loaded image
 *   easel_plugin.classes[i]                     ──▶  validated, registered by name
 *   easel_class.create(frame) → void *self      ◀──  instance lifecycle (UIKit order)
 *   easel_property.set/get (typed functions)    ◀──  called through libffi, one prepared cif per signature
 *   easel_class.draw(self, canvas, rect)        ◀──  canvas: drawing operations modelled on CoreGraphics
 *
 * VERSIONING
 *   The plugin stores the version it was compiled against in easel_plugin.abi (EASEL_ABI_VERSION).
 *   The host accepts it when the majors are equal and the plugin's minor is not newer than the
 *   host's (easel_abi_is_compatible). Minor versions only ever add: new fields at the end of a
 *   struct, new function pointers at the end of a table, new type codes. A field added in minor N
 *   is read by the host only from plugins that declare minor >= N.
 *
 * OWNERSHIP (applies everywhere unless a function says otherwise)
 *   - Every string is UTF-8 and NUL-terminated.
 *   - Descriptors (easel_plugin, easel_class, easel_property, easel_enum_case, easel_range) and the
 *     strings they point to are owned by the plugin and must stay valid and unchanged from the moment
 *     the host reads them (after init returned true) until deinit returns.
 *   - Strings passed *into* the plugin (setter arguments, text to draw) are borrowed for the duration
 *     of the call: copy them if you keep them.
 *   - Strings returned *by* a property getter are owned by the instance and must stay valid until the
 *     next call into that instance or its destruction, whichever comes first. The host copies them at once.
 *
 * THREADS
 *   - entry, init and deinit are called once each, on the thread that loads the plugin.
 *   - The host never calls into a plugin from two threads at once: every class, instance, property and
 *     draw callback is serialized, though not necessarily always on the same thread.
 *   - easel_host.log may be called from any thread at any time between init and the return of deinit.
 *   - An easel_canvas is valid only during the draw call it is passed to, on that call's thread.
 *
 * ERRORS
 *   A callback that can fail says so by its return value (create returns NULL, init and draw return
 *   false). Just before failing, log one EASEL_LOG_ERROR line through easel_host.log saying why: the
 *   host attaches the last error logged on the calling thread to the failure it reports, together with
 *   the plugin file, class and phase.
 *
 * NAMES
 *   Class, property and enum-case names are identifiers ([A-Za-z_][A-Za-z0-9_]*), class names in
 *   UpperCamelCase and property names in lowerCamelCase by convention. A display name left NULL is
 *   derived the way Xcode does it: "cornerRadius" → "Corner Radius", "RoundedCornerButton" →
 *   "Rounded Corner Button". Class names are global: when two plugins register the same class name,
 *   the host keeps the one from the file whose path sorts first and warns, naming both files.
 *
 * WHAT THE HOST VALIDATES (a plugin failing any of these is reported and not loaded)
 *   entry symbol present; entry returns non-NULL; ABI compatible; init (if any) returns true; id, name
 *   and version non-NULL valid UTF-8; every name a valid identifier; class names unique in the plugin;
 *   property names unique in their class; known type codes; get non-NULL; set non-NULL unless
 *   EASEL_PROPERTY_READ_ONLY; create, draw and destroy non-NULL; ranges with min <= max, step >= 0,
 *   only on numeric types; defaults inside their range; enums with at least one case and a default that
 *   is one of them; default sizes finite and >= 0.
 */
#ifndef EASEL_H
#define EASEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__clang__)
#define EASEL_ASSUME_NONNULL_BEGIN _Pragma("clang assume_nonnull begin")
#define EASEL_ASSUME_NONNULL_END _Pragma("clang assume_nonnull end")
#else
#define EASEL_ASSUME_NONNULL_BEGIN
#define EASEL_ASSUME_NONNULL_END
#define _Nullable
#define _Nonnull
#endif

#ifdef __cplusplus
extern "C" {
#endif

EASEL_ASSUME_NONNULL_BEGIN

/* ───────────────────────────── Version ───────────────────────────── */

#define EASEL_ABI_MAJOR 1u
#define EASEL_ABI_MINOR 0u

/** An ABI version: equal majors are required, minors only add. */
typedef struct easel_abi_version {
    uint32_t major;
    uint32_t minor;
} easel_abi_version;

/** The version this header describes; store it in easel_plugin.abi. */
#define EASEL_ABI_VERSION ((easel_abi_version){EASEL_ABI_MAJOR, EASEL_ABI_MINOR})

/** The host's rule: a plugin built against `plugin` loads in a host built against `host` iff the
 *  majors are equal and the plugin's minor is not newer than the host's. */
static inline bool easel_abi_is_compatible(easel_abi_version plugin, easel_abi_version host) {
    return plugin.major == host.major && plugin.minor <= host.minor;
}

/* ───────────────────────────── Geometry and values ───────────────────────────── */
/* UIKit coordinates: origin top-left, y grows downwards, units are points (pixels = points × scale). */

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
 *   EASEL_TYPE_STRING      const char *      any text (NULL from a getter means "")
 *   EASEL_TYPE_BOOL        bool              true/false, yes/no, on/off, 1/0
 *   EASEL_TYPE_POINT       easel_point       x,y
 *   EASEL_TYPE_SIZE        easel_size        WxH
 *   EASEL_TYPE_RECT        easel_rect        x,y,w,h
 *   EASEL_TYPE_COLOR       easel_color       #RRGGBB or #RRGGBBAA
 *   EASEL_TYPE_IMAGE       const char *      a resource path (see easel_canvas.draw_image); NULL = none
 *   EASEL_TYPE_ENUM        int64_t           a case name; the value passed is that case's value
 *   EASEL_TYPE_INSETS      easel_insets      top,left,bottom,right
 */
typedef uint32_t easel_type;
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
    const char *_Nullable s; /**< STRING, IMAGE (plugin-owned, static) */
    easel_point point;    /**< POINT */
    easel_size size;      /**< SIZE */
    easel_rect rect;      /**< RECT */
    easel_color color;    /**< COLOR */
    easel_insets insets;  /**< INSETS */
} easel_value;

/** A generic function pointer. Property accessors are stored as this and called with their real,
 *  typed signature (see easel_type); cast your function: `.get = (easel_fn)badge_get_count`. */
typedef void (*easel_fn)(void);

/** Numeric bounds for INT, CGFLOAT and DOUBLE properties. Values outside [min, max] are rejected by
 *  the host before the setter is called. step is the editor's increment (0: continuous). */
typedef struct easel_range {
    double min;
    double max;
    double step;
} easel_range;

/** One case of an ENUM property. */
typedef struct easel_enum_case {
    const char *name;                     /**< identifier used on the command line and in files */
    int64_t value;                        /**< what the accessors pass */
    const char *_Nullable display_name;   /**< NULL: derived from name */
} easel_enum_case;

/** Property flags. */
typedef uint32_t easel_property_flags;
#define EASEL_PROPERTY_READ_ONLY ((easel_property_flags)1u << 0) /**< no setter; shown, never set */
#define EASEL_PROPERTY_HIDDEN ((easel_property_flags)1u << 1)    /**< settable, not listed by inspect */

/** One inspectable property. */
typedef struct easel_property {
    const char *name;                     /**< lowerCamelCase identifier, unique in its class */
    easel_type type;                      /**< an EASEL_TYPE_* code */
    easel_value default_value;            /**< the value a fresh instance has */
    const char *_Nullable display_name;   /**< NULL: derived from name ("cornerRadius" → "Corner Radius") */
    const char *_Nullable summary;        /**< one line for the inspector */
    const char *_Nullable group;          /**< inspector section; NULL: the class's own section */
    const easel_range *_Nullable range;   /**< numeric types only; NULL: unbounded */
    uint32_t enum_case_count;             /**< ENUM only: number of cases (>= 1) */
    const easel_enum_case *_Nullable enum_cases; /**< ENUM only */
    easel_property_flags flags;           /**< EASEL_PROPERTY_* */
    /** `T get(void *self)`: returns the current value. Required. Must not fail. */
    easel_fn _Nullable get;
    /** `void set(void *self, T value)`: stores the value and marks the instance for layout and
     *  redraw (didSet). Called only with values of the right type, inside the range, or one of the
     *  enum's case values. NULL iff READ_ONLY. */
    easel_fn _Nullable set;
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

/** One colour stop of a gradient; locations ascend in 0…1. */
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

/** How text is set. font_family NULL means the host's UI font (sans-serif with CJK coverage). */
typedef struct easel_text_style {
    const char *_Nullable font_family;
    double font_size;                        /**< points; > 0 */
    uint32_t font_weight;                    /**< 100…900: 400 regular, 700 bold */
    bool italic;
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
 * The drawing surface the host hands to easel_class.draw, modelled on CGContext. Coordinates are the
 * instance's own: origin top-left of its bounds, in points; the host has already applied the scale.
 * Graphics state (transform, clip, colours, line style, alpha, shadow) is saved and restored by
 * save/restore. The current path is not part of the state and is consumed by draw_path and clip.
 * Every member is non-NULL; call them as `canvas->fill_rect(canvas, r)`. Owned by the host, valid only
 * during the draw call, on its thread. Errors (e.g. an out-of-memory surface) are recorded by the host
 * and reported after draw returns; drawing calls never fail individually.
 */
struct easel_canvas {
    void *_Nullable host_data; /**< private to the host */

    /* Graphics state */
    void (*save)(easel_canvas *canvas);    /**< push the graphics state (CGContextSaveGState) */
    void (*restore)(easel_canvas *canvas); /**< pop it; unbalanced restores are ignored */

    /* Transform: each call post-multiplies the current transform, as CoreGraphics does. */
    void (*translate)(easel_canvas *canvas, double tx, double ty);
    void (*scale)(easel_canvas *canvas, double sx, double sy);
    void (*rotate)(easel_canvas *canvas, double radians);          /**< positive: clockwise on screen */
    void (*concat_transform)(easel_canvas *canvas, easel_affine_transform transform);
    easel_affine_transform (*get_transform)(easel_canvas *canvas); /**< user space → device pixels */

    /* Path construction */
    void (*begin_path)(easel_canvas *canvas);                      /**< discard the current path */
    void (*move_to)(easel_canvas *canvas, double x, double y);
    void (*line_to)(easel_canvas *canvas, double x, double y);
    void (*curve_to)(easel_canvas *canvas, double cp1x, double cp1y, double cp2x, double cp2y,
                     double x, double y);                          /**< cubic Bézier */
    void (*quad_curve_to)(easel_canvas *canvas, double cpx, double cpy, double x, double y);
    /** Arc around (cx, cy) from start_angle to end_angle (radians, 0 = +x axis, growing towards +y as
     *  on screen). clockwise as UIBezierPath means it on screen. Connects from the current point. */
    void (*arc)(easel_canvas *canvas, double cx, double cy, double radius, double start_angle,
                double end_angle, bool clockwise);
    void (*close_path)(easel_canvas *canvas);
    void (*add_rect)(easel_canvas *canvas, easel_rect rect);                    /**< closed subpath */
    void (*add_rounded_rect)(easel_canvas *canvas, easel_rect rect, double corner_radius);
    void (*add_ellipse)(easel_canvas *canvas, easel_rect rect);                 /**< inscribed in rect */

    /* Paint style */
    void (*set_fill_color)(easel_canvas *canvas, easel_color color);
    void (*set_stroke_color)(easel_canvas *canvas, easel_color color);
    void (*set_line_width)(easel_canvas *canvas, double width);
    void (*set_line_cap)(easel_canvas *canvas, easel_line_cap cap);
    void (*set_line_join)(easel_canvas *canvas, easel_line_join join);
    void (*set_miter_limit)(easel_canvas *canvas, double limit);
    /** Dash pattern: `count` lengths (copied by the host), starting `phase` into the pattern.
     *  count 0 (lengths may then be NULL) restores solid lines. */
    void (*set_line_dash)(easel_canvas *canvas, double phase, const double *_Nullable lengths,
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
    void (*clip_to_rect)(easel_canvas *canvas, easel_rect rect);

    /* Gradients: paint the whole current clip (CGContextDrawLinearGradient). `stops` are copied. */
    void (*draw_linear_gradient)(easel_canvas *canvas, const easel_gradient_stop *stops, uint32_t count,
                                 easel_point start, easel_point end, easel_gradient_options options);
    void (*draw_radial_gradient)(easel_canvas *canvas, const easel_gradient_stop *stops, uint32_t count,
                                 easel_point start_center, double start_radius,
                                 easel_point end_center, double end_radius,
                                 easel_gradient_options options);

    /* Transparency layers: everything painted between begin and end is composited as one group,
     * with the alpha and shadow that were current at begin (CGContextBeginTransparencyLayer). */
    void (*begin_transparency_layer)(easel_canvas *canvas);
    void (*end_transparency_layer)(easel_canvas *canvas);

    /* Text (laid out by the host; CJK is supported) */
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

/* ───────────────────────────── Archives (init(coder:)) ───────────────────────────── */

/** One archived attribute: a property name and its value in the command-line value syntax. */
typedef struct easel_attribute {
    const char *key;
    const char *value;
} easel_attribute;

/** What a layout document or scene archived for one instance. Borrowed for the duration of
 *  create_from_archive. The host applies the attributes through the setters itself afterwards (as
 *  Interface Builder applies user-defined runtime attributes), then calls awake_from_archive. */
typedef struct easel_archive {
    easel_rect frame;
    uint32_t attribute_count;
    const easel_attribute *_Nullable attributes;
    const char *_Nullable source;  /**< the document it came from, for messages; may be NULL */
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
 * One designable class. Lifecycle, as UIKit and Interface Builder run it:
 *   designer:  create(frame) → set… → prepare_for_designer → layout → draw → … → destroy
 *   archive:   create_from_archive → set… (archived attributes) → awake_from_archive → layout → draw
 * After further sets the host calls layout and draw again on the same instance; it calls layout
 * whenever the size changed or a property was set since the last layout.
 */
typedef struct easel_class {
    const char *name;                     /**< UpperCamelCase identifier, unique in the host */
    const char *_Nullable display_name;   /**< NULL: derived from name */
    const char *_Nullable summary;        /**< one line */
    const char *_Nullable group;          /**< library section, e.g. "Buttons"; NULL: the plugin's name */
    easel_base_kind base_kind;
    easel_size default_size;              /**< points; used when the user gives no size */
    uint32_t property_count;
    const easel_property *_Nullable properties; /**< property_count entries */
    const void *_Nullable context;        /**< the plugin's own; the host never touches it */

    /** init(frame:): a new instance with every property at its default. Returns the instance
     *  (owned by the plugin until destroy) or NULL on failure (log why). Required. */
    void *_Nullable (*_Nullable create)(const struct easel_class *cls, easel_rect frame);
    /** init(coder:): a new instance from an archive. NULL: the host uses create(archive->frame). */
    void *_Nullable (*_Nullable create_from_archive)(const struct easel_class *cls,
                                                     const easel_archive *archive);
    /** awakeFromNib: called after the archived attributes were set. Optional. */
    void (*_Nullable awake_from_archive)(void *self);
    /** prepareForInterfaceBuilder: called once, after the designer's sets, before the first layout.
     *  Use it for placeholder content a designer should see. Optional. */
    void (*_Nullable prepare_for_designer)(void *self);
    /** layoutSubviews: lay out for `size` (the bounds; origin is 0,0). Optional. */
    void (*_Nullable layout)(void *self, easel_size size);
    /** draw(_ rect:): paint into canvas; `rect` is the area to redraw, in the instance's coordinates
     *  (normally its bounds). Return false on failure (log why). Required. */
    bool (*_Nullable draw)(void *self, easel_canvas *canvas, easel_rect rect);
    /** intrinsicContentSize: its natural size, EASEL_NO_INTRINSIC_METRIC on an axis without one.
     *  Optional (NULL: none on either axis). */
    easel_size (*_Nullable intrinsic_size)(void *self);
    /** Free the instance. Required. The pointer is never used again. */
    void (*_Nullable destroy)(void *self);
} easel_class;

/* ───────────────────────────── Host and plugin ───────────────────────────── */

typedef uint32_t easel_log_level;
#define EASEL_LOG_DEBUG ((easel_log_level)0)
#define EASEL_LOG_INFO ((easel_log_level)1)
#define EASEL_LOG_WARNING ((easel_log_level)2)
#define EASEL_LOG_ERROR ((easel_log_level)3) /**< also: why the current callback is failing */

/** What the host offers a plugin. Owned by the host; valid from init until deinit returns. */
typedef struct easel_host {
    easel_abi_version abi;       /**< the host's ABI version */
    const char *name;            /**< host program name, e.g. "easel" */
    const char *version;         /**< host version string */
    const char *plugin_path;     /**< the plugin file as found (not the private copy the host loaded) */
    /** Where the plugin's resources live: the directory beside the library named after it without
     *  "lib" and ".so" ("components/libGauge.so" → "components/Gauge.resources"). Absolute. It may
     *  not exist. */
    const char *resource_dir;
    /** Log a message (copied). Any thread. EASEL_LOG_ERROR right before a failing return explains
     *  the failure. */
    void (*log)(const struct easel_host *host, easel_log_level level, const char *message);
    void *_Nullable host_data;   /**< private to the host */
    /** The size `text` takes with `style` when wrapped at `max_width` (<= 0: no wrapping), exactly as
     *  easel_canvas.measure_text would measure it, for layout outside draw (sizeThatFits,
     *  intrinsic sizes). Same thread rules as the other instance callbacks. */
    easel_size (*measure_text)(const struct easel_host *host, const char *text, double max_width,
                               const easel_text_style *style);
    /** The natural size in points of the image resource `name` (resolved as easel_canvas.draw_image
     *  resolves it), or {0, 0} if it cannot be found or read. */
    easel_size (*image_size)(const struct easel_host *host, const char *name);
} easel_host;

/** What the entry point returns: the plugin's identity and its classes. */
typedef struct easel_plugin {
    easel_abi_version abi;       /**< EASEL_ABI_VERSION, as compiled */
    const char *id;              /**< reverse-DNS, unique: "org.example.gauge" */
    const char *name;            /**< human name: "Gauge" */
    const char *version;         /**< the plugin's own version: "1.0.0" */
    const char *_Nullable summary;
    /** Called once after the ABI check, before anything else is read. May fill in class_count and
     *  classes. Return false to refuse loading (log why). `host` stays valid until deinit returns.
     *  Optional. */
    bool (*_Nullable init)(const easel_host *host);
    /** Called at most once, when the host no longer needs the plugin (a worker process that is told to
     *  quit calls it for every plugin it loaded); never if the process ends abruptly or the plugin
     *  was loaded only to be described. Every instance has been destroyed by then. The image stays
     *  mapped afterwards: the host never unloads plugins. Optional. */
    void (*_Nullable deinit)(void);
    uint32_t class_count;        /**< read after init */
    const easel_class *_Nullable classes; /**< class_count entries; read after init */
} easel_plugin;

/** The entry point's name and type. Each plugin exports exactly one function with this name. */
#define EASEL_ENTRY_SYMBOL "easel_plugin_entry"
typedef const easel_plugin *_Nullable (*easel_plugin_entry_fn)(void);

/** Define the entry point: `EASEL_PLUGIN_ENTRY { return &my_plugin; }`. It may be called more than
 *  once and must return the same descriptor each time, or NULL if the plugin cannot work at all. */
#define EASEL_PLUGIN_ENTRY \
    __attribute__((visibility("default"))) const easel_plugin *easel_plugin_entry(void)

EASEL_ASSUME_NONNULL_END

#ifdef __cplusplus
}
#endif

#endif /* EASEL_H */
