/*
 * Scripts/bench-runtime's draw measurement: one view of CLASS, through the embedding runtime
 * (easel_runtime.h, in process), drawn RUNS times as `easel-bench render --draw-only` draws a frame:
 * a new image surface of the view's size, the view drawn on it, the surface flushed.
 *
 *   runtime_draw PLUGINS CLASS RUNS      prints size=WxH and draw_ms=MEDIAN
 */
#include <easel_runtime.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: runtime_draw PLUGINS CLASS RUNS\n"); return 64; }
    int runs = atoi(argv[3]);
    easel_runtime_error *error = NULL;
    easel_runtime *runtime = easel_runtime_open(argv[1], NULL, &error);
    easel_rect frame = {{0, 0}, {0, 0}};
    easel_view *view = runtime ? easel_view_create(runtime, argv[2], frame, NULL, &error) : NULL;
    if (!view) { fprintf(stderr, "%s\n", error->description); return 1; }
    easel_size size = easel_view_get_frame(view).size;
    double *times = calloc((size_t)runs, sizeof *times);
    for (int i = -1; i < runs; i++) { /* -1: the warm-up (layout, caches) */
        double start = now_ms();
        cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)size.width, (int)size.height);
        cairo_t *cr = cairo_create(surface);
        if (!easel_view_draw(view, cr, &error)) { fprintf(stderr, "%s\n", error->description); return 1; }
        cairo_destroy(cr);
        cairo_surface_flush(surface);
        cairo_surface_destroy(surface);
        if (i >= 0) times[i] = now_ms() - start;
    }
    qsort(times, (size_t)runs, sizeof *times, compare);
    printf("size=%gx%g\ndraw_ms=%.4f\n", size.width, size.height, times[runs / 2]);
    easel_view_destroy(view);
    easel_runtime_close(runtime);
    free(times);
    return 0;
}
