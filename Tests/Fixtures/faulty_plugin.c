/*
 * Faulty plugins, for the isolation tests: one source, one fault per build (cc -DFAULT=<name>).
 * Class "Faulty" has one Int property "level" (0…10). The faults happen for real: these crash, hang
 * or exit the process they run in, which must never be the host's.
 *
 *   none             behaves
 *   crash_entry      the entry point dereferences NULL
 *   crash_init       init aborts
 *   crash_create     create dereferences NULL
 *   crash_set        the setter dereferences NULL when level is set to 7
 *   crash_draw       draw dereferences NULL
 *   loop_draw        draw never returns
 *   loop_entry       the entry point never returns
 *   exit_create      create calls exit(3)
 *   noisy            prints to stdout and stderr everywhere (must not corrupt the protocol)
 *   draw_fails       draw reports a failure through the ABI: logs why, returns false
 *   crash_destroy    destroy dereferences NULL
 *   crash_awake      awake_from_archive dereferences NULL
 */
#define _POSIX_C_SOURCE 200809L
#include "easel.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* The class's name: "Faulty", or another (cc -DFAULTY_CLASS_NAME='"Gauge"': a seed's name, to fail
 * in an application that asks for that class). */
#ifndef FAULTY_CLASS_NAME
#define FAULTY_CLASS_NAME "Faulty"
#endif

#define FAULT_none 0
#define FAULT_crash_entry 1
#define FAULT_crash_init 2
#define FAULT_crash_create 3
#define FAULT_crash_set 4
#define FAULT_crash_draw 5
#define FAULT_loop_draw 6
#define FAULT_loop_entry 7
#define FAULT_exit_create 8
#define FAULT_noisy 9
#define FAULT_draw_fails 10
#define FAULT_crash_destroy 11
#define FAULT_crash_awake 12
#define CAT(a, b) a##b
#define XCAT(a, b) CAT(a, b)
#ifndef FAULT
#define FAULT none
#endif
#define THE_FAULT XCAT(FAULT_, FAULT)

static volatile int *volatile nowhere = NULL;

static void noise(const char *where) {
#if THE_FAULT == FAULT_noisy
    /* Bytes that look like a protocol frame, on stdout, then a line on stderr. */
    printf("%c%c%c%cgarbage from %s\n", 5, 0, 0, 0, where);
    fflush(stdout);
    fprintf(stderr, "faulty plugin: noise from %s\n", where);
#else
    (void)where;
#endif
}

static const easel_host *the_host;
static int live_instances;

typedef struct faulty { int64_t level; } faulty;

static int64_t get_level(void *self) { return ((faulty *)self)->level; }
static void set_level(void *self, int64_t v) {
    noise("set");
#if THE_FAULT == FAULT_crash_set
    if (v == 7) {
        fprintf(stderr, "faulty plugin: about to crash in the setter\n");
        *nowhere = 1;
    }
#endif
    ((faulty *)self)->level = v;
}

static const easel_range kRange = {0, 10, 1};
static const easel_property kProperties[] = {{
    .struct_size = sizeof(easel_property),
    .name = "level", .type = EASEL_TYPE_INT, .default_value = {.i = 3}, .range = &kRange,
    .get = (easel_fn)get_level, .set = (easel_fn)set_level,
}};

static void *create(const easel_class *cls, easel_rect frame, const easel_instance_host *host) {
    (void)cls; (void)frame; (void)host;
    noise("create");
#if THE_FAULT == FAULT_crash_create
    fprintf(stderr, "faulty plugin: about to crash in create\n");
    *nowhere = 1;
#elif THE_FAULT == FAULT_exit_create
    fprintf(stderr, "faulty plugin: giving up\n");
    exit(3);
#endif
    faulty *f = calloc(1, sizeof *f);
    if (f) {
        f->level = 3;
        live_instances++;
    }
    return f;
}

static bool draw(void *self, easel_canvas *canvas, easel_rect rect) {
    noise("draw");
#if THE_FAULT == FAULT_crash_draw
    fprintf(stderr, "faulty plugin: about to crash in draw\n");
    *nowhere = 1;
#elif THE_FAULT == FAULT_loop_draw
    for (;;) pause();
#elif THE_FAULT == FAULT_draw_fails
    the_host->log(the_host, EASEL_LOG_ERROR, "the gauge texture atlas is missing");
    return false;
#endif
    double shade = (double)((faulty *)self)->level / 10.0;
    canvas->set_fill_color(canvas, (easel_color){shade, 0, 1 - shade, 1});
    canvas->fill_rect(canvas, rect);
    return true;
}

static void destroy(void *self) {
#if THE_FAULT == FAULT_crash_destroy
    fprintf(stderr, "faulty plugin: about to crash in destroy\n");
    *nowhere = 1;
#endif
    live_instances--;
    free(self);
}

static void awake(void *self) {
    (void)self;
#if THE_FAULT == FAULT_crash_awake
    fprintf(stderr, "faulty plugin: about to crash in awake_from_archive\n");
    *nowhere = 1;
#endif
}

/* Writes how many instances were still alive to $EASEL_TEST_DEINIT_MARKER, if set: the tests check
 * that deinit runs, and runs after every instance was destroyed. */
static void deinit(void) {
    const char *marker = getenv("EASEL_TEST_DEINIT_MARKER");
    if (!marker) return;
    FILE *f = fopen(marker, "w");
    if (!f) return;
    fprintf(f, "deinit with %d live instances\n", live_instances);
    fclose(f);
}

static const easel_class kClasses[] = {{
    .struct_size = sizeof(easel_class),
    .name = FAULTY_CLASS_NAME, .summary = "Fails on purpose", .default_size = {20, 20},
    .property_count = 1, .properties = kProperties,
    .create = create, .awake_from_archive = awake, .draw = draw, .destroy = destroy,
}};

static bool init(const easel_host *host) {
    the_host = host;
    noise("init");
#if THE_FAULT == FAULT_noisy
    host->log(host, EASEL_LOG_WARNING, "the noisy fixture warns");
#endif
#if THE_FAULT == FAULT_crash_init
    fprintf(stderr, "faulty plugin: aborting in init\n");
    abort();
#endif
    return true;
}

static const easel_plugin kPlugin = {
    .abi = {EASEL_ABI_MAJOR, EASEL_ABI_MINOR}, .struct_size = sizeof(easel_plugin),
    .id = "org.easel.tests.faulty", .name = "Faulty",
    .version = "1.0.0", .init = init, .deinit = deinit, .class_count = 1, .classes = kClasses,
};

EASEL_PLUGIN_ENTRY {
    noise("entry");
#if THE_FAULT == FAULT_crash_entry
    *nowhere = 1;
#elif THE_FAULT == FAULT_loop_entry
    for (;;) pause();
#endif
    return &kPlugin;
}
