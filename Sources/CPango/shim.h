/*
 * The part of Pango (pangocairo) that EaselRender uses, declared by hand.
 *
 * Why not the system headers: pango's pkg-config flags carry -pthread, which SwiftPM rejects with a
 * warning on every build, and the full glib/pango headers are slow to import. These declarations
 * follow Pango 1.50's public API exactly (Debian 12: libpango1.0-dev); the library itself is linked
 * from the system as usual. Only add what the renderer calls.
 */
#ifndef EASEL_CPANGO_SHIM_H
#define EASEL_CPANGO_SHIM_H

typedef struct _cairo cairo_t;
typedef struct _cairo_font_options cairo_font_options_t;

typedef int gboolean;
typedef void *gpointer;

typedef struct _PangoFontMap PangoFontMap;
typedef struct _PangoContext PangoContext;
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoLayoutIter PangoLayoutIter;
typedef struct _PangoFontDescription PangoFontDescription;

typedef struct _PangoRectangle {
    int x;
    int y;
    int width;
    int height;
} PangoRectangle;

#define PANGO_SCALE 1024

typedef enum {
    PANGO_ALIGN_LEFT,
    PANGO_ALIGN_CENTER,
    PANGO_ALIGN_RIGHT
} PangoAlignment;

typedef enum {
    PANGO_WRAP_WORD,
    PANGO_WRAP_CHAR,
    PANGO_WRAP_WORD_CHAR
} PangoWrapMode;

typedef enum {
    PANGO_ELLIPSIZE_NONE,
    PANGO_ELLIPSIZE_START,
    PANGO_ELLIPSIZE_MIDDLE,
    PANGO_ELLIPSIZE_END
} PangoEllipsizeMode;

typedef enum {
    PANGO_STYLE_NORMAL,
    PANGO_STYLE_OBLIQUE,
    PANGO_STYLE_ITALIC
} PangoStyle;

typedef enum {
    PANGO_WEIGHT_THIN = 100,
    PANGO_WEIGHT_NORMAL = 400,
    PANGO_WEIGHT_BOLD = 700,
    PANGO_WEIGHT_ULTRAHEAVY = 1000
} PangoWeight;

void g_object_unref(gpointer object);

PangoFontMap *pango_cairo_font_map_get_default(void);
PangoFontMap *pango_cairo_font_map_new(void);
/* pangofc-fontmap.h: fontmap is a PangoFcFontMap (what pango_cairo_font_map_new returns with the
   fontconfig backend); fcconfig an FcConfig (typed void * here, so that CFontconfig's FcConfig and
   this module's do not meet in one Swift file as two types). Pango takes its own reference. */
void pango_fc_font_map_set_config(PangoFontMap *fontmap, void *fcconfig);
PangoContext *pango_font_map_create_context(PangoFontMap *fontmap);
void pango_cairo_update_context(cairo_t *cr, PangoContext *context);
void pango_cairo_context_set_font_options(PangoContext *context, const cairo_font_options_t *options);
void pango_context_set_round_glyph_positions(PangoContext *context, gboolean round_positions);
void pango_cairo_show_layout(cairo_t *cr, PangoLayout *layout);

PangoLayout *pango_layout_new(PangoContext *context);
void pango_layout_context_changed(PangoLayout *layout);
void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
void pango_layout_set_width(PangoLayout *layout, int width);
void pango_layout_set_height(PangoLayout *layout, int height);
void pango_layout_set_wrap(PangoLayout *layout, PangoWrapMode wrap);
void pango_layout_set_ellipsize(PangoLayout *layout, PangoEllipsizeMode ellipsize);
gboolean pango_layout_is_ellipsized(PangoLayout *layout);
int pango_layout_get_unknown_glyphs_count(PangoLayout *layout);
void pango_layout_set_alignment(PangoLayout *layout, PangoAlignment alignment);
void pango_layout_set_justify(PangoLayout *layout, gboolean justify);
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc);
PangoLayoutIter *pango_layout_get_iter(PangoLayout *layout);
gboolean pango_layout_iter_next_line(PangoLayoutIter *iter);
void pango_layout_iter_get_line_extents(PangoLayoutIter *iter, PangoRectangle *ink_rect,
                                        PangoRectangle *logical_rect);
void pango_layout_iter_free(PangoLayoutIter *iter);

PangoFontDescription *pango_font_description_new(void);
void pango_font_description_free(PangoFontDescription *desc);
void pango_font_description_set_family(PangoFontDescription *desc, const char *family);
void pango_font_description_set_weight(PangoFontDescription *desc, PangoWeight weight);
void pango_font_description_set_style(PangoFontDescription *desc, PangoStyle style);
void pango_font_description_set_absolute_size(PangoFontDescription *desc, double size);

#endif
