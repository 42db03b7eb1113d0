/*
 * AllTypes — a fixture plugin in C with one property of each of the twelve types, each with plain
 * typed accessors, so the tests can prove every type round-trips through libffi unchanged.
 * Plus one read-only property (a counter of setter calls) and one hidden property.
 */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include "easel.h"

#include <stdlib.h>
#include <string.h>

typedef struct all_types {
    int64_t integer;
    double cg_float;
    double real;
    char *text;
    bool flag;
    easel_point point;
    easel_size size;
    easel_rect rect;
    easel_color color;
    char *image;
    int64_t choice;
    easel_insets insets;
    int64_t sets;
    int64_t secret;
} all_types;

#define ACCESSORS(field, T, name)                                                            \
    static T get_##name(void *self) { return ((all_types *)self)->field; }                   \
    static void set_##name(void *self, T v) { ((all_types *)self)->field = v; ((all_types *)self)->sets++; }

ACCESSORS(integer, int64_t, integer)
ACCESSORS(cg_float, double, cg_float)
ACCESSORS(real, double, real)
ACCESSORS(flag, bool, flag)
ACCESSORS(point, easel_point, point)
ACCESSORS(size, easel_size, size)
ACCESSORS(rect, easel_rect, rect)
ACCESSORS(color, easel_color, color)
ACCESSORS(choice, int64_t, choice)
ACCESSORS(insets, easel_insets, insets)
ACCESSORS(secret, int64_t, secret)

static const char *get_text(void *self) { return ((all_types *)self)->text; }
static void set_text(void *self, const char *v) {
    all_types *a = self;
    free(a->text);
    a->text = strdup(v);
    a->sets++;
}
static const char *get_image(void *self) { return ((all_types *)self)->image; }
static void set_image(void *self, const char *v) {
    all_types *a = self;
    free(a->image);
    a->image = v ? strdup(v) : NULL;
    a->sets++;
}
static int64_t get_sets(void *self) { return ((all_types *)self)->sets; }

static const easel_range kIntRange = {-1000000, 1000000, 1};
#define CASE(n, v, d) {.struct_size = sizeof(easel_enum_case), .name = n, .value = v, .display_name = d}
static const easel_enum_case kChoices[] = {CASE("first", 10, NULL), CASE("second", 20, NULL), CASE("third", -5, "Third One")};

#define P(n, t, ...) {.struct_size = sizeof(easel_property), .name = n, .type = t, __VA_ARGS__}
static const easel_property kProperties[] = {
    P("integer", EASEL_TYPE_INT, .default_value = {.i = 7}, .range = &kIntRange,
      .get = (easel_fn)get_integer, .set = (easel_fn)set_integer),
    P("cgFloat", EASEL_TYPE_CGFLOAT, .default_value = {.d = 1.5},
      .get = (easel_fn)get_cg_float, .set = (easel_fn)set_cg_float),
    P("real", EASEL_TYPE_DOUBLE, .default_value = {.d = -0.25},
      .get = (easel_fn)get_real, .set = (easel_fn)set_real),
    P("text", EASEL_TYPE_STRING, .default_value = {.s = "hello"},
      .get = (easel_fn)get_text, .set = (easel_fn)set_text),
    P("flag", EASEL_TYPE_BOOL, .default_value = {.b = true},
      .get = (easel_fn)get_flag, .set = (easel_fn)set_flag),
    P("point", EASEL_TYPE_POINT, .default_value = {.point = {1, 2}},
      .get = (easel_fn)get_point, .set = (easel_fn)set_point),
    P("size", EASEL_TYPE_SIZE, .default_value = {.size = {3, 4}},
      .get = (easel_fn)get_size, .set = (easel_fn)set_size),
    P("rect", EASEL_TYPE_RECT, .default_value = {.rect = {{5, 6}, {7, 8}}},
      .get = (easel_fn)get_rect, .set = (easel_fn)set_rect),
    P("color", EASEL_TYPE_COLOR, .default_value = {.color = {1, 0.5, 0, 1}},
      .get = (easel_fn)get_color, .set = (easel_fn)set_color),
    P("image", EASEL_TYPE_IMAGE, .default_value = {.s = NULL},
      .get = (easel_fn)get_image, .set = (easel_fn)set_image),
    P("choice", EASEL_TYPE_ENUM, .default_value = {.i = 20}, .enum_case_count = 3, .enum_cases = kChoices,
      .get = (easel_fn)get_choice, .set = (easel_fn)set_choice),
    P("insets", EASEL_TYPE_INSETS, .default_value = {.insets = {1, 2, 3, 4}},
      .get = (easel_fn)get_insets, .set = (easel_fn)set_insets),
    P("setCount", EASEL_TYPE_INT, .default_value = {.i = 0}, .flags = EASEL_PROPERTY_READ_ONLY,
      .summary = "How many setters ran", .get = (easel_fn)get_sets),
    P("secret", EASEL_TYPE_INT, .default_value = {.i = 0}, .flags = EASEL_PROPERTY_HIDDEN,
      .get = (easel_fn)get_secret, .set = (easel_fn)set_secret),
};

static void *create(const easel_class *cls, easel_rect frame, const easel_instance_host *host) {
    (void)cls; (void)frame; (void)host;
    all_types *a = calloc(1, sizeof *a);
    if (!a) return NULL;
    *a = (all_types){.integer = 7, .cg_float = 1.5, .real = -0.25, .text = strdup("hello"), .flag = true,
                     .point = {1, 2}, .size = {3, 4}, .rect = {{5, 6}, {7, 8}}, .color = {1, 0.5, 0, 1},
                     .choice = 20, .insets = {1, 2, 3, 4}};
    return a;
}

static bool draw(void *self, easel_canvas *canvas, easel_rect rect) {
    all_types *a = self;
    canvas->set_fill_color(canvas, a->color);
    canvas->fill_rect(canvas, rect);
    return true;
}

static void destroy(void *self) {
    all_types *a = self;
    free(a->text);
    free(a->image);
    free(a);
}

static const easel_class kClasses[] = {{
    .struct_size = sizeof(easel_class),
    .name = "AllTypes",
    .summary = "One property of every type",
    .default_size = {64, 32},
    .property_count = sizeof kProperties / sizeof kProperties[0],
    .properties = kProperties,
    .create = create,
    .draw = draw,
    .destroy = destroy,
}};

static const easel_plugin kPlugin = {
    .abi = {EASEL_ABI_MAJOR, EASEL_ABI_MINOR},
    .struct_size = sizeof(easel_plugin),
    .id = "org.easel.tests.all-types",
    .name = "All Types",
    .version = "1.0.0",
    .class_count = 1,
    .classes = kClasses,
};

EASEL_PLUGIN_ENTRY { return &kPlugin; }
