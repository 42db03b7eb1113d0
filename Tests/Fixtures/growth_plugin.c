/*
 * The growth rule (easel.h, VERSIONING) seen from the plugin side: every table entry starts with its
 * struct_size, which the host must use as the stride. cc -DLAYOUT=<name>:
 *
 *   plain   the structs as this header declares them
 *   padded  every struct the plugin writes is followed by 16 bytes of fields from a future minor
 *           (struct_size says so): the host must step over them and read the rest unchanged
 *   mixed   the second property's struct_size differs from the first's: refused, named
 *   short   the class's struct_size is smaller than easel_class in 1.1: refused, named
 *
 * Class Growth: count (Int 0…9, default 4), mode (Enum slow=1/fast=2, default fast), title (String).
 */
#define _POSIX_C_SOURCE 200809L
#include "easel.h"

#include <stdlib.h>
#include <string.h>

#define LAYOUT_plain 0
#define LAYOUT_padded 1
#define LAYOUT_mixed 2
#define LAYOUT_short 3
#define CAT(a, b) a##b
#define XCAT(a, b) CAT(a, b)
#ifndef LAYOUT
#define LAYOUT plain
#endif
#define THE_LAYOUT XCAT(LAYOUT_, LAYOUT)

#if THE_LAYOUT == LAYOUT_padded
/* What a later minor's structs would look like to this host: the 1.1 fields, then more. */
#define FUTURE(type) struct { type base; uint64_t future[2]; }
#define ENTRY(type, ...) {.base = {.struct_size = sizeof(FUTURE(type)), __VA_ARGS__}, .future = {~0ull, ~0ull}}
#else
#define FUTURE(type) struct { type base; }
#define ENTRY(type, ...) {.base = {.struct_size = sizeof(type), __VA_ARGS__}}
#endif

typedef struct growth { int64_t count; int64_t mode; char *title; } growth;

static int64_t get_count(void *s) { return ((growth *)s)->count; }
static void set_count(void *s, int64_t v) { ((growth *)s)->count = v; }
static int64_t get_mode(void *s) { return ((growth *)s)->mode; }
static void set_mode(void *s, int64_t v) { ((growth *)s)->mode = v; }
static const char *get_title(void *s) { return ((growth *)s)->title; }
static void set_title(void *s, const char *v) {
    growth *g = s;
    free(g->title);
    g->title = strdup(v);
}

typedef FUTURE(easel_enum_case) enum_case_entry;
static const enum_case_entry kModes[] = {
    ENTRY(easel_enum_case, .name = "slow", .value = 1, .display_name = "Slowly"),
    ENTRY(easel_enum_case, .name = "fast", .value = 2),
};

static const easel_range kCount = {0, 9, 1};
typedef FUTURE(easel_property) property_entry;
static property_entry kProperties[] = {
    ENTRY(easel_property, .name = "count", .type = EASEL_TYPE_INT, .default_value = {.i = 4}, .range = &kCount,
          .summary = "How many", .get = (easel_fn)get_count, .set = (easel_fn)set_count),
    ENTRY(easel_property, .name = "mode", .type = EASEL_TYPE_ENUM, .default_value = {.i = 2},
          .enum_case_count = 2, .enum_cases = &kModes[0].base, .group = "Behaviour",
          .get = (easel_fn)get_mode, .set = (easel_fn)set_mode),
    ENTRY(easel_property, .name = "title", .type = EASEL_TYPE_STRING, .default_value = {.s = "grown"},
          .get = (easel_fn)get_title, .set = (easel_fn)set_title),
};

static void *create(const easel_class *cls, easel_rect frame, const easel_instance_host *host) {
    (void)cls; (void)frame; (void)host;
    growth *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->count = 4;
    g->mode = 2;
    g->title = strdup("grown");
    return g;
}

static bool draw(void *self, easel_canvas *c, easel_rect rect) {
    growth *g = self;
    c->set_fill_color(c, (easel_color){(double)g->count / 9.0, 0, g->mode == 2 ? 1 : 0, 1});
    c->fill_rect(c, rect);
    return true;
}

static void destroy(void *self) {
    growth *g = self;
    free(g->title);
    free(g);
}

typedef FUTURE(easel_class) class_entry;
#if THE_LAYOUT == LAYOUT_short
#define CLASS_ENTRY(...) {.base = {.struct_size = 64, __VA_ARGS__}}
#else
#define CLASS_ENTRY(...) ENTRY(easel_class, __VA_ARGS__)
#endif
static const class_entry kClasses[] = {
    CLASS_ENTRY(.name = "Growth", .summary = "Tables read by struct_size", .default_size = {30, 20},
          .property_count = 3, .properties = &kProperties[0].base,
          .create = create, .draw = draw, .destroy = destroy),
};

typedef FUTURE(easel_plugin) plugin_entry;
static plugin_entry kPlugin = {
#if THE_LAYOUT == LAYOUT_padded
    .base = {.abi = {EASEL_ABI_MAJOR, EASEL_ABI_MINOR}, .struct_size = sizeof(plugin_entry),
#else
    .base = {.abi = {EASEL_ABI_MAJOR, EASEL_ABI_MINOR}, .struct_size = sizeof(easel_plugin),
#endif
             .id = "org.easel.tests.growth", .name = "Growth", .version = "1.1.0",
             .class_count = 1, .classes = &kClasses[0].base},
};

EASEL_PLUGIN_ENTRY {
#if THE_LAYOUT == LAYOUT_mixed
    kProperties[1].base.struct_size = sizeof(easel_property) + 8;
#endif
    return &kPlugin.base;
}
