/*
 * The fault suite of `host validate`'s ABI 1.2 checks (pointer input and traits): one source, one broken
 * rule per build (cc -DFAULT=<name>), each to be caught by exactly one check. Class "Slider" (100×30) is
 * a control (easel.input/1): a drag moves its knob (`level`, Int 0…10, default 5, sending
 * valueChanged), a click on it toggles `on` (Bool, default false: a green knob); it caches the
 * appearance in create and hears changes (easel.traits/1's traits_changed), drawing a dark track in
 * the dark appearance.
 *
 *   none                   behaves: passes every check
 *   hit_everywhere         the hit test forgot the bounds: every point is the slider's   → input-hit-test
 *   crash_outside          a drag past the ends dereferences the NULL the segment lookup
 *                          returns there                                                  → input-outside
 *   hang_outside           the knob walks toward the segment under the pointer but is
 *                          clamped first, so past the left end it never gets there      → input-outside
 *   shared_clicks          the click count that toggles `on` is a static shared by every
 *                          instance                                                       → input-determinism
 *   abort_destroy_pressed  destroy asserts that no press is being tracked (abort)          → input-destroy
 *   deaf_to_traits         the appearance read in create is never updated (no
 *                          traits_changed)                                                → traits-round-trip
 */
#include "easel.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define FAULT_none 0
#define FAULT_hit_everywhere 1
#define FAULT_crash_outside 2
#define FAULT_hang_outside 3
#define FAULT_shared_clicks 4
#define FAULT_abort_destroy_pressed 5
#define FAULT_deaf_to_traits 6
#define CAT(a, b) a##b
#define XCAT(a, b) CAT(a, b)
#ifndef FAULT
#define FAULT none
#endif
#define THE_FAULT XCAT(FAULT_, FAULT)

enum { SEGMENTS = 11 }; /* levels 0…10 */

typedef struct slider {
    const easel_instance_host *host;
    easel_size size;
    int64_t level;
    bool on;
    bool tracking;  /* a press is being tracked */
    bool moved;     /* the press dragged the knob: no toggle at its up */
    bool dark;      /* the appearance, read in create and kept up to date by traits_changed */
    volatile int walked; /* hang_outside: where the knob's walk has got to */
} slider;

static const easel_host_input *host_input;
static const easel_host_traits *host_traits;

#if THE_FAULT == FAULT_shared_clicks
static int clicks; /* every instance's clicks: the second instance's first click is the second */
#endif

static int64_t get_level(void *self) { return ((slider *)self)->level; }
static void set_level(void *self, int64_t v) { ((slider *)self)->level = v; }
static bool get_on(void *self) { return ((slider *)self)->on; }
static void set_on(void *self, bool v) { ((slider *)self)->on = v; }

static bool appearance_is_dark(const easel_instance_host *host) {
    return host_traits && host_traits->get(host).appearance == EASEL_APPEARANCE_DARK;
}

static void *slider_create(const easel_class *cls, easel_rect frame, const easel_instance_host *host) {
    (void)cls;
    slider *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->host = host;
    s->size = frame.size;
    s->level = 5;
    s->dark = appearance_is_dark(host);
    return s;
}

static void slider_layout(void *self, easel_size size) { ((slider *)self)->size = size; }

static void slider_destroy(void *self) {
    slider *s = self;
#if THE_FAULT == FAULT_abort_destroy_pressed
    if (s->tracking) abort(); /* "destroyed while tracking a touch" */
#endif
    free(s);
}

static bool slider_draw(void *self, easel_canvas *c, easel_rect rect) {
    (void)rect;
    const slider *s = self;
    double w = s->size.width, h = s->size.height;
    c->set_fill_color(c, s->dark ? (easel_color){0.17, 0.17, 0.18, 1} : (easel_color){0.86, 0.86, 0.88, 1});
    c->fill_rect(c, (easel_rect){{0, h / 3}, {w, h / 3}});
    double x = (w - h) * (double)s->level / (SEGMENTS - 1);
    c->set_fill_color(c, s->on ? (easel_color){0.2, 0.7, 0.3, 1} : (easel_color){0.3, 0.4, 0.9, 1});
    c->begin_path(c);
    c->add_ellipse(c, (easel_rect){{x, 0}, {h, h}});
    c->draw_path(c, EASEL_PATH_FILL);
    return true;
}

/* ── Traits (easel.traits/1): traitCollectionDidChange ── */

static void slider_traits_changed(void *self, const easel_traits *previous) {
    (void)previous;
    slider *s = self;
    s->dark = appearance_is_dark(s->host);
}

static const easel_class_traits kClassTraits = {
    .struct_size = sizeof(easel_class_traits), .traits_changed = slider_traits_changed,
};

/* ── Input (easel.input/1) ── */

static const int kSegmentLevels[SEGMENTS] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};

/* The segment under `x`, NULL past the ends. */
__attribute__((noinline)) static const int *segment_at(const slider *s, double x) {
    double width = s->size.width / SEGMENTS;
    double i = width > 0 ? floor(x / width) : 0;
    return i >= 0 && i < SEGMENTS ? &kSegmentLevels[(int)i] : NULL;
}

/* The level under the pointer. */
static int64_t level_at(slider *s, double x) {
    const int *volatile segment = segment_at(s, x);
#if THE_FAULT == FAULT_crash_outside
    return *segment; /* past the ends there is no segment */
#else
    if (segment) return *segment;
#if THE_FAULT == FAULT_hang_outside
    /* Walk the knob toward where the pointer is, one segment at a time, clamped to the track on the
     * way: left of the track the target is below 0, which the clamped walk never reaches. */
    int target = (int)fmax(fmin(floor(x / (s->size.width / SEGMENTS)), 1e6), -1e6);
    s->walked = (int)s->level;
    while (s->walked != target) {
        s->walked += target > s->walked ? 1 : -1;
        if (s->walked < 0) s->walked = 0;
        if (s->walked > SEGMENTS - 1) s->walked = SEGMENTS - 1;
    }
    return s->walked;
#else
    return x < 0 ? 0 : SEGMENTS - 1;
#endif
#endif
}

static bool slider_hit_test(void *self, easel_point p) {
    const slider *s = self;
#if THE_FAULT == FAULT_hit_everywhere
    (void)s;
    (void)p;
    return true;
#else
    return p.x >= 0 && p.y >= 0 && p.x < s->size.width && p.y < s->size.height;
#endif
}

static void send(const slider *s, const char *event) {
    if (host_input) host_input->send_action(s->host, event);
}

static bool slider_pointer_event(void *self, const easel_pointer_event *e) {
    slider *s = self;
    switch (e->phase) {
    case EASEL_POINTER_DOWN:
        if (e->button != EASEL_BUTTON_PRIMARY) return false;
        s->tracking = true;
        s->moved = false;
        send(s, "touchDown");
        return true;
    case EASEL_POINTER_MOVE: {
        if (!s->tracking) return false;
        int64_t level = level_at(s, e->location.x);
        if (level != s->level) {
            s->level = level;
            s->moved = true;
            s->host->property_changed(s->host, "level");
            send(s, "valueChanged");
        }
        return true;
    }
    case EASEL_POINTER_UP:
        if (!s->tracking) return false;
        s->tracking = false;
        if (!s->moved && slider_hit_test(s, e->location)) {
#if THE_FAULT == FAULT_shared_clicks
            s->on = ++clicks % 2 == 1;
#else
            s->on = !s->on;
#endif
            s->host->property_changed(s->host, "on");
            send(s, "touchUpInside");
        }
        return true;
    case EASEL_POINTER_CANCEL:
        s->tracking = false;
        return true;
    default:
        return false;
    }
}

static const easel_input kInput = {
    .struct_size = sizeof(easel_input), .hit_test = slider_hit_test, .pointer_event = slider_pointer_event,
};

static const void *get_extension(const easel_class *cls, const char *id) {
    if (!cls) return NULL;
    if (strcmp(id, EASEL_EXTENSION_INPUT) == 0) return &kInput;
    /* deaf_to_traits: the class forgot to offer its half of easel.traits/1 */
    if (strcmp(id, EASEL_EXTENSION_TRAITS) == 0) return THE_FAULT == FAULT_deaf_to_traits ? NULL : &kClassTraits;
    return NULL;
}

static const easel_range kLevels = {0, SEGMENTS - 1, 1};
static const easel_property kProperties[] = {
    {.struct_size = sizeof(easel_property), .name = "level", .type = EASEL_TYPE_INT, .default_value = {.i = 5}, .range = &kLevels,
     .get = (easel_fn)get_level, .set = (easel_fn)set_level},
    {.struct_size = sizeof(easel_property), .name = "on", .type = EASEL_TYPE_BOOL, .default_value = {.b = false},
     .get = (easel_fn)get_on, .set = (easel_fn)set_on},
};

static const easel_class kClasses[] = {{
    .struct_size = sizeof(easel_class), .base_kind = EASEL_KIND_SLIDER, .name = "Slider",
    .summary = "The validator's input and traits fault fixture", .default_size = {100, 30},
    .property_count = 2, .properties = kProperties,
    .create = slider_create, .layout = slider_layout, .draw = slider_draw, .destroy = slider_destroy,
}};

static bool slider_init(const easel_host *host) {
    host_input = host->get_extension(host, EASEL_EXTENSION_INPUT);
    host_traits = host->get_extension(host, EASEL_EXTENSION_TRAITS);
    return true;
}

static const easel_plugin kPlugin = {
    .abi = {EASEL_ABI_MAJOR, EASEL_ABI_MINOR}, .struct_size = sizeof(easel_plugin), .id = "org.easel.tests.validate-input-faults",
    .name = "Validate input faults", .version = "1.0.0", .init = slider_init, .class_count = 1, .classes = kClasses,
    .get_extension = get_extension,
};

EASEL_PLUGIN_ENTRY { return &kPlugin; }
