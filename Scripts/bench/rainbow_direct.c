/*
 * rainbow_direct.c — the Rainbow seed's picture drawn with Cairo directly: the physical limit that
 * Scripts/bench-render compares Easel's canvas (through EaselKit's layer tree) with.
 *
 * The picture is exactly what Plugins/Rainbow draws at its defaults: a W×H (600×434) surface filled
 * with #38334C; for each ring (oval widths 80, 150, 215; line width 20) the bottom half of the oval
 * stroked, a 20-point cap circle at the oval's left end filled with a black shadow (blur radius 5,
 * opacity 0.5, no offset) under it, then the top half stroked over the cap.
 *
 * The caps' shadows (--shadow):
 *   blur    what CoreGraphics and Easel's canvas do: the cap is filled into a small 8-bit alpha mask
 *           around it, the mask is blurred by three box blurs approximating a Gaussian of
 *           σ = blur / 2 (the SVG/CSS box widths), and painted through the shadow colour. Default,
 *           and the reference for the comparison: the same picture by the same method, with nothing
 *           in between.
 *   radial  a cheaper approximation of the same picture: one radial gradient whose stops follow the
 *           blurred disk's profile, 0.5·Φ((r − d)/σ) (Φ the normal CDF), painted as a disk of radius
 *           r + 3σ. Within about 1/255 of the blurred mask for this disk; no mask, no blur pass.
 *   none    no shadows (the picture without its caps' shadows).
 *
 * PNG encoding goes through the same routine as Easel (Sources/CPNG/shim.h, on zlib: no filter at
 * levels 0-2, the Sub filter from level 3), straight from Cairo's premultiplied pixels.
 *
 * Usage: rainbow_direct [--scale N] [--runs N] [--shadow blur|radial|none] [--write FILE.png]
 * Prints medians in milliseconds as key=value lines: draw_ms, draw_png6_ms, draw_png1_ms.
 * Build: cc -O2 -I Sources/CPNG rainbow_direct.c $(pkg-config --cflags --libs cairo zlib) -lm
 */
#include <cairo.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "shim.h"

enum shadow_mode { SHADOW_BLUR, SHADOW_RADIAL, SHADOW_NONE };

static const double width = 600, height = 434;
static const double rings[3][4] = {
    /* oval width, r, g, b */
    {80, 37 / 255.0, 252 / 255.0, 244 / 255.0},
    {150, 171 / 255.0, 250 / 255.0, 81 / 255.0},
    {215, 238 / 255.0, 32 / 255.0, 53 / 255.0},
};
static const double cap = 20, line_width = 20, shadow_blur = 5, shadow_alpha = 0.5;

/* One box pass over `count` samples `step` bytes apart, window [i - left, i + right], outside = 0. */
static void box_pass(uint8_t *data, int step, int count, uint8_t *scratch, int left, int right) {
    for (int i = 0; i < count; i++) scratch[i] = data[i * step];
    int size = left + right + 1, half = size / 2, sum = 0;
    for (int j = 0; j <= right && j < count; j++) sum += scratch[j];
    for (int i = 0; i < count; i++) {
        data[i * step] = (uint8_t)((sum + half) / size);
        if (i + right + 1 < count) sum += scratch[i + right + 1];
        if (i - left >= 0) sum -= scratch[i - left];
    }
}

/* Three box blurs approximating a Gaussian of standard deviation sigma (pixels). */
static void blur_mask(uint8_t *pixels, int w, int h, int stride, double sigma) {
    int d = (int)floor(sigma * 3 * sqrt(2 * M_PI) / 4 + 0.5);
    if (d < 2) return;
    int passes[3][2];
    if (d % 2 == 1) {
        for (int i = 0; i < 3; i++) passes[i][0] = passes[i][1] = d / 2;
    } else {
        passes[0][0] = d / 2; passes[0][1] = d / 2 - 1;
        passes[1][0] = d / 2 - 1; passes[1][1] = d / 2;
        passes[2][0] = d / 2; passes[2][1] = d / 2;
    }
    uint8_t scratch[4096];
    for (int y = 0; y < h; y++)
        for (int p = 0; p < 3; p++) box_pass(pixels + y * stride, 1, w, scratch, passes[p][0], passes[p][1]);
    for (int x = 0; x < w; x++)
        for (int p = 0; p < 3; p++) box_pass(pixels + x, stride, h, scratch, passes[p][0], passes[p][1]);
}

static int blur_reach(double sigma) {
    int d = (int)floor(sigma * 3 * sqrt(2 * M_PI) / 4 + 0.5);
    return d < 2 ? 0 : 3 * (d / 2);
}

/* The shadow of a disk (cx, cy, r) in user space, blurred in device pixels (scale). */
static void shadow_blurred(cairo_t *cr, double cx, double cy, double r, double scale) {
    double sigma = shadow_blur / 2 * scale;
    int margin = blur_reach(sigma) + 1;
    double x0 = floor((cx - r) * scale) - margin, y0 = floor((cy - r) * scale) - margin;
    int w = (int)ceil(2 * r * scale) + 2 * margin + 1, h = w;
    cairo_surface_t *mask = cairo_image_surface_create(CAIRO_FORMAT_A8, w, h);
    cairo_t *m = cairo_create(mask);
    cairo_translate(m, -x0, -y0);
    cairo_scale(m, scale, scale);
    cairo_arc(m, cx, cy, r, 0, 2 * M_PI);
    cairo_fill(m);
    cairo_destroy(m);
    cairo_surface_flush(mask);
    blur_mask(cairo_image_surface_get_data(mask), w, h, cairo_image_surface_get_stride(mask), sigma);
    cairo_surface_mark_dirty(mask);
    cairo_save(cr);
    cairo_identity_matrix(cr);
    cairo_set_source_rgba(cr, 0, 0, 0, shadow_alpha);
    cairo_mask_surface(cr, mask, x0, y0);
    cairo_restore(cr);
    cairo_surface_destroy(mask);
}

/* The same shadow as one radial gradient following 0.5·Φ((r − d)/σ). */
static void shadow_radial(cairo_t *cr, double cx, double cy, double r) {
    double sigma = shadow_blur / 2, outer = r + 3 * sigma;
    cairo_pattern_t *p = cairo_pattern_create_radial(cx, cy, 0, cx, cy, outer);
    for (int i = 0; i <= 12; i++) {
        double d = fmax(0, r - 3 * sigma) + (outer - fmax(0, r - 3 * sigma)) * i / 12.0;
        double phi = 0.5 * erfc(-(r - d) / (sigma * sqrt(2)));
        cairo_pattern_add_color_stop_rgba(p, d / outer, 0, 0, 0, shadow_alpha * phi);
    }
    cairo_set_source(cr, p);
    cairo_arc(cr, cx, cy, outer, 0, 2 * M_PI);
    cairo_fill(cr);
    cairo_pattern_destroy(p);
}

static cairo_surface_t *draw(double scale, enum shadow_mode shadows) {
    cairo_surface_t *surface =
        cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)ceil(width * scale), (int)ceil(height * scale));
    cairo_t *cr = cairo_create(surface);
    cairo_scale(cr, scale, scale);
    cairo_set_source_rgb(cr, 0x38 / 255.0, 0x33 / 255.0, 0x4C / 255.0);
    cairo_paint(cr);
    double x = width / 2, y = height / 2;
    cairo_set_line_width(cr, line_width);
    for (int i = 0; i < 3; i++) {
        double radius = rings[i][0] / 2, cx = x - radius;
        cairo_set_source_rgb(cr, rings[i][1], rings[i][2], rings[i][3]);
        cairo_arc(cr, x, y, radius, 0, M_PI); /* bottom half: clockwise on screen from 3 o'clock */
        cairo_stroke(cr);
        if (shadows == SHADOW_BLUR) shadow_blurred(cr, cx, y, cap / 2, scale);
        if (shadows == SHADOW_RADIAL) shadow_radial(cr, cx, y, cap / 2);
        cairo_set_source_rgb(cr, rings[i][1], rings[i][2], rings[i][3]);
        cairo_arc(cr, cx, y, cap / 2, 0, 2 * M_PI);
        cairo_fill(cr);
        cairo_arc(cr, x, y, radius, M_PI, 2 * M_PI); /* top half, over the cap */
        cairo_stroke(cr);
    }
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    return surface;
}

/* The PNG as Easel's encoder writes it (Sources/CPNG/shim.h, on zlib), from the surface's pixels.
 * Returns the byte count. */
static size_t encode(cairo_surface_t *surface, int level, const char *path) {
    int w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface);
    int stride = cairo_image_surface_get_stride(surface);
    const uint8_t *data = cairo_image_surface_get_data(surface);
    uint8_t *out = NULL;
    size_t count = 0;
    char message[256];
    if (easel_png_encode_cairo(data, (uint32_t)w, (uint32_t)h, (size_t)stride, 1, level, &out, &count,
                               message, sizeof message) != 0) {
        fprintf(stderr, "rainbow_direct: PNG: %s\n", message);
        exit(70);
    }
    if (path) {
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(out, 1, count, f) != count) { perror(path); exit(73); }
        fclose(f);
    }
    free(out);
    return count;
}

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n) {
    qsort(v, n, sizeof *v, compare);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char **argv) {
    double scale = 1;
    int runs = 51;
    enum shadow_mode shadows = SHADOW_BLUR;
    const char *write_path = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--scale") && i + 1 < argc) scale = atof(argv[++i]);
        else if (!strcmp(argv[i], "--runs") && i + 1 < argc) runs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--write") && i + 1 < argc) write_path = argv[++i];
        else if (!strcmp(argv[i], "--shadow") && i + 1 < argc) {
            const char *m = argv[++i];
            shadows = !strcmp(m, "radial") ? SHADOW_RADIAL : !strcmp(m, "none") ? SHADOW_NONE : SHADOW_BLUR;
            if (shadows == SHADOW_BLUR && strcmp(m, "blur")) { fprintf(stderr, "rainbow_direct: --shadow blur|radial|none\n"); return 64; }
        } else {
            fprintf(stderr, "usage: rainbow_direct [--scale N] [--runs N] [--shadow blur|radial|none] [--write FILE.png]\n");
            return 64;
        }
    }
    if (scale <= 0 || runs <= 0) { fprintf(stderr, "rainbow_direct: --scale and --runs must be positive\n"); return 64; }
    if (write_path) {
        cairo_surface_t *s = draw(scale, shadows);
        encode(s, 6, write_path);
        cairo_surface_destroy(s);
    }
    cairo_surface_destroy(draw(scale, shadows)); /* warm-up */
    double *d = malloc(sizeof(double) * runs), *p6 = malloc(sizeof(double) * runs), *p1 = malloc(sizeof(double) * runs);
    /* Each kind of frame in its own series (as easel-bench does). */
    for (int i = 0; i < runs; i++) {
        double t = now_ms();
        cairo_surface_destroy(draw(scale, shadows));
        d[i] = now_ms() - t;
    }
    for (int i = 0; i < runs; i++) {
        double t = now_ms();
        cairo_surface_t *s = draw(scale, shadows);
        encode(s, 6, NULL);
        cairo_surface_destroy(s);
        p6[i] = now_ms() - t;
    }
    for (int i = 0; i < runs; i++) {
        double t = now_ms();
        cairo_surface_t *s = draw(scale, shadows);
        encode(s, 1, NULL);
        cairo_surface_destroy(s);
        p1[i] = now_ms() - t;
    }
    printf("scale=%g runs=%d shadow=%s\n", scale, runs,
           shadows == SHADOW_BLUR ? "blur" : shadows == SHADOW_RADIAL ? "radial" : "none");
    printf("draw_ms=%.4f\ndraw_png6_ms=%.4f\ndraw_png1_ms=%.4f\n", median(d, runs), median(p6, runs), median(p1, runs));
    free(d); free(p6); free(p1);
    return 0;
}
