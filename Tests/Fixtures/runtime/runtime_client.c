/*
 * A program that embeds components through easel_runtime.h, for the runtime's tests: built with
 * -std=c11 -Wall -Wextra -Werror -pedantic (and as C++17), it checks that the header serves a C
 * program as it is, and it runs views in a process of their own (a crash in process ends it).
 *
 *   runtime_client PATH CLASS [--workers] [--png FILE] [--fonts] [NAME=VALUE]…
 *
 * Opens PATH, makes a view of CLASS at its natural size, sets the values, draws it onto an image
 * surface and prints "drawn WxH" (exit 0), writing the surface to FILE with --png; on an error prints
 * its description and fields on stderr (exit: the error's kind). With --fonts it also prints whether
 * the application's fontconfig setup (its current configuration and the fonts it offers) is the same
 * after the view drew text as before the runtime opened: "application fonts: unchanged" or "changed".
 */
#include <easel_runtime.h>
#include <fontconfig/fontconfig.h>

#include <stdio.h>
#include <string.h>

static int application_font_count(void) {
    FcFontSet *fonts = FcConfigGetFonts(NULL, FcSetSystem);
    return fonts ? fonts->nfont : -1;
}

static int fail(easel_runtime_error *error) {
    fprintf(stderr, "%s\nkind=%u class=%s property=%s phase=%s\n", error->description, error->kind,
            error->class_name ? error->class_name : "-", error->property ? error->property : "-",
            error->phase ? error->phase : "-");
    int kind = (int)error->kind;
    easel_runtime_error_free(error);
    return kind;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: runtime_client PATH CLASS [--workers] [--png FILE] [--fonts] [NAME=VALUE]...\n");
        return 64;
    }
    easel_runtime_options options;
    easel_runtime_options_init(&options);
    const char *png = NULL;
    int report_fonts = 0;
    for (int i = 3; i < argc; i++) {
        if (strcmp(argv[i], "--workers") == 0) options.isolation = EASEL_ISOLATION_WORKERS;
        if (strcmp(argv[i], "--fonts") == 0) report_fonts = 1;
        if (strcmp(argv[i], "--png") == 0 && i + 1 < argc) png = argv[++i];
    }
    FcConfig *fonts_before = FcConfigGetCurrent();
    int font_count_before = application_font_count();
    easel_runtime_error *error = NULL;
    easel_runtime *runtime = easel_runtime_open(argv[1], &options, &error);
    if (!runtime) return fail(error);
    easel_rect frame = {{0, 0}, {0, 0}};
    easel_view *view = easel_view_create(runtime, argv[2], frame, NULL, &error);
    if (!view) return fail(error);
    for (int i = 3; i < argc; i++) {
        if (strcmp(argv[i], "--png") == 0) { i++; continue; }
        char *equals = strchr(argv[i], '=');
        if (!equals) continue;
        *equals = '\0';
        if (!easel_view_set(view, argv[i], equals + 1, &error)) return fail(error);
    }
    easel_rect bounds = easel_view_get_frame(view);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)bounds.size.width, (int)bounds.size.height);
    cairo_t *cr = cairo_create(surface);
    int status = 0;
    if (easel_view_draw(view, cr, &error)) printf("drawn %gx%g\n", bounds.size.width, bounds.size.height);
    else status = fail(error);
    if (status == 0 && png && cairo_surface_write_to_png(surface, png) != CAIRO_STATUS_SUCCESS) status = 73;
    if (report_fonts)
        printf("application fonts: %s\n",
               FcConfigGetCurrent() == fonts_before && application_font_count() == font_count_before ? "unchanged" : "changed");
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    easel_view_destroy(view);
    easel_runtime_close(runtime);
    return status;
}
