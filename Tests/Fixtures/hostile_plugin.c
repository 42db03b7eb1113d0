/*
 * Hostile plugins, for the hardening tests: one source, one fault per build (cc -DFAULT=<name>).
 * Class "Hostile" has one String property "label". Every fault happens for real, in the process the
 * plugin runs in, which must never be the host's; the tests then look for what was left behind.
 * Processes a fault starts append their pid to $EASEL_TEST_PID_FILE (one per line).
 *
 *   none               behaves
 *   constructor_crash  an ELF constructor dereferences NULL (before the entry point is looked up)
 *   constructor_fork   an ELF constructor forks a child that sleeps for ever
 *   fork_create        create forks a child that sleeps for ever
 *   setsid_draw        draw forks a child that leaves the process group (setsid) and sleeps
 *   hang_draw          draw writes its pid to the pid file, then never returns
 *   close_channel      draw closes file descriptor 3 (the host's channel) and returns
 *   replace_channel    draw opens /dev/null over file descriptor 3 and returns
 *   close_channel_hang draw closes file descriptor 3 and never returns
 *   flood_stdout       draw writes 100 MB to stdout, then draws
 *   allocate           draw allocates and touches 1.5 GB, 1 MB at a time
 *   panic              draw prints a panic message, 40 backtrace lines, then aborts (like Rust)
 *   huge_arc           draw adds an arc of radius 1e50 and strokes it
 *   absurd_geometry    draw uses coordinates of 1e300, NaN and infinity, and a scale of 1e200
 *   log_error          draw logs an ERROR but succeeds
 *   log_info           draw logs an INFO line
 *   log_deinit         deinit logs a warning
 *   log_deinit_levels  deinit logs one line at each level: debug, info, warning, error
 *   log_init           init logs an info line and a warning
 *   slow_replay        draw records 200 000 shadowed rectangles: quick to record, slow to replay
 *   absurd_shadow      draw casts shadows blurred by 1e9 and 1e300 points, one offset by 1e300
 *   absurd_text        draw sets text under a scale of 1e7, then of 1e-300, and measures text where none can be set
 *   stop_draw          draw stops its own process (raise(SIGSTOP)): it is suspended, not looping
 *   cairo_overflow     draw paints a gradient 1e-10 long under a scale of 1e-300 (Cairo: out of memory)
 *   nested_layers      draw paints a radial gradient of radius 1e300 in a transparency layer nested in one
 *                      begun under a skew of 1e154 and 1e-200, turned by -1e154 radians in between
 *                      (the layers' matrices overflowed: Cairo aborted the host writing an SVG or PDF)
 *   shadowed_gradient  the same gradient under the same transform, with a shadow and no layer (the group
 *                      a shadowed gradient is painted through overflowed the same way)
 *   shadow_overflow    draw casts a shadow under a scale of 1e154: invertible, but not once mapped onto the
 *                      mask of a vector output (its determinant overflows: Cairo: invalid matrix)
 *   dashed_arc         draw strokes, shadowed, an arc of radius 2e6 dashed every 0.1 point: some 125 million
 *                      dashes, each of which Cairo walked (in the stroke and in its extents) for seconds;
 *                      before it, the same dashed stroke of an empty path
 *   star_stroke        draw strokes a star of 60 000 points, each edge crossing nearly every other: one
 *                      canvas call that Cairo takes minutes over on an image surface (quadratic)
 */
#define _GNU_SOURCE
#include "easel.h"

#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FAULT_none 0
#define FAULT_constructor_crash 1
#define FAULT_constructor_fork 2
#define FAULT_fork_create 3
#define FAULT_setsid_draw 4
#define FAULT_hang_draw 5
#define FAULT_close_channel 6
#define FAULT_replace_channel 7
#define FAULT_close_channel_hang 8
#define FAULT_flood_stdout 9
#define FAULT_allocate 10
#define FAULT_panic 11
#define FAULT_huge_arc 12
#define FAULT_absurd_geometry 13
#define FAULT_log_error 14
#define FAULT_log_info 15
#define FAULT_log_deinit 16
#define FAULT_slow_replay 17
#define FAULT_log_deinit_levels 18
#define FAULT_log_init 19
#define FAULT_absurd_shadow 20
#define FAULT_absurd_text 21
#define FAULT_cairo_overflow 22
#define FAULT_stop_draw 23
#define FAULT_shadow_overflow 24
#define FAULT_nested_layers 25
#define FAULT_shadowed_gradient 26
#define FAULT_dashed_arc 27
#define FAULT_star_stroke 28
#define CAT(a, b) a##b
#define XCAT(a, b) CAT(a, b)
#ifndef FAULT
#define FAULT none
#endif
#define THE_FAULT XCAT(FAULT_, FAULT)

static volatile int *volatile nowhere = NULL;
static const easel_host *the_host;

__attribute__((unused)) static void note_pid(void) {
    const char *file = getenv("EASEL_TEST_PID_FILE");
    if (!file) return;
    FILE *f = fopen(file, "a");
    if (!f) return;
    fprintf(f, "%d\n", (int)getpid());
    fclose(f);
}

/* A child that records its pid and sleeps for ever (it is the host's job to end it). The parent
 * goes on once the pid is recorded. */
__attribute__((unused)) static void sleeping_child(int leave_group) {
    int ready[2];
    if (pipe(ready) != 0) return;
    pid_t pid = fork();
    if (pid != 0) {
        char c;
        close(ready[1]);
        if (pid > 0) (void)!read(ready[0], &c, 1);
        close(ready[0]);
        return;
    }
    close(ready[0]);
    if (leave_group) setsid();
    note_pid();
    (void)!write(ready[1], "1", 1);
    close(ready[1]);
    for (;;) pause();
}

#if THE_FAULT == FAULT_constructor_crash
__attribute__((constructor)) static void crash_early(void) { *nowhere = 1; }
#elif THE_FAULT == FAULT_constructor_fork
__attribute__((constructor)) static void fork_early(void) { sleeping_child(0); }
#endif

typedef struct hostile { char label[64]; } hostile;

static const char *get_label(void *self) { return ((hostile *)self)->label; }
static void set_label(void *self, const char *v) {
    snprintf(((hostile *)self)->label, sizeof ((hostile *)self)->label, "%s", v ? v : "");
}

static const easel_property kProperties[] = {{
    .struct_size = sizeof(easel_property), .name = "label", .type = EASEL_TYPE_STRING, .default_value = {.s = ""},
    .get = (easel_fn)get_label, .set = (easel_fn)set_label,
}};

static void *create(const easel_class *cls, easel_rect frame, const easel_instance_host *instance_host) {
    (void)instance_host;
    (void)cls; (void)frame;
#if THE_FAULT == FAULT_fork_create
    sleeping_child(0);
#endif
    return calloc(1, sizeof(hostile));
}

static bool draw(void *self, easel_canvas *canvas, easel_rect rect) {
    (void)self;
#if THE_FAULT == FAULT_setsid_draw
    sleeping_child(1);
#elif THE_FAULT == FAULT_hang_draw
    note_pid();
    for (;;) pause();
#elif THE_FAULT == FAULT_close_channel
    close(3);
#elif THE_FAULT == FAULT_replace_channel
    int null = open("/dev/null", O_RDWR);
    dup2(null, 3);
#elif THE_FAULT == FAULT_close_channel_hang
    close(3);
    for (;;) pause();
#elif THE_FAULT == FAULT_flood_stdout
    static char block[1 << 20];
    memset(block, 'x', sizeof block);
    block[sizeof block - 1] = '\n';
    for (int i = 0; i < 100; i++) fwrite(block, 1, sizeof block, stdout);
    fflush(stdout);
#elif THE_FAULT == FAULT_allocate
    size_t total = 0;
    for (int i = 0; i < 1536; i++) {
        char *p = malloc(1 << 20);
        if (!p) break;
        memset(p, 1, 1 << 20);
        total += 1 << 20;
    }
    fprintf(stderr, "hostile plugin: allocated %zu MB\n", total >> 20);
#elif THE_FAULT == FAULT_panic
    fprintf(stderr, "thread 'main' panicked at src/lib.rs:7:5:\nthe gauge is broken: index 12 out of range\n");
    fprintf(stderr, "stack backtrace:\n");
    for (int i = 0; i < 40; i++) fprintf(stderr, "  %2d: hostile::frame_%d\n             at ./src/lib.rs:%d:9\n", i, i, 100 + i);
    abort();
#elif THE_FAULT == FAULT_huge_arc
    canvas->begin_path(canvas);
    canvas->arc(canvas, 10, 10, 1e50, 0, 6.28, false);
    canvas->set_stroke_color(canvas, (easel_color){0, 0, 0, 1});
    canvas->draw_path(canvas, EASEL_PATH_STROKE);
#elif THE_FAULT == FAULT_absurd_geometry
    canvas->save(canvas);
    canvas->begin_path(canvas);
    canvas->move_to(canvas, 1e300, -1e300);
    canvas->line_to(canvas, NAN, 5);
    canvas->line_to(canvas, INFINITY, -INFINITY);
    canvas->curve_to(canvas, 1e300, 1e300, -1e300, 1e300, 0, 1e308);
    canvas->add_rounded_rect(canvas, (easel_rect){{-1e300, -1e300}, {1e308, 1e308}}, 1e300);
    canvas->add_ellipse(canvas, (easel_rect){{0, 0}, {1e300, NAN}});
    canvas->set_fill_color(canvas, (easel_color){0, 0, 0, 1});
    canvas->draw_path(canvas, EASEL_PATH_FILL);
    canvas->scale(canvas, 1e200, 1e200);
    canvas->begin_path(canvas);
    canvas->arc(canvas, 0, 0, 1e10, 0, 6.28, false);
    canvas->set_line_width(canvas, 1e300);
    canvas->draw_path(canvas, EASEL_PATH_STROKE);
    canvas->restore(canvas);
#elif THE_FAULT == FAULT_dashed_arc
    canvas->save(canvas);
    static const double dashes[2] = {0.05, 0.05};
    canvas->set_line_dash(canvas, 0, dashes, 2);
    canvas->set_shadow(canvas, (easel_size){1, 1}, 2, (easel_color){0, 0, 0, 0.5});
    canvas->set_stroke_color(canvas, (easel_color){0, 0, 0, 1});
    canvas->begin_path(canvas);
    canvas->draw_path(canvas, EASEL_PATH_STROKE); /* an empty path, dashed: its length crashed the host */
    canvas->arc(canvas, 0, 0, 2e6, 0, 6.28, true);
    canvas->draw_path(canvas, EASEL_PATH_STROKE);
    canvas->restore(canvas);
#elif THE_FAULT == FAULT_star_stroke
    canvas->set_stroke_color(canvas, (easel_color){0, 0, 0, 1});
    canvas->begin_path(canvas);
    enum { points = 60000 };
    for (int i = 0; i < points; i++) {
        double angle = (double)i * M_PI * (points / 2 - 1) * 2 / points;
        canvas->line_to(canvas, 10 + 1e4 * cos(angle), 10 + 1e4 * sin(angle));
    }
    canvas->close_path(canvas);
    canvas->draw_path(canvas, EASEL_PATH_STROKE);
#elif THE_FAULT == FAULT_absurd_shadow
    canvas->save(canvas);
    canvas->set_fill_color(canvas, (easel_color){0, 0, 0, 1});
    canvas->set_shadow(canvas, (easel_size){0, 0}, 1e9, (easel_color){0, 0, 0, 1});
    canvas->fill_rect(canvas, (easel_rect){{0, 0}, {5, 5}});
    canvas->set_shadow(canvas, (easel_size){1e300, -1e300}, 1e300, (easel_color){0, 0, 0, 1});
    canvas->fill_rect(canvas, (easel_rect){{0, 0}, {5, 5}});
    canvas->restore(canvas);
#elif THE_FAULT == FAULT_absurd_text
    easel_text_style style = {.font_size = 4096, .color = {0, 0, 0, 1}};
    canvas->save(canvas);
    canvas->scale(canvas, 1e7, 1e7);
    canvas->draw_text(canvas, "Hello 公积金", (easel_rect){{0, 0}, {5, 5}}, &style);
    canvas->restore(canvas);
    canvas->save(canvas);
    canvas->scale(canvas, 1e-300, 1e-300);
    canvas->draw_text(canvas, "Hello 公积金", (easel_rect){{0, 0}, {1e300, 1e300}}, &style);
    canvas->restore(canvas);
    /* Measured, not drawn, where no text can be set (each was a Pango critical): under a 1e7 scale;
     * 1e-10 pt (set at 0.01 pt) under a 1e10 scale; under a singular transform (NaN: Cairo keeps
     * the last invertible matrix, 1×1e200); under a scale of 100×1000 (laid out under a uniform 316:
     * an em of 1581 pixels that Pango still failed to measure). */
    canvas->save(canvas);
    canvas->scale(canvas, 1e7, 1e7);
    canvas->measure_text(canvas, "Hello 公积金", 0, &style);
    canvas->restore(canvas);
    canvas->save(canvas);
    canvas->scale(canvas, 1e6, 1e10);
    style.font_size = 1e-10;
    canvas->measure_text(canvas, "Hello 公积金", 1e-10, &style);
    canvas->restore(canvas);
    canvas->save(canvas);
    style.font_size = 5;
    canvas->scale(canvas, 1, 1e200);
    canvas->concat_transform(canvas, (easel_affine_transform){0.01, 0, NAN, NAN, 0, 0});
    canvas->measure_text(canvas, "Hello 公积金", 0, &style);
    canvas->restore(canvas);
    canvas->save(canvas);
    canvas->scale(canvas, 100, 1000);
    canvas->measure_text(canvas, "Hello 公积金 Hello 公积金", 0, &style);
    canvas->restore(canvas);
#elif THE_FAULT == FAULT_stop_draw
    raise(SIGSTOP);
#elif THE_FAULT == FAULT_cairo_overflow
    easel_gradient_stop stops[2] = {{0, {1, 0, 0, 1}}, {1, {0, 0, 1, 1}}};
    canvas->scale(canvas, 1, 1e-300);
    canvas->draw_linear_gradient(canvas, stops, 2, (easel_point){0, 0}, (easel_point){1e-10, 1e-10}, 3);
#elif THE_FAULT == FAULT_nested_layers
    easel_gradient_stop stops[2] = {{0, {1, 0, 0, 1}}, {1, {0, 0, 1, 1}}};
    canvas->save(canvas);
    canvas->concat_transform(canvas, (easel_affine_transform){1e-300, 1e154, 1e-200, 1, 1e-200, -1e-10});
    canvas->begin_transparency_layer(canvas);
    canvas->rotate(canvas, -1e154);
    canvas->begin_transparency_layer(canvas);
    canvas->draw_radial_gradient(canvas, stops, 2, (easel_point){5, 5}, 1e300, (easel_point){1e200, -1e154}, 1, 3);
    canvas->end_transparency_layer(canvas);
    canvas->end_transparency_layer(canvas);
    canvas->restore(canvas);
#elif THE_FAULT == FAULT_shadowed_gradient
    easel_gradient_stop stops[2] = {{0, {1, 0, 0, 1}}, {1, {0, 0, 1, 1}}};
    canvas->save(canvas);
    canvas->concat_transform(canvas, (easel_affine_transform){1e-300, 1e154, 1e-200, 1, 1e-200, -1e-10});
    canvas->rotate(canvas, -1e154);
    canvas->set_shadow(canvas, (easel_size){1, 1}, 1, (easel_color){0, 0, 0, 1});
    canvas->draw_radial_gradient(canvas, stops, 2, (easel_point){5, 5}, 1e300, (easel_point){1e200, -1e154}, 1, 3);
    canvas->restore(canvas);
#elif THE_FAULT == FAULT_shadow_overflow
    canvas->save(canvas);
    canvas->scale(canvas, 1e154, 1e154);
    canvas->set_fill_color(canvas, (easel_color){0, 0, 0, 1});
    canvas->set_shadow(canvas, (easel_size){0, 0}, 2, (easel_color){0, 0, 0, 1});
    canvas->fill_rect(canvas, (easel_rect){{0, 0}, {5, 5}});
    canvas->restore(canvas);
#elif THE_FAULT == FAULT_log_error
    the_host->log(the_host, EASEL_LOG_ERROR, "the texture cache is cold; drawing without it");
#elif THE_FAULT == FAULT_log_info
    the_host->log(the_host, EASEL_LOG_INFO, "drawing with the info fixture");
#elif THE_FAULT == FAULT_slow_replay
    canvas->set_shadow(canvas, (easel_size){2, 2}, 30, (easel_color){0, 0, 0, 0.5});
    canvas->set_fill_color(canvas, (easel_color){1, 0, 0, 1});
    for (int i = 0; i < 200000; i++) canvas->fill_rect(canvas, (easel_rect){{(double)(i % 10), 0}, {10, 10}});
    canvas->set_shadow(canvas, (easel_size){0, 0}, 0, (easel_color){0, 0, 0, 0});
#endif
    canvas->set_fill_color(canvas, (easel_color){0.2, 0.4, 0.6, 1});
    canvas->fill_rect(canvas, rect);
    return true;
}

static void destroy(void *self) { free(self); }

static bool init(const easel_host *host) {
    the_host = host;
#if THE_FAULT == FAULT_log_init
    host->log(host, EASEL_LOG_INFO, "init: warming the texture cache");
    host->log(host, EASEL_LOG_WARNING, "init: no GPU, drawing in software");
#endif
    return true;
}

static void deinit(void) {
#if THE_FAULT == FAULT_log_deinit
    the_host->log(the_host, EASEL_LOG_WARNING, "deinit: 2 textures were still cached");
#elif THE_FAULT == FAULT_log_deinit_levels
    the_host->log(the_host, EASEL_LOG_DEBUG, "deinit: debug: freeing 3 atlases");
    the_host->log(the_host, EASEL_LOG_INFO, "deinit: info: texture cache emptied");
    the_host->log(the_host, EASEL_LOG_WARNING, "deinit: warning: 2 textures were still cached");
    the_host->log(the_host, EASEL_LOG_ERROR, "deinit: error: the atlas file could not be saved");
#endif
}

static const easel_class kClasses[] = {{
    .struct_size = sizeof(easel_class), .name = "Hostile", .summary = "Misbehaves on purpose", .default_size = {20, 20},
    .property_count = 1, .properties = kProperties,
    .create = create, .draw = draw, .destroy = destroy,
}};

static const easel_plugin kPlugin = {
    .abi = {EASEL_ABI_MAJOR, EASEL_ABI_MINOR}, .struct_size = sizeof(easel_plugin), .id = "org.easel.tests.hostile", .name = "Hostile",
    .version = "1.0.0", .init = init, .deinit = deinit, .class_count = 1, .classes = kClasses,
};

EASEL_PLUGIN_ENTRY { return &kPlugin; }
