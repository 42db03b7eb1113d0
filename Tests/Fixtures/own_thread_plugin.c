/*
 * request_layout and property_changed, for the tests: class Relayout (20×20) has a Bool `content`
 * (default false). layout copies content into what draw shows: green once content was laid out,
 * red before. Nothing but request_layout asks for the layout that shows it. cc -DMODE=<name>:
 *
 *   thread  a thread of the component's own sets content 200 ms after create, then calls
 *           property_changed("content") and request_layout (easel.h: [any thread]); destroy stops
 *           and joins it
 *   report  the same thread calls property_changed("content") only: no layout, no redraw asked
 *   draw    the first draw sets content and calls request_layout
 */
#define _POSIX_C_SOURCE 200809L
#include "easel.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#define MODE_thread 0
#define MODE_draw 1
#define MODE_report 2
#define CAT(a, b) a##b
#define XCAT(a, b) CAT(a, b)
#ifndef MODE
#define MODE thread
#endif
#define THE_MODE XCAT(MODE_, MODE)

typedef struct relayout {
    const easel_instance_host *host;
    pthread_t thread;
    bool has_thread;
    atomic_bool content;
    atomic_bool stop;
    bool shown; /* what the last layout saw */
} relayout;

#if THE_MODE != MODE_draw
static void *arrive_later(void *arg) {
    relayout *r = arg;
    for (int i = 0; i < 20; i++) { /* 200 ms, in steps that notice a stop */
        if (atomic_load(&r->stop)) return NULL;
        struct timespec step = {0, 10 * 1000 * 1000};
        nanosleep(&step, NULL);
    }
    atomic_store(&r->content, true);
    r->host->property_changed(r->host, "content");
#if THE_MODE == MODE_thread
    r->host->request_layout(r->host);
#endif
    return NULL;
}
#endif

static bool get_content(void *s) { return atomic_load(&((relayout *)s)->content); }
static void set_content(void *s, bool v) { atomic_store(&((relayout *)s)->content, v); }

static const easel_property kProperties[] = {
    {.struct_size = sizeof(easel_property), .name = "content", .type = EASEL_TYPE_BOOL, .default_value = {.b = false},
     .get = (easel_fn)get_content, .set = (easel_fn)set_content},
};

static void *create(const easel_class *cls, easel_rect frame, const easel_instance_host *host) {
    (void)cls; (void)frame;
    relayout *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->host = host;
#if THE_MODE != MODE_draw
    if (pthread_create(&r->thread, NULL, arrive_later, r) != 0) {
        host->log(host, EASEL_LOG_ERROR, "cannot start a thread");
        free(r);
        return NULL;
    }
    r->has_thread = true;
#endif
    return r;
}

static void layout(void *self, easel_size size) {
    (void)size;
    relayout *r = self;
    r->shown = atomic_load(&r->content);
}

static bool draw(void *self, easel_canvas *c, easel_rect rect) {
    relayout *r = self;
#if THE_MODE == MODE_draw
    if (!atomic_load(&r->content)) {
        atomic_store(&r->content, true);
        r->host->request_layout(r->host);
    }
#endif
    c->set_fill_color(c, r->shown ? (easel_color){0, 1, 0, 1} : (easel_color){1, 0, 0, 1});
    c->fill_rect(c, rect);
    return true;
}

static void destroy(void *self) {
    relayout *r = self;
    atomic_store(&r->stop, true);
    if (r->has_thread) pthread_join(r->thread, NULL);
    free(r);
}

static const easel_class kClasses[] = {{
    .struct_size = sizeof(easel_class), .name = "Relayout", .summary = "Shows what request_layout asked it to lay out",
    .default_size = {20, 20}, .property_count = 1, .properties = kProperties,
    .create = create, .layout = layout, .draw = draw, .destroy = destroy,
}};

static const easel_plugin kPlugin = {
    .abi = {EASEL_ABI_MAJOR, EASEL_ABI_MINOR}, .struct_size = sizeof(easel_plugin),
    .id = "org.easel.tests.own-thread", .name = "Own Thread", .version = "1.0.0",
    .class_count = 1, .classes = kClasses,
};

EASEL_PLUGIN_ENTRY { return &kPlugin; }
