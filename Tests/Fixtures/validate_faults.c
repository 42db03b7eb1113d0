/*
 * The fault suite of `host validate`: one source, one broken rule per build (cc -DFAULT=<name>), each
 * to be caught by exactly one check. Class "Probe" (120×40) has an Int count (0…10, default 3), a
 * Double ratio (0…1, default 0.5), a String title, a Color tint, an Image icon and a Bool on; it
 * paints the tint, a white bar ratio wide, count dots and the title.
 *
 *   none                  behaves: passes every check
 *   wrong_default         create sets count to 4, the table declares 3            → defaults
 *   nondeterministic_draw the bar's grey comes from the instance's address        → determinism
 *                         (as uninitialised memory would)
 *   crash_at_zero         draw dereferences NULL when its rect is empty           → draw-sizes
 *   leak                  create allocates 512 bytes that destroy never frees     → memory
 *   lossy_setter          set_ratio rounds to tenths                              → round-trip
 *   missing_resource      icon's default names a file the plugin does not ship    → resources
 *   stdout_writes         draw prints a line on stdout                            → stdout
 *   bad_descriptors       two table problems at once (a range on a String, a default outside
 *                         its range)                                              → load, descriptors
 *   hidden_problems       problems that hid behind others: "count" declared twice, the first
 *                         with an invalid range, and a variant setting a property that does not
 *                         exist                                                   → load, descriptors
 *   uninitialised_field   create mallocs the instance and never sets the shade draw uses
 *                                                                                 → determinism
 *   uninitialised_stack   draw reads a local variable it never set                → determinism
 */
#include "easel.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FAULT_none 0
#define FAULT_wrong_default 1
#define FAULT_nondeterministic_draw 2
#define FAULT_crash_at_zero 3
#define FAULT_leak 4
#define FAULT_lossy_setter 5
#define FAULT_missing_resource 6
#define FAULT_stdout_writes 7
#define FAULT_bad_descriptors 8
#define FAULT_hidden_problems 9
#define FAULT_uninitialised_field 10
#define FAULT_uninitialised_stack 11
#define CAT(a, b) a##b
#define XCAT(a, b) CAT(a, b)
#ifndef FAULT
#define FAULT none
#endif
#define THE_FAULT XCAT(FAULT_, FAULT)

typedef struct probe {
    int64_t count;
    double ratio;
    char *title;
    easel_color tint;
    char *icon;
    bool on;
    unsigned char shade; /* the bar's grey, 0-255: 255 (uninitialised_field forgets it; every byte is a grey) */
} probe;

#if THE_FAULT == FAULT_crash_at_zero
static volatile int *volatile nowhere = NULL;
#endif
#if THE_FAULT == FAULT_leak
static void *volatile last_leak;
#endif

static char *copy(const char *s) {
    if (!s) return NULL;
    size_t n = strlen(s);
    char *c = malloc(n + 1);
    memcpy(c, s, n + 1);
    return c;
}

#if THE_FAULT == FAULT_missing_resource
#define ICON_DEFAULT "icons/missing.png"
#else
#define ICON_DEFAULT NULL
#endif

static int64_t get_count(void *self) { return ((probe *)self)->count; }
static void set_count(void *self, int64_t v) { ((probe *)self)->count = v; }
static double get_ratio(void *self) { return ((probe *)self)->ratio; }
static void set_ratio(void *self, double v) {
#if THE_FAULT == FAULT_lossy_setter
    ((probe *)self)->ratio = round(v * 10) / 10;
#else
    ((probe *)self)->ratio = v;
#endif
}
static const char *get_title(void *self) { return ((probe *)self)->title; }
static void set_title(void *self, const char *v) {
    free(((probe *)self)->title);
    ((probe *)self)->title = copy(v ? v : "");
}
static easel_color get_tint(void *self) { return ((probe *)self)->tint; }
static void set_tint(void *self, easel_color v) { ((probe *)self)->tint = v; }
static const char *get_icon(void *self) { return ((probe *)self)->icon; }
static void set_icon(void *self, const char *v) {
    free(((probe *)self)->icon);
    ((probe *)self)->icon = v && *v ? copy(v) : NULL;
}
static bool get_on(void *self) { return ((probe *)self)->on; }
static void set_on(void *self, bool v) { ((probe *)self)->on = v; }

static void *probe_create(const easel_class *cls, easel_rect frame, const easel_instance_host *host) {
    (void)cls; (void)frame; (void)host;
#if THE_FAULT == FAULT_uninitialised_field
    probe *p = malloc(sizeof *p);
    p->title = NULL;
    p->icon = NULL;
#else
    probe *p = calloc(1, sizeof *p);
    p->shade = 255;
#endif
#if THE_FAULT == FAULT_wrong_default
    p->count = 4;
#else
    p->count = 3;
#endif
    p->ratio = 0.5;
    p->title = copy("Probe");
    p->tint = (easel_color){0.2, 0.4, 0.8, 1};
    p->icon = copy(ICON_DEFAULT);
    p->on = true;
#if THE_FAULT == FAULT_leak
    last_leak = malloc(512);
    memset(last_leak, 1, 512);
#endif
    return p;
}

static void probe_destroy(void *self) {
    probe *p = self;
    free(p->title);
    free(p->icon);
    free(p);
}

static bool probe_draw(void *self, easel_canvas *c, easel_rect rect) {
    probe *p = self;
#if THE_FAULT == FAULT_crash_at_zero
    if (rect.size.width <= 0 || rect.size.height <= 0) *nowhere = 1;
#endif
#if THE_FAULT == FAULT_stdout_writes
    printf("drawing %s\n", p->title);
#endif
    double w = rect.size.width, h = rect.size.height;
    c->set_fill_color(c, p->tint);
    c->fill_rect(c, rect);
    double grey = p->shade / 255.0;
#if THE_FAULT == FAULT_nondeterministic_draw
    grey = (double)(((uintptr_t)self >> 4) & 0xFF) / 255.0;
#endif
#if THE_FAULT == FAULT_uninitialised_stack
    unsigned char levels[64];
    volatile unsigned char *unset = levels; /* read through volatile: the compiler keeps the read */
    grey = unset[p->count] / 255.0;
#endif
    if (!(grey >= 0 && grey <= 1)) grey = 0.5; /* garbage that is not a number still draws */
    c->set_fill_color(c, (easel_color){grey, grey, grey, p->on ? 1 : 0.5});
    c->fill_rect(c, (easel_rect){{0, h - 6}, {w * p->ratio, 6}});
    for (int64_t i = 0; i < p->count; i++) {
        c->begin_path(c);
        c->add_ellipse(c, (easel_rect){{4 + 9.5 * (double)i, 4}, {7, 7}});
        c->draw_path(c, EASEL_PATH_FILL);
    }
    easel_text_style style = {.font_size = 12, .color = {1, 1, 1, 1}, .alignment = EASEL_TEXT_ALIGN_RIGHT};
    c->draw_text(c, p->title ? p->title : "", (easel_rect){{4, 12}, {w - 8, h - 18}}, &style);
    return true;
}

static const easel_range kCountRange = {0, 10, 1};
static const easel_range kRatioRange = {0, 1, 0};
#if THE_FAULT == FAULT_bad_descriptors
static const easel_range kTitleRange = {0, 1, 0};
#endif
#if THE_FAULT == FAULT_hidden_problems
static const easel_range kBadRange = {5, 1, 0};
#endif

static const easel_property kProperties[] = {
#if THE_FAULT == FAULT_hidden_problems
    {.struct_size = sizeof(easel_property), .name = "count", .type = EASEL_TYPE_INT, .default_value = {.i = 3}, .range = &kBadRange,
     .get = (easel_fn)get_count, .set = (easel_fn)set_count},
    {.struct_size = sizeof(easel_property), .name = "count", .type = EASEL_TYPE_INT, .default_value = {.i = 3}, .range = &kCountRange,
     .get = (easel_fn)get_count, .set = (easel_fn)set_count},
    {.struct_size = sizeof(easel_property), .name = "title", .type = EASEL_TYPE_STRING, .default_value = {.s = "Probe"},
     .get = (easel_fn)get_title, .set = (easel_fn)set_title},
#elif THE_FAULT == FAULT_bad_descriptors
    {.struct_size = sizeof(easel_property), .name = "count", .type = EASEL_TYPE_INT, .default_value = {.i = 30}, .range = &kCountRange,
     .get = (easel_fn)get_count, .set = (easel_fn)set_count},
    {.struct_size = sizeof(easel_property), .name = "title", .type = EASEL_TYPE_STRING, .default_value = {.s = "Probe"}, .range = &kTitleRange,
     .get = (easel_fn)get_title, .set = (easel_fn)set_title},
#else
    {.struct_size = sizeof(easel_property), .name = "count", .type = EASEL_TYPE_INT, .default_value = {.i = 3}, .range = &kCountRange,
     .summary = "How many dots", .get = (easel_fn)get_count, .set = (easel_fn)set_count},
    {.struct_size = sizeof(easel_property), .name = "title", .type = EASEL_TYPE_STRING, .default_value = {.s = "Probe"},
     .get = (easel_fn)get_title, .set = (easel_fn)set_title},
#endif
    {.struct_size = sizeof(easel_property), .name = "ratio", .type = EASEL_TYPE_DOUBLE, .default_value = {.d = 0.5}, .range = &kRatioRange,
     .get = (easel_fn)get_ratio, .set = (easel_fn)set_ratio},
    {.struct_size = sizeof(easel_property), .name = "tint", .type = EASEL_TYPE_COLOR, .default_value = {.color = {0.2, 0.4, 0.8, 1}},
     .get = (easel_fn)get_tint, .set = (easel_fn)set_tint},
    {.struct_size = sizeof(easel_property), .name = "icon", .type = EASEL_TYPE_IMAGE, .default_value = {.s = ICON_DEFAULT},
     .get = (easel_fn)get_icon, .set = (easel_fn)set_icon},
    {.struct_size = sizeof(easel_property), .name = "on", .type = EASEL_TYPE_BOOL, .default_value = {.b = true},
     .get = (easel_fn)get_on, .set = (easel_fn)set_on},
};

static const easel_class kClasses[] = {{
    .struct_size = sizeof(easel_class), .name = "Probe", .summary = "The validator's fault fixture", .default_size = {120, 40},
    .property_count = sizeof kProperties / sizeof kProperties[0], .properties = kProperties,
    .create = probe_create, .draw = probe_draw, .destroy = probe_destroy,
}};

#if THE_FAULT == FAULT_hidden_problems
static const easel_attribute kMissing[] = {{"nope", "1"}};
static const easel_attribute kCounted[] = {{"count", "2"}}; /* declared (twice, once invalid): not one more problem */
static const easel_variant kVariantList[] = {
    {.struct_size = sizeof(easel_variant), .name = "missing", .attribute_count = 1, .attributes = kMissing},
    {.struct_size = sizeof(easel_variant), .name = "counted", .attribute_count = 1, .attributes = kCounted},
};
static const easel_variants kVariants = {.struct_size = sizeof(easel_variants), .variant_count = 2, .variants = kVariantList};
static const void *get_extension(const easel_class *cls, const char *id) {
    return cls && strcmp(id, EASEL_EXTENSION_VARIANTS) == 0 ? &kVariants : NULL;
}
#define GET_EXTENSION .get_extension = get_extension,
#else
#define GET_EXTENSION
#endif

static int deinit_calls;
static void probe_deinit(void) { deinit_calls++; }

static const easel_plugin kPlugin = {
    .abi = {EASEL_ABI_MAJOR, EASEL_ABI_MINOR}, .struct_size = sizeof(easel_plugin), .id = "org.easel.tests.validate-faults", .name = "Validate faults",
    .version = "1.0.0", .deinit = probe_deinit, .class_count = 1, .classes = kClasses, GET_EXTENSION
};

EASEL_PLUGIN_ENTRY { return &kPlugin; }
