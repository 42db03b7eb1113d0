/*
 * A program that embeds components through easel_runtime.h, for the runtime's tests: built with
 * -std=c11 -Wall -Wextra -Werror -pedantic (and as C++17), it checks that the header serves a C
 * program as it is, and it runs views in a process of their own (a crash in process ends it).
 *
 *   runtime_client PATH CLASS [--workers] [NAME=VALUE]…
 *
 * Opens PATH, makes a view of CLASS at its natural size, sets the values, draws it onto an image
 * surface and prints "drawn WxH" (exit 0); on an error prints its description and fields on stderr
 * (exit: the error's kind).
 */
#include <easel_runtime.h>

#include <stdio.h>
#include <string.h>

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
        fprintf(stderr, "usage: runtime_client PATH CLASS [--workers] [NAME=VALUE]...\n");
        return 64;
    }
    easel_runtime_options options;
    easel_runtime_options_init(&options);
    for (int i = 3; i < argc; i++)
        if (strcmp(argv[i], "--workers") == 0) options.isolation = EASEL_ISOLATION_WORKERS;
    easel_runtime_error *error = NULL;
    easel_runtime *runtime = easel_runtime_open(argv[1], &options, &error);
    if (!runtime) return fail(error);
    easel_rect frame = {{0, 0}, {0, 0}};
    easel_view *view = easel_view_create(runtime, argv[2], frame, NULL, &error);
    if (!view) return fail(error);
    for (int i = 3; i < argc; i++) {
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
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    easel_view_destroy(view);
    easel_runtime_close(runtime);
    return status;
}
