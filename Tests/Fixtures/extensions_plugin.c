/*
 * Extensions, the instance host and the defaults check from C, for the tests. cc -DMODE=<name>:
 *
 *   good          class Extended (below): every extension and instance-host call, used correctly
 *   defaults      create starts `level` at 0 while the table declares 3 (a default mismatch)
 *   variant_key   a variant names a property the class does not have: refused
 *   action_null   an action has no invoke function: refused
 *   bad_default   an action's default argument is outside its range: refused
 *   variant_draw  draw fails in the variant titled (title=Variant) only: the defaults render
 *   unknown_name  bump() also reports property_changed("levle"), a name the class does not have
 *   one_frame     the animation is one frame after the first draw (phase 0.5, then 1)
 *   fail_crashes  the action fail() crashes (a NULL dereference) instead of returning false
 *   variant_crash draw crashes in the variant titled (title=Variant) only, after a line on stderr
 *   plugin_wide   get_extension(NULL, easel.variants/1) answers variants of its own (a "plugin-wide" set
 *                 no class returns): the host warns that they are never read
 *   ignores_cls   get_extension answers the class's tables whatever cls is, NULL included: no warning
 *
 * Class Extended: level (Int 0…10, default 3); double (Int, read-only: level × 2, which the setter of
 * level reports through property_changed); phase (Double, read-only: how far the animation got,
 * 0…1); title (String); hostHasNoFoo (Bool, read-only: the host answered NULL for an id it does not
 * know); autoAnimate (Bool: set to true, it starts the animation below, as animate() does). Variants: low (level=1), high (level=9, title=高), titled (title=Variant). Actions: bump()
 * (level + 1, reported), setLevel(Int 0…10, default 5), paint(Color) (fills with it), fail() (returns
 * false after logging why), animate() (phase goes 0 → 1 over 0.5 s of the host's clock, one
 * request_redraw per frame, from draw). The plugin also answers an id the host does not know
 * ("org.easel.tests.private/1"): the host must ignore it.
 */
#define _POSIX_C_SOURCE 200809L
#include "easel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MODE_good 0
#define MODE_defaults 1
#define MODE_variant_key 2
#define MODE_action_null 3
#define MODE_bad_default 4
#define MODE_variant_draw 5
#define MODE_unknown_name 6
#define MODE_one_frame 7
#define MODE_fail_crashes 8
#define MODE_variant_crash 9
#define MODE_plugin_wide 10
#define MODE_ignores_cls 11
#define CAT(a, b) a##b
#define XCAT(a, b) CAT(a, b)
#ifndef MODE
#define MODE good
#endif
#define THE_MODE XCAT(MODE_, MODE)

static const easel_host *the_host;
static const easel_clock *the_clock;

typedef struct extended {
    const easel_instance_host *host;
    int64_t level;
    char *title;
    easel_color paint;
    bool animating;
    double start;
    double phase;
} extended;

static double now(const extended *e) { return the_clock ? the_clock->now(e->host) : 0; }

static int64_t get_level(void *s) { return ((extended *)s)->level; }
static void set_level(void *s, int64_t v) {
    extended *e = s;
    e->level = v;
    e->host->property_changed(e->host, "double"); /* a dependent value changed */
}
static int64_t get_double(void *s) { return ((extended *)s)->level * 2; }
static double get_phase(void *s) { return ((extended *)s)->phase; }
static const char *get_title(void *s) { return ((extended *)s)->title; }
static void set_title(void *s, const char *v) {
    extended *e = s;
    char *copy = strdup(v);
    if (!copy) return;
    free(e->title);
    e->title = copy;
}
static bool get_host_has_no_foo(void *s) {
    (void)s;
    return the_host->get_extension(the_host, "org.easel.tests.foo/1") == NULL;
}

static bool start_animation(void *s);
static bool get_auto_animate(void *s) { return ((extended *)s)->animating; }
static void set_auto_animate(void *s, bool v) {
    if (v) start_animation(s);
    else ((extended *)s)->animating = false;
}

static const easel_range kLevel = {0, 10, 1};
#define PROPERTY .struct_size = sizeof(easel_property)
static const easel_property kProperties[] = {
    {PROPERTY, .name = "level", .type = EASEL_TYPE_INT, .default_value = {.i = 3}, .range = &kLevel,
     .get = (easel_fn)get_level, .set = (easel_fn)set_level},
    {PROPERTY, .name = "double", .type = EASEL_TYPE_INT, .default_value = {.i = 6}, .flags = EASEL_PROPERTY_READ_ONLY,
     .summary = "level × 2", .get = (easel_fn)get_double},
    {PROPERTY, .name = "phase", .type = EASEL_TYPE_DOUBLE, .default_value = {.d = 0}, .flags = EASEL_PROPERTY_READ_ONLY,
     .get = (easel_fn)get_phase},
    {PROPERTY, .name = "title", .type = EASEL_TYPE_STRING, .default_value = {.s = "plain"},
     .get = (easel_fn)get_title, .set = (easel_fn)set_title},
    {PROPERTY, .name = "hostHasNoFoo", .type = EASEL_TYPE_BOOL, .default_value = {.b = true},
     .flags = EASEL_PROPERTY_READ_ONLY, .get = (easel_fn)get_host_has_no_foo},
    {PROPERTY, .name = "autoAnimate", .type = EASEL_TYPE_BOOL, .default_value = {.b = false},
     .get = (easel_fn)get_auto_animate, .set = (easel_fn)set_auto_animate},
};

/* ── Variants ── */

static const easel_attribute kLow[] = {{"level", "1"}};
static const easel_attribute kHigh[] = {{"title", "高"}, {"level", "9"}};
#if THE_MODE == MODE_variant_key
static const easel_attribute kTitled[] = {{"colour", "#FF0000"}};
#else
static const easel_attribute kTitled[] = {{"title", "Variant"}};
#endif
#define VARIANT .struct_size = sizeof(easel_variant)
static const easel_variant kVariantList[] = {
    {VARIANT, .name = "low", .summary = "Level 1", .attribute_count = 1, .attributes = kLow},
    {VARIANT, .name = "high", .display_name = "High Level", .attribute_count = 2, .attributes = kHigh},
    {VARIANT, .name = "titled", .attribute_count = 1, .attributes = kTitled},
};
static const easel_variants kVariants = {.struct_size = sizeof(easel_variants), .variant_count = 3, .variants = kVariantList};

/* ── Actions ── */

static bool bump(void *s) {
    extended *e = s;
    if (e->level < 10) e->level++;
    e->host->property_changed(e->host, "level");
    e->host->property_changed(e->host, "double");
#if THE_MODE == MODE_unknown_name
    e->host->property_changed(e->host, "levle");
#endif
    return true;
}
static bool set_level_action(void *s, int64_t v) {
    set_level(s, v);
    ((extended *)s)->host->property_changed(((extended *)s)->host, "level");
    return true;
}
static bool paint(void *s, easel_color c) {
    ((extended *)s)->paint = c;
    return true;
}
static bool fail(void *s) {
    extended *e = s;
#if THE_MODE == MODE_fail_crashes
    *(volatile int *)(uintptr_t)0 = 1;
#endif
    e->host->log(e->host, EASEL_LOG_ERROR, "the paint bucket is empty");
    return false;
}
static bool start_animation(void *s) {
    extended *e = s;
    e->animating = true;
    e->start = now(e);
    e->phase = 0;
    e->host->request_redraw(e->host);
    return true;
}

#define ACTION .struct_size = sizeof(easel_action)
static const easel_action kActionList[] = {
    {ACTION, .name = "bump", .summary = "One level up", .argument_type = EASEL_TYPE_NONE, .invoke = (easel_fn)bump},
    {ACTION, .name = "setLevel", .argument_type = EASEL_TYPE_INT, .range = &kLevel,
#if THE_MODE == MODE_bad_default
     .default_argument = {.i = 50},
#else
     .default_argument = {.i = 5},
#endif
     .invoke = (easel_fn)set_level_action},
    {ACTION, .name = "paint", .argument_type = EASEL_TYPE_COLOR, .default_argument = {.color = {1, 0, 0, 1}},
     .invoke = (easel_fn)paint},
    {ACTION, .name = "fail", .argument_type = EASEL_TYPE_NONE, .invoke = (easel_fn)fail},
#if THE_MODE == MODE_action_null
    {ACTION, .name = "animate", .argument_type = EASEL_TYPE_NONE},
#else
    {ACTION, .name = "animate", .summary = "Phase 0 → 1 in 0.5 s", .argument_type = EASEL_TYPE_NONE, .invoke = (easel_fn)start_animation},
#endif
};
static const easel_actions kActions = {.struct_size = sizeof(easel_actions), .action_count = 5, .actions = kActionList};

/* An extension of this plugin's own, which no host knows. */
static const int kPrivateExtension = 42;

/* ── Lifecycle ── */

static void *create(const easel_class *cls, easel_rect frame, const easel_instance_host *host) {
    (void)cls; (void)frame;
    extended *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    e->host = host;
#if THE_MODE == MODE_defaults
    e->level = 0;
#else
    e->level = 3;
#endif
    e->title = strdup("plain");
    e->paint = (easel_color){0, 0, 1, 1};
    host->log(host, EASEL_LOG_INFO, "created");
    return e;
}

static bool draw(void *self, easel_canvas *c, easel_rect rect) {
    extended *e = self;
#if THE_MODE == MODE_variant_draw
    if (strcmp(e->title, "Variant") == 0) return false;
#elif THE_MODE == MODE_variant_crash
    if (strcmp(e->title, "Variant") == 0) {
        fprintf(stderr, "extended: crashing in the titled variant\n");
        *(volatile int *)(uintptr_t)0 = 1;
    }
#endif
    if (e->animating) {
        double t = (now(e) - e->start) / 0.5;
#if THE_MODE == MODE_one_frame
        t = e->phase > 0 ? 1 : 0.5; /* the first draw, then one more frame */
#endif
        e->phase = t < 1 ? t : 1;
        if (t < 1) e->host->request_redraw(e->host); /* the next frame */
        else e->animating = false;
    }
    c->set_fill_color(c, e->paint);
    c->fill_rect(c, rect);
    c->set_fill_color(c, (easel_color){1, 1, 1, 1});
    c->fill_rect(c, (easel_rect){{0, 0}, {rect.size.width * e->phase, rect.size.height / 2}});
    return true;
}

static void destroy(void *self) {
    extended *e = self;
    free(e->title);
    free(e);
}

static const easel_class kClasses[] = {{
    .struct_size = sizeof(easel_class), .name = "Extended", .summary = "Every extension, from C",
    .default_size = {40, 20}, .property_count = sizeof kProperties / sizeof kProperties[0], .properties = kProperties,
    .create = create, .draw = draw, .destroy = destroy,
}};

#if THE_MODE == MODE_plugin_wide
static const easel_attribute kEverywhere[] = {{"level", "7"}};
static const easel_variant kPluginWideList[] = {
    {.struct_size = sizeof(easel_variant), .name = "everywhere", .attribute_count = 1, .attributes = kEverywhere}};
static const easel_variants kPluginWideVariants = {.struct_size = sizeof(easel_variants), .variant_count = 1,
                                                   .variants = kPluginWideList};
#endif

static const void *get_extension(const easel_class *cls, const char *id) {
    if (strcmp(id, "org.easel.tests.private/1") == 0) return &kPrivateExtension;
#if THE_MODE == MODE_plugin_wide
    if (!cls && strcmp(id, EASEL_EXTENSION_VARIANTS) == 0) return &kPluginWideVariants;
#endif
#if THE_MODE == MODE_ignores_cls
    (void)cls;
#else
    if (!cls) return NULL;
#endif
    if (strcmp(id, EASEL_EXTENSION_VARIANTS) == 0) return &kVariants;
    if (strcmp(id, EASEL_EXTENSION_ACTIONS) == 0) return &kActions;
    return NULL;
}

static bool init(const easel_host *host) {
    the_host = host;
    the_clock = host->get_extension(host, EASEL_EXTENSION_CLOCK);
    if (!the_clock) host->log(host, EASEL_LOG_WARNING, "this host has no clock: animations jump to their end");
    return true;
}

static const easel_plugin kPlugin = {
    .abi = {EASEL_ABI_MAJOR, EASEL_ABI_MINOR}, .struct_size = sizeof(easel_plugin),
    .id = "org.easel.tests.extensions", .name = "Extensions", .version = "1.1.0",
    .init = init, .class_count = 1, .classes = kClasses, .get_extension = get_extension,
};

EASEL_PLUGIN_ENTRY { return &kPlugin; }
