/*
 * The part of librsvg and gdk-pixbuf that EaselRender uses (SVG and JPEG images), declared by hand
 * for the same reasons as CPango/shim.h. Follows librsvg 2.54 and gdk-pixbuf 2.42 (Debian 12).
 *
 * The two libraries are loaded on first use (dlopen), not at process start: with everything they
 * pull in (gio, …) they cost about 2.5 ms of every start of the host and of each of its workers,
 * and most commands never decode an SVG or a JPEG. Each function below has the real one's name and
 * signature and forwards to it; call easel_image_libraries_error() first: it loads them and says why
 * not (NULL when they are usable). Every path that uses a decoded image went through a decoder that
 * called it.
 */
#ifndef EASEL_CRSVG_SHIM_H
#define EASEL_CRSVG_SHIM_H

#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>

typedef struct _cairo cairo_t;
typedef int gboolean;
typedef uint32_t GQuark;

/** GLib's error record; free with g_error_free. */
typedef struct _GError {
    GQuark domain;
    int code;
    char *message;
} GError;

void g_error_free(GError *error);
void g_object_unref(void *object);

typedef struct _RsvgHandle RsvgHandle;

typedef struct {
    double x;
    double y;
    double width;
    double height;
} RsvgRectangle;

typedef enum {
    RSVG_UNIT_PERCENT,
    RSVG_UNIT_PX,
    RSVG_UNIT_EM,
    RSVG_UNIT_EX,
    RSVG_UNIT_IN,
    RSVG_UNIT_CM,
    RSVG_UNIT_MM,
    RSVG_UNIT_PT,
    RSVG_UNIT_PC
} RsvgUnit;

typedef struct {
    double length;
    RsvgUnit unit;
} RsvgLength;

typedef struct _GdkPixbuf GdkPixbuf;

/* Header-only, so every Swift file that calls these gets its own copy of each static: nothing here
 * may rely on state shared between copies. easel_image_libraries_error() dlopens the libraries
 * (RTLD_GLOBAL; reference-counted, so cheap after the first time) and checks every symbol; each
 * forwarding function then finds its target with dlsym(RTLD_DEFAULT) once per copy. */

static const char *const easel_image_symbols[] = {
    "rsvg_handle_new_from_file", "rsvg_handle_set_dpi", "rsvg_handle_render_document",
    "rsvg_handle_get_intrinsic_size_in_pixels", "rsvg_handle_get_intrinsic_dimensions",
    "gdk_pixbuf_new_from_file", "gdk_pixbuf_apply_embedded_orientation", "gdk_pixbuf_read_pixels",
    "gdk_pixbuf_get_width", "gdk_pixbuf_get_height", "gdk_pixbuf_get_rowstride", "gdk_pixbuf_get_n_channels",
    "gdk_pixbuf_get_bits_per_sample", "gdk_pixbuf_get_has_alpha",
};

static const char *easel_image_libraries_load(void) {
    if (!dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_GLOBAL) || !dlopen("libgdk_pixbuf-2.0.so.0", RTLD_NOW | RTLD_GLOBAL)) {
        return "librsvg-2.so.2 or libgdk_pixbuf-2.0.so.0 cannot be loaded (install librsvg2-2 and libgdk-pixbuf-2.0-0)";
    }
    for (size_t i = 0; i < sizeof easel_image_symbols / sizeof easel_image_symbols[0]; i++) {
        if (!dlsym((void *)0 /* RTLD_DEFAULT */, easel_image_symbols[i])) {
            return "the installed librsvg or gdk-pixbuf lacks a function Easel needs";
        }
    }
    return NULL;
}

/** Loads librsvg and gdk-pixbuf; NULL when they are usable, else why not. Thread-safe: the first
 *  caller loads, every other one waits until it has (snapshot jobs decode images on several
 *  threads; a second thread once saw "checked" before the libraries were loaded and called NULL). */
static inline const char *easel_image_libraries_error(void) {
    static const char *state; /* NULL: not yet; easel_image_libraries_ready: loaded */
    static const char easel_image_libraries_ready[] = "";
    const char *seen = __atomic_load_n(&state, __ATOMIC_ACQUIRE);
    if (!seen) {
        /* dlopen is itself serialised by the dynamic loader's lock and reference-counted, so two
         * threads loading at once are safe; both then publish the same answer. */
        const char *error = easel_image_libraries_load();
        seen = error ? error : easel_image_libraries_ready;
        __atomic_store_n(&state, seen, __ATOMIC_RELEASE);
    }
    return seen == easel_image_libraries_ready ? NULL : seen;
}

/* The forwarding functions: call them only after easel_image_libraries_error() returned NULL. */
#define EASEL_FORWARD(ret, name, params, args)                                  \
    static inline ret name params {                                             \
        static ret (*target) params;                                            \
        if (!target) target = (ret (*) params)dlsym((void *)0, #name);          \
        return target args;                                                     \
    }

EASEL_FORWARD(RsvgHandle *, rsvg_handle_new_from_file, (const char *f, GError **e), (f, e))
EASEL_FORWARD(void, rsvg_handle_set_dpi, (RsvgHandle *h, double dpi), (h, dpi))
EASEL_FORWARD(gboolean, rsvg_handle_render_document, (RsvgHandle *h, cairo_t *cr, const RsvgRectangle *v, GError **e),
              (h, cr, v, e))
EASEL_FORWARD(gboolean, rsvg_handle_get_intrinsic_size_in_pixels, (RsvgHandle *h, double *w, double *hh), (h, w, hh))
EASEL_FORWARD(void, rsvg_handle_get_intrinsic_dimensions,
              (RsvgHandle *h, gboolean *hw, RsvgLength *w, gboolean *hh, RsvgLength *hl, gboolean *hv, RsvgRectangle *v),
              (h, hw, w, hh, hl, hv, v))
EASEL_FORWARD(GdkPixbuf *, gdk_pixbuf_new_from_file, (const char *f, GError **e), (f, e))
EASEL_FORWARD(GdkPixbuf *, gdk_pixbuf_apply_embedded_orientation, (GdkPixbuf *p), (p))
EASEL_FORWARD(const uint8_t *, gdk_pixbuf_read_pixels, (const GdkPixbuf *p), (p))
EASEL_FORWARD(int, gdk_pixbuf_get_width, (const GdkPixbuf *p), (p))
EASEL_FORWARD(int, gdk_pixbuf_get_height, (const GdkPixbuf *p), (p))
EASEL_FORWARD(int, gdk_pixbuf_get_rowstride, (const GdkPixbuf *p), (p))
EASEL_FORWARD(int, gdk_pixbuf_get_n_channels, (const GdkPixbuf *p), (p))
EASEL_FORWARD(int, gdk_pixbuf_get_bits_per_sample, (const GdkPixbuf *p), (p))
EASEL_FORWARD(gboolean, gdk_pixbuf_get_has_alpha, (const GdkPixbuf *p), (p))

#endif
