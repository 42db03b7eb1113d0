/*
 * A plugin whose draw hangs on demand, for the live designer's responsiveness tests.
 * Class "Stalling" has one Bool property "stall" (default false). It draws a square while stall is
 * false; with stall true, draw appends its pid to $EASEL_TEST_PID_FILE (one per line) and never
 * returns (the host's time budget ends the call).
 */
#define _POSIX_C_SOURCE 200809L
#include "easel.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

typedef struct stalling { bool stall; } stalling;

static bool get_stall(void *self) { return ((stalling *)self)->stall; }
static void set_stall(void *self, bool v) { ((stalling *)self)->stall = v; }

static const easel_property kProperties[] = {{
    .struct_size = sizeof(easel_property), .name = "stall", .type = EASEL_TYPE_BOOL, .default_value = {.b = false},
    .get = (easel_fn)get_stall, .set = (easel_fn)set_stall,
}};

static void *create(const easel_class *cls, easel_rect frame, const easel_instance_host *instance_host) {
    (void)cls; (void)frame; (void)instance_host;
    return calloc(1, sizeof(stalling));
}

static void note_pid(void) {
    const char *file = getenv("EASEL_TEST_PID_FILE");
    if (!file) return;
    FILE *f = fopen(file, "a");
    if (!f) return;
    fprintf(f, "%d\n", (int)getpid());
    fclose(f);
}

static bool draw(void *self, easel_canvas *canvas, easel_rect rect) {
    if (((stalling *)self)->stall) {
        note_pid();
        for (;;) pause();
    }
    canvas->set_fill_color(canvas, (easel_color){0.2, 0.6, 0.4, 1});
    canvas->fill_rect(canvas, rect);
    return true;
}

static void destroy(void *self) { free(self); }

static const easel_class kClasses[] = {{
    .struct_size = sizeof(easel_class), .name = "Stalling", .summary = "Hangs in draw when told to", .default_size = {20, 20},
    .property_count = 1, .properties = kProperties,
    .create = create, .draw = draw, .destroy = destroy,
}};

static const easel_plugin kPlugin = {
    .abi = {EASEL_ABI_MAJOR, EASEL_ABI_MINOR}, .struct_size = sizeof(easel_plugin), .id = "org.easel.tests.stalling",
    .name = "Stalling", .version = "1.0.0", .class_count = 1, .classes = kClasses,
};

EASEL_PLUGIN_ENTRY { return &kPlugin; }
