/* A small generated component for the registry benchmarks: built N times with -DINDEX=n, each
 * registering class Generated<n> with five properties of different types. */
#include "easel.h"
#include <stdlib.h>

#define STR2(x) #x
#define STR(x) STR2(x)

typedef struct item { double size; int64_t count; easel_color tint; int64_t mode; bool on; } item;
static double get_size(void *s) { return ((item *)s)->size; }
static void set_size(void *s, double v) { ((item *)s)->size = v; }
static int64_t get_count(void *s) { return ((item *)s)->count; }
static void set_count(void *s, int64_t v) { ((item *)s)->count = v; }
static easel_color get_tint(void *s) { return ((item *)s)->tint; }
static void set_tint(void *s, easel_color v) { ((item *)s)->tint = v; }
static int64_t get_mode(void *s) { return ((item *)s)->mode; }
static void set_mode(void *s, int64_t v) { ((item *)s)->mode = v; }
static bool get_on(void *s) { return ((item *)s)->on; }
static void set_on(void *s, bool v) { ((item *)s)->on = v; }

static const easel_range kSize = {0, 1000, 0.5};
#define CASE(n, v) {.struct_size = sizeof(easel_enum_case), .name = n, .value = v}
static const easel_enum_case kModes[] = {CASE("fast", 0), CASE("good", 1), CASE("best", 2)};
static const easel_property kProps[] = {
    {.struct_size = sizeof(easel_property), .name = "size", .type = EASEL_TYPE_CGFLOAT, .default_value = {.d = 10}, .range = &kSize,
     .summary = "Size in points", .get = (easel_fn)get_size, .set = (easel_fn)set_size},
    {.struct_size = sizeof(easel_property), .name = "count", .type = EASEL_TYPE_INT, .default_value = {.i = 3},
     .get = (easel_fn)get_count, .set = (easel_fn)set_count},
    {.struct_size = sizeof(easel_property), .name = "tintColor", .type = EASEL_TYPE_COLOR, .default_value = {.color = {0, 0, 1, 1}}, .group = "Look",
     .get = (easel_fn)get_tint, .set = (easel_fn)set_tint},
    {.struct_size = sizeof(easel_property), .name = "mode", .type = EASEL_TYPE_ENUM, .default_value = {.i = 1}, .enum_case_count = 3, .enum_cases = kModes,
     .get = (easel_fn)get_mode, .set = (easel_fn)set_mode},
    {.struct_size = sizeof(easel_property), .name = "enabled", .type = EASEL_TYPE_BOOL, .default_value = {.b = true},
     .get = (easel_fn)get_on, .set = (easel_fn)set_on},
};

static void *create(const easel_class *c, easel_rect f, const easel_instance_host *h) {
    (void)c; (void)f; (void)h;
    item *i = calloc(1, sizeof *i);
    if (i) *i = (item){10, 3, {0, 0, 1, 1}, 1, true};
    return i;
}
static bool draw(void *s, easel_canvas *c, easel_rect r) {
    c->set_fill_color(c, ((item *)s)->tint);
    c->fill_rect(c, r);
    return true;
}
static void destroy(void *s) { free(s); }

static const easel_class kClasses[] = {{
    .struct_size = sizeof(easel_class), .name = "Generated" STR(INDEX), .summary = "Generated component " STR(INDEX), .default_size = {50, 50},
    .property_count = 5, .properties = kProps, .create = create, .draw = draw, .destroy = destroy}};
static const easel_plugin kPlugin = {
    .abi = {EASEL_ABI_MAJOR, EASEL_ABI_MINOR}, .struct_size = sizeof(easel_plugin),
    .id = "org.easel.bench.generated" STR(INDEX),
    .name = "Generated " STR(INDEX), .version = "1.0.0", .class_count = 1, .classes = kClasses};
EASEL_PLUGIN_ENTRY { return &kPlugin; }
