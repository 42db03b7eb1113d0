/*
 * easel_runtime.h — Easel components inside an application: the embedding runtime, libeasel-runtime.
 *
 * The same plugin files (.so) the Easel host shows in its designer, used at run time by a program of
 * your own: open plugins, make a view of a class, set its inspectable properties, call its actions,
 * lay it out, measure it and draw it into any cairo_t; send it pointer events and traits; hear when
 * it asks to be drawn again, changes a property itself or sends an action. No toolkit in it: the
 * GTK 4 widget (easel-gtk4, easel-widget.h) is built on this header, and any other toolkit can be.
 *
 *   application                                       runtime
 *   ───────────                                       ───────
 *   easel_runtime_open(path, options, &error)    ──▶  plugins loaded (in process, or each in a worker)
 *   easel_view_create(rt, "Gauge", frame, …)     ──▶  an instance, as Interface Builder makes one
 *   easel_view_set(view, "value", "80", &error)  ──▶  the value syntax of `host render --set`
 *   easel_view_draw(view, cr, &error)            ──▶  laid out if needed, drawn at its frame
 *   easel_view_send_pointer(view, &event, …)     ──▶  easel.input/1; hit tests, capture
 *   callbacks.redraw / property_changed /        ◀──  what the instance asked and did, after each call
 *     action_sent
 *   easel_runtime_dispatch(rt)                   ──▶  rebuilt plugin files reloaded, values kept
 *
 *   #include <easel_runtime.h>      cc app.c $(pkg-config --cflags --libs easel-runtime)
 *
 *   easel_runtime_error *error = NULL;
 *   easel_runtime *rt = easel_runtime_open("components", NULL, &error);
 *   if (!rt) { fprintf(stderr, "%s\n", error->description); easel_runtime_error_free(error); return 1; }
 *   easel_rect frame = {{0, 0}, {0, 0}};            // 0 × 0: the class's natural size
 *   easel_view *gauge = easel_view_create(rt, "Gauge", frame, NULL, &error);
 *   easel_view_set(gauge, "value", "80", &error);
 *   easel_view_draw(gauge, cr, &error);             // cr: any cairo_t, its transform in force
 *   easel_view_destroy(gauge);
 *   easel_runtime_close(rt);
 *
 * ISOLATION
 *   EASEL_ISOLATION_IN_PROCESS (the default) loads each plugin file into the application, as a
 *   toolkit loads a widget library: calls are function calls, and a plugin that crashes (a NULL
 *   dereference in draw, an abort) ends the application as any library of it would — nothing can
 *   catch that safely. EASEL_ISOLATION_WORKERS runs each plugin file in a worker process of its own
 *   (as the `host` program does; see Docs/reference/isolation.md): a crash, an exit, a hang past the
 *   call's time budget or a worker over its memory limit becomes an easel_runtime_error with kind
 *   EASEL_ERROR_PLUGIN_FAILURE, the phase and the worker's last output, and the application goes on;
 *   the view can be made again with easel_view_recreate. Workers cost a process per plugin file and
 *   a round trip per call (a display list per draw); use them where components are not trusted, or
 *   while developing them.
 *
 * FONTS
 *   Components draw text with the fonts the designer uses (Easel's pinned fontconfig setup: Noto Sans
 *   CJK, Noto Color Emoji; EaselRender/FontConfiguration.swift), so that a view looks as it does in
 *   `host render` and the designer. The runtime lays their text out with a Pango font map of its own
 *   bound to that setup: fontconfig's current configuration, the one the application's toolkit uses
 *   for its own text, is left as it is (the user's fonts and settings stay the application's). Text
 *   inside a component's SVG images is laid out by librsvg with the application's setup.
 *   EASEL_FONTCONFIG=system in the environment makes components use the application's setup too
 *   (pixels then differ from the designer's where fonts differ).
 *
 * OWNERSHIP
 *   - easel_runtime and easel_view are opaque handles. easel_runtime_open and easel_view_create give
 *     the caller one; easel_runtime_close and easel_view_destroy give it back. A view keeps its
 *     runtime alive: closing the runtime with views left is allowed, and it ends with its last view.
 *   - Strings passed in are borrowed for the call (copied where kept). Strings returned are owned as
 *     each function says: either borrowed from the handle (valid until the next call on it) or
 *     allocated for the caller (free them with easel_runtime_free).
 *   - An easel_runtime_error is allocated for the caller in one block; free it with
 *     easel_runtime_error_free. Every `error` parameter may be NULL (the error is then dropped); if it
 *     is not, *error must be NULL on entry and is set exactly when the function fails.
 *
 * THREADS
 *   [runtime thread]  A runtime and its views are not thread-safe: call the functions tagged so from
 *                     one thread at a time (in practice, the application's main thread). Callbacks are
 *                     called on that thread, from inside the call that caused them (set, invoke,
 *                     send_pointer, draw, dispatch …), after the plugin call returned: from a callback
 *                     you may call any function of this header, destroying the view reported on
 *                     included (no later callback of that call reaches it).
 *   [any thread]      may be called from any thread at any time.
 *   Two runtimes are independent (their own plugins, warnings and workers); a plugin file opened by
 *   both is loaded twice. What a component asks from a thread of its own between calls (a
 *   request_redraw from a timer) is seen at the next call on its view: this version has no
 *   descriptor that wakes the application for it.
 *
 * ERRORS
 *   Bad input — a file that is no plugin, an unknown class, property or action, a value that does not
 *   parse or is out of range, a plugin call that fails — is an easel_runtime_error naming the plugin
 *   file, class, property and phase, never a crash and never a change half made (a set that fails
 *   leaves the view as it was). Its kind is the exit status `host` gives the same failure (sysexits.h).
 *
 * VERSION
 *   This header describes the runtime of Easel 0.1.0, which loads plugins of ABI 1.0 to 1.2 (easel.h).
 *   Structs the caller fills in start with struct_size (sizeof in the header it was compiled with), so
 *   that later versions can grow them at the end, as easel.h's do.
 */
#ifndef EASEL_RUNTIME_H
#define EASEL_RUNTIME_H

#include <easel.h>
#include <cairo.h>

#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wnullability-extension"
#endif

#ifdef __cplusplus
extern "C" {
#endif

EASEL_ASSUME_NONNULL_BEGIN

/* ───────────────────────────── Handles ───────────────────────────── */

/** Plugins opened for an application, with the views made of their classes. Opaque. */
typedef struct easel_runtime easel_runtime;
/** One live instance of a component class, drawn wherever the application says. Opaque. */
typedef struct easel_view easel_view;

/* ───────────────────────────── Errors ───────────────────────────── */

/** What kind of failure an error is: the exit status `host` gives the same failure. */
typedef uint32_t easel_error_kind;
#define EASEL_ERROR_USAGE ((easel_error_kind)64)          /**< the call itself was wrong (a NULL name, a bad size) */
#define EASEL_ERROR_BAD_DATA ((easel_error_kind)65)       /**< a value that does not parse, is out of range or of another type */
#define EASEL_ERROR_NOT_FOUND ((easel_error_kind)66)      /**< no such file, class, property or action */
#define EASEL_ERROR_PLUGIN_FAILURE ((easel_error_kind)69) /**< a plugin would not load, or a call into it failed, crashed or hung */
#define EASEL_ERROR_INTERNAL ((easel_error_kind)70)       /**< something the runtime should not have done */
#define EASEL_ERROR_CANNOT_CREATE ((easel_error_kind)73)  /**< something could not be created (a worker, a surface) */

/** An error, as a value. Allocated by the runtime in one block (the strings inside it); free it with
 *  easel_runtime_error_free. */
typedef struct easel_runtime_error {
    easel_error_kind kind;
    uint32_t reserved0;                          /**< 0 */
    /** What went wrong and what was expected, without the file, class and property (those follow). */
    const char *message;
    const char *EASEL_NULLABLE file;             /**< the plugin file (or NULL) */
    const char *EASEL_NULLABLE class_name;       /**< the class (or NULL) */
    const char *EASEL_NULLABLE property;         /**< the property or action (or NULL) */
    /** The phase of the plugin's life it failed in: "load", "create", "set", "get", "action",
     *  "layout", "draw", "input", "traits", … as easel.h's and `host`'s messages name them (or NULL). */
    const char *EASEL_NULLABLE phase;
    /** The whole message as `host` prints it: "FILE: class C: property P: MESSAGE [phase: draw]",
     *  then, for a worker that crashed, indented lines of its last output. */
    const char *description;
} easel_runtime_error;

/** [any thread] Frees an error (NULL: nothing). */
void easel_runtime_error_free(easel_runtime_error *EASEL_NULLABLE error);

/** [any thread] Frees a string this header says the caller owns (NULL: nothing). */
void easel_runtime_free(char *EASEL_NULLABLE string);

/* ───────────────────────────── Opening plugins ───────────────────────────── */

/** Where plugin code runs (see ISOLATION). */
typedef uint32_t easel_isolation;
#define EASEL_ISOLATION_IN_PROCESS ((easel_isolation)0)   /**< loaded into the application (the default) */
#define EASEL_ISOLATION_WORKERS ((easel_isolation)1)      /**< each plugin file in a worker process */

/** How a runtime is opened. Caller-written; start from easel_runtime_options_init. */
typedef struct easel_runtime_options {
    uint32_t struct_size;                 /**< sizeof(easel_runtime_options) */
    easel_isolation isolation;            /**< EASEL_ISOLATION_IN_PROCESS or EASEL_ISOLATION_WORKERS */
    /** Workers: the seconds each call into a plugin may take before it is a failure (0: 2 s). */
    double call_timeout;
    /** Workers: each worker's memory limit in bytes (0: 1 GiB), as `host --memory-limit`. */
    uint64_t memory_limit;
    /** Workers: the `host` program that serves as their launcher (`host __launcher`). NULL:
     *  $EASEL_WORKER_EXECUTABLE, else `host` beside libeasel-runtime.so or in ../bin from it (an
     *  installation: PREFIX/lib and PREFIX/bin). */
    const char *EASEL_NULLABLE worker_program;
    /** Watch the plugin files and reload a rebuilt one when easel_runtime_dispatch is called: for
     *  development builds of an application (see easel_runtime_get_fd). */
    bool reload;
    uint8_t reserved0[7];                 /**< 0 */
    /** Optional. [any thread] Where warnings go (a class registered twice, a value a reload had to
     *  set aside, what a plugin logged as a warning): one line each, borrowed for the call, one call
     *  at a time. Called on the runtime thread, but for what a plugin logs from a thread of its own
     *  (then on that thread). NULL: standard error, prefixed "easel: ". */
    void (*EASEL_NULLABLE warning)(const char *line, void *EASEL_NULLABLE context);
    /** Optional. [runtime thread] A plugin file was reloaded (`error` NULL: its views were made again
     *  from the new build, with their values), or its new build was refused (`error` says why; the
     *  views keep the last build that worked). `error` is borrowed for the call. */
    void (*EASEL_NULLABLE reloaded)(const char *file, const easel_runtime_error *EASEL_NULLABLE error,
                                    void *EASEL_NULLABLE context);
    void *EASEL_NULLABLE context;         /**< passed to warning and reloaded */
} easel_runtime_options;

/** [any thread] Fills `options` with the defaults: in process, no reload, warnings to stderr. */
void easel_runtime_options_init(easel_runtime_options *options);

/**
 * [runtime thread] Opens plugins: `path` is a plugin file, a folder (searched as `host` searches its
 * plugin path: every .so below it), or several of them separated by ':'. NULL: $EASEL_PLUGIN_PATH,
 * else ./components (the host's default). Every plugin file found is loaded now (its init runs); a
 * file that fails to load is a warning and is left out; no plugin at all, or a path that does not
 * exist, is an error. `options` may be NULL (the defaults); it is read during the call only.
 * Returns a runtime the caller owns (easel_runtime_close), or NULL with `*error` set.
 */
easel_runtime *EASEL_NULLABLE easel_runtime_open(const char *EASEL_NULLABLE path,
                                                 const easel_runtime_options *EASEL_NULLABLE options,
                                                 easel_runtime_error *EASEL_NULLABLE *EASEL_NULLABLE error);

/** [runtime thread] Gives the caller's runtime back. Views still alive keep it alive; when the last
 *  goes, the plugins' deinit runs (in process) or the workers end. NULL: nothing. */
void easel_runtime_close(easel_runtime *EASEL_NULLABLE runtime);

/** [runtime thread] How many classes the runtime's plugins register. */
size_t easel_runtime_class_count(const easel_runtime *runtime);

/** [runtime thread] The name of class `index` (0 ≤ index < count, sorted by name), borrowed from the
 *  runtime until the next reload; NULL for an index out of range. */
const char *EASEL_NULLABLE easel_runtime_class_name(const easel_runtime *runtime, size_t index);

/**
 * [runtime thread] With `reload`: a file descriptor that becomes readable when a plugin file
 * changed; add it to the application's main loop (g_unix_fd_add) and call easel_runtime_dispatch
 * when it is. -1 without `reload`. Owned by the runtime: never close it.
 */
int easel_runtime_get_fd(const easel_runtime *runtime);

/**
 * [runtime thread] Handles what changed: a plugin file rebuilt (closed after writing, or renamed into
 * place) is loaded again — the new build in process, or in a worker of its own — and every view of
 * its classes is made again from it with the values it had (set by the application, or changed by the
 * component itself after an action, a pointer event or a frame; not what it derived from a value set,
 * a clamp, which the new instance derives again; a value that no longer fits is set aside with a
 * warning and restored when a later build fits it), then reported through the view's redraw callback
 * (with `layout`). A build that fails
 * to load is refused and the last good one stays. Reported through options.reloaded. A file still
 * being written is left for a later call. Returns the seconds after which it should be called again
 * even if the fd stays quiet (a change waiting to settle), or a negative number when only the fd
 * matters. Without `reload`, does nothing and returns -1.
 */
double easel_runtime_dispatch(easel_runtime *runtime);

/* ───────────────────────────── Views ───────────────────────────── */

/** What a view tells the application. Caller-written; every member is optional (NULL: not told).
 *  All are [runtime thread], called from inside the call that caused them (see THREADS). */
typedef struct easel_view_callbacks {
    uint32_t struct_size;                 /**< sizeof(easel_view_callbacks) */
    uint32_t reserved0;                   /**< 0 */
    /** [runtime thread] The view wants to be drawn again: it asked (request_redraw, the next frame of an animation —
     *  then it is called from inside easel_view_draw), a property changed, or it was reloaded.
     *  `layout` is true when its size may have changed too (the application set a value, called an
     *  action or changed its traits, the component asked for layout, it was made again): measure it
     *  again (gtk_widget_queue_resize). */
    void (*EASEL_NULLABLE redraw)(easel_view *view, bool layout, void *EASEL_NULLABLE context);
    /** [runtime thread] The component changed one of its properties itself (a drag moved a slider, or
     *  it clamped a value when the application set its bound): `property`, and its new value in the
     *  value syntax, both borrowed for the call. Not called for the application's own sets. */
    void (*EASEL_NULLABLE property_changed)(easel_view *view, const char *property, const char *value,
                                            void *EASEL_NULLABLE context);
    /** [runtime thread] The component sent a control event (easel.input/1's send_action: "touchUpInside",
     *  "valueChanged", "primaryActionTriggered", …), borrowed for the call. In order, every one. */
    void (*EASEL_NULLABLE action_sent)(easel_view *view, const char *event, void *EASEL_NULLABLE context);
} easel_view_callbacks;

/**
 * [runtime thread] Makes a view of `class_name`, as Interface Builder makes a designable: created for
 * `traits` (NULL: light, left-to-right, large text, scale 1), then prepare-for-designer is NOT called
 * (this is the application, not a designer). `frame` is where easel_view_draw draws it in the user
 * space of the cairo_t it is given; a width or height of 0 takes the class's natural size on that axis
 * (its default size, else its intrinsic size). The component's animation clock follows real time.
 * Returns a view the caller owns (easel_view_destroy), or NULL with `*error` set (no such class: the
 * message lists close names).
 */
easel_view *EASEL_NULLABLE easel_view_create(easel_runtime *runtime, const char *class_name, easel_rect frame,
                                             const easel_traits *EASEL_NULLABLE traits,
                                             easel_runtime_error *EASEL_NULLABLE *EASEL_NULLABLE error);

/** [runtime thread] Destroys the view (the component's destroy runs) and gives it back. NULL: nothing.
 *  Allowed from inside one of its callbacks. */
void easel_view_destroy(easel_view *EASEL_NULLABLE view);

/** [runtime thread] Sets the callbacks (copied; NULL: none) and the context passed to them. */
void easel_view_set_callbacks(easel_view *view, const easel_view_callbacks *EASEL_NULLABLE callbacks,
                              void *EASEL_NULLABLE context);

/** [runtime thread] The view's class name, borrowed from the view. */
const char *easel_view_class_name(const easel_view *view);

/** [runtime thread] The class's name as people read it ("Rounded Corner Button": the plugin's
 *  display name, else the class name split at its words), borrowed from the view until the next call
 *  of this function on it or its destruction. What a toolkit tells assistive technologies the view is
 *  called until the application names it (EaselWidget's accessible label). */
const char *easel_view_display_name(const easel_view *view);

/** [runtime thread] The kind of view the class says it is (easel.h's EASEL_KIND_*: a button, a slider,
 *  a plain view, …; after a reload, the new build's). What a toolkit maps to keyboard focus: EaselWidget
 *  takes the focus for controls (control, button, text field, slider, switch) that take input. */
easel_base_kind easel_view_kind(const easel_view *view);

/* Properties and actions */

/** [runtime thread] How many inspectable properties the view's class has. */
size_t easel_view_property_count(const easel_view *view);

/** [runtime thread] Property `index`'s name (in the class's order) and, if `type` is not NULL, its
 *  type; borrowed from the view until the next reload. NULL for an index out of range. */
const char *EASEL_NULLABLE easel_view_property_name(const easel_view *view, size_t index,
                                                     easel_type *EASEL_NULLABLE type);

/**
 * [runtime thread] Sets a property from text in the value syntax of `host render --set` (easel.h's
 * table: "12.5", "#FF9500", "true", "10,20", a case name…), checked against its type, range and cases
 * before the setter runs. Returns false with `*error` set (the view unchanged) when the name or value
 * is refused or the setter fails. The view is laid out before it is next drawn.
 */
bool easel_view_set(easel_view *view, const char *property, const char *value,
                    easel_runtime_error *EASEL_NULLABLE *EASEL_NULLABLE error);

/**
 * [runtime thread] Sets a property from a typed value: `type` must be the property's type (ENUM
 * takes the case's value, as the setter does); STRING and IMAGE strings are borrowed for the call.
 * Checked and reported as easel_view_set.
 */
bool easel_view_set_value(easel_view *view, const char *property, easel_type type, const easel_value *value,
                          easel_runtime_error *EASEL_NULLABLE *EASEL_NULLABLE error);

/** [runtime thread] Reads a property back through its getter, in the value syntax. Returns a string
 *  the caller owns (easel_runtime_free), or NULL with `*error` set. */
char *EASEL_NULLABLE easel_view_get(easel_view *view, const char *property,
                                    easel_runtime_error *EASEL_NULLABLE *EASEL_NULLABLE error);

/** [runtime thread] Reads a property back, typed: `*type` and `*value` are set (a STRING or IMAGE is
 *  borrowed from the view until the next call on it; no image is NULL). false with `*error` set. */
bool easel_view_get_value(easel_view *view, const char *property, easel_type *type, easel_value *value,
                          easel_runtime_error *EASEL_NULLABLE *EASEL_NULLABLE error);

/** [runtime thread] How many actions (easel.actions/1) the view's class declares. */
size_t easel_view_action_count(const easel_view *view);

/** [runtime thread] Action `index`'s name, borrowed from the view until the next reload; NULL out of range. */
const char *EASEL_NULLABLE easel_view_action_name(const easel_view *view, size_t index);

/** [runtime thread] Calls an action; `argument` (NULL: none, or the action's default) is in the value
 *  syntax of its type. false with `*error` set when it is unknown, the argument is refused, or it fails. */
bool easel_view_invoke(easel_view *view, const char *action, const char *EASEL_NULLABLE argument,
                       easel_runtime_error *EASEL_NULLABLE *EASEL_NULLABLE error);

/* Geometry, layout and drawing */

/** [runtime thread] The view's frame (its size resolved: never 0 × 0 unless the class has no size at all). */
easel_rect easel_view_get_frame(const easel_view *view);

/** [runtime thread] Moves or resizes the view; a new size is laid out before the next draw. A size
 *  that is negative or not finite is refused (false, EASEL_ERROR_USAGE). */
bool easel_view_set_frame(easel_view *view, easel_rect frame, easel_runtime_error *EASEL_NULLABLE *EASEL_NULLABLE error);

/** [runtime thread] The component's intrinsic content size; an axis without one is
 *  EASEL_NO_INTRINSIC_METRIC (-1). {-1, -1} with `*error` set on failure. */
easel_size easel_view_intrinsic_size(easel_view *view, easel_runtime_error *EASEL_NULLABLE *EASEL_NULLABLE error);

/** [runtime thread] The size a toolkit should give the view: the class's default size, where an axis of
 *  0 takes the intrinsic size (what `host render` draws without --size). {0, 0} with `*error` set on failure. */
easel_size easel_view_natural_size(easel_view *view, easel_runtime_error *EASEL_NULLABLE *EASEL_NULLABLE error);

/** [runtime thread] Lays the view out now if it needs it (draw and pointer events do it themselves). */
bool easel_view_layout(easel_view *view, easel_runtime_error *EASEL_NULLABLE *EASEL_NULLABLE error);

/**
 * [runtime thread] Lays the view out if needed and draws it at its frame into `cr` (borrowed for the
 * call), in the user space in force: apply the device scale first (GTK's snapshot does). The state of
 * `cr` is as it was afterwards. Images are found in the plugin's resources. An instance that asks for
 * another frame while it draws (an animation) is reported through redraw from inside this call. false
 * with `*error` set (kind EASEL_ERROR_PLUGIN_FAILURE, phase "draw") when the draw fails or, in a
 * worker, crashes or hangs: what was drawn of it may be in `cr`.
 */
bool easel_view_draw(easel_view *view, cairo_t *cr, easel_runtime_error *EASEL_NULLABLE *EASEL_NULLABLE error);

/**
 * [runtime thread] Makes the component again from the class's current build, with the view's values,
 * frame and traits: after a failure (a worker that crashed) or to start over. false with `*error` set.
 */
bool easel_view_recreate(easel_view *view, easel_runtime_error *EASEL_NULLABLE *EASEL_NULLABLE error);

/* Input and traits */

/** [runtime thread] Whether the view's class takes pointer input (easel.input/1). */
bool easel_view_takes_input(const easel_view *view);

/**
 * [runtime thread] Sends a pointer event, in the view's coordinates (its bounds' origin is 0,0, not
 * its frame's). The runtime keeps easel.h's promises to the component: a down goes only where its hit
 * test accepts (elsewhere the sequence is not the view's: its moves and up are dropped); the moves and
 * the up of a sequence that began on it go to it wherever the pointer is; enter and leave bracket
 * hovering. `timestamp` is ignored: the runtime stamps events with the view's clock. `*handled` (may
 * be NULL) says whether the component handled it. What the component changed and sent is reported
 * through the callbacks before this returns. A class without input handles nothing (true, not
 * handled). false with `*error` set when the component failed.
 */
bool easel_view_send_pointer(easel_view *view, const easel_pointer_event *event, bool *EASEL_NULLABLE handled,
                             easel_runtime_error *EASEL_NULLABLE *EASEL_NULLABLE error);

/** [runtime thread] Whether `point` (view coordinates) belongs to the component for pointer input (its
 *  hit test, else its bounds). false with `*error` set on failure. */
bool easel_view_hit_test(easel_view *view, easel_point point,
                         easel_runtime_error *EASEL_NULLABLE *EASEL_NULLABLE error);

/** [runtime thread] The traits the view is shown with. */
easel_traits easel_view_get_traits(const easel_view *view);

/**
 * [runtime thread] Shows the view with new traits (dark appearance, right-to-left, a text size, the
 * display scale): a component that listens (easel.traits/1) hears of the change, and is laid out and
 * drawn again (redraw, with layout). A new layout direction makes the component again, with its
 * values (a view is laid out for one direction, as an iOS app restarts for another). false with
 * `*error` set on failure.
 */
bool easel_view_set_traits(easel_view *view, const easel_traits *traits,
                           easel_runtime_error *EASEL_NULLABLE *EASEL_NULLABLE error);

EASEL_ASSUME_NONNULL_END

#ifdef __cplusplus
}
#endif

#if defined(__clang__)
#pragma clang diagnostic pop
#endif

#endif /* EASEL_RUNTIME_H */
