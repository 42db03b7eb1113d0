/*
 * The part of librsvg and gdk-pixbuf that EaselRender uses (SVG and JPEG images), declared by hand
 * for the same reasons as CPango/shim.h. Follows librsvg 2.54 and gdk-pixbuf 2.42 (Debian 12).
 */
#ifndef EASEL_CRSVG_SHIM_H
#define EASEL_CRSVG_SHIM_H

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

RsvgHandle *rsvg_handle_new_from_file(const char *filename, GError **error);
void rsvg_handle_set_dpi(RsvgHandle *handle, double dpi);
gboolean rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport,
                                     GError **error);
gboolean rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, double *out_width, double *out_height);
void rsvg_handle_get_intrinsic_dimensions(RsvgHandle *handle, gboolean *out_has_width, RsvgLength *out_width,
                                          gboolean *out_has_height, RsvgLength *out_height,
                                          gboolean *out_has_viewbox, RsvgRectangle *out_viewbox);

typedef struct _GdkPixbuf GdkPixbuf;

GdkPixbuf *gdk_pixbuf_new_from_file(const char *filename, GError **error);
GdkPixbuf *gdk_pixbuf_apply_embedded_orientation(GdkPixbuf *src);
const uint8_t *gdk_pixbuf_read_pixels(const GdkPixbuf *pixbuf);
int gdk_pixbuf_get_width(const GdkPixbuf *pixbuf);
int gdk_pixbuf_get_height(const GdkPixbuf *pixbuf);
int gdk_pixbuf_get_rowstride(const GdkPixbuf *pixbuf);
int gdk_pixbuf_get_n_channels(const GdkPixbuf *pixbuf);
int gdk_pixbuf_get_bits_per_sample(const GdkPixbuf *pixbuf);
gboolean gdk_pixbuf_get_has_alpha(const GdkPixbuf *pixbuf);

#endif
