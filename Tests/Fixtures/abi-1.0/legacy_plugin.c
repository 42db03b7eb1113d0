/*
 * LegacyTypes — a plugin written against the ABI 1.0 draft (the frozen header beside this file, with
 * no struct_size in its tables and a create without an instance host). The tests build it against
 * that header and check that the 1.1 host reads every table correctly and calls it correctly:
 * one property of each of the twelve types, a read-only and a hidden one, enum cases with display
 * names, ranges, the class context, create_from_archive (it counts the archived attributes), init
 * with the 1.0 host struct (it logs a warning and measures text), and intrinsic_size.
 *
 * Frozen: this file is what a 1.0 author wrote; do not port it to 1.1.
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
    int64_t archived;
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
static int64_t get_archived(void *self) { return ((all_types *)self)->archived; }

static const easel_host *legacy_host;
static double measured_width = -1;
static double get_measured(void *self) { (void)self; return measured_width; }

static const easel_range kIntRange = {-1000000, 1000000, 1};
static const easel_enum_case kChoices[] = {{"first", 10, NULL}, {"second", 20, NULL}, {"third", -5, "Third One"}};

#define P(n, t, ...) {.name = n, .type = t, __VA_ARGS__}
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
    P("archivedCount", EASEL_TYPE_INT, .default_value = {.i = 0}, .flags = EASEL_PROPERTY_READ_ONLY,
      .summary = "Attributes create_from_archive saw", .get = (easel_fn)get_archived),
    P("measuredWidth", EASEL_TYPE_DOUBLE, .default_value = {.d = -1}, .flags = EASEL_PROPERTY_READ_ONLY,
      .summary = "What init measured through the 1.0 host", .get = (easel_fn)get_measured),
};

static const char kContext[] = "legacy-context";

static void *create(const easel_class *cls, easel_rect frame) {
    (void)frame;
    if (cls->context != kContext) { /* the host must pass the 1.0 descriptor itself */
        legacy_host->log(legacy_host, EASEL_LOG_ERROR, "create got a class that is not mine");
        return NULL;
    }
    all_types *a = calloc(1, sizeof *a);
    if (!a) return NULL;
    *a = (all_types){.integer = 7, .cg_float = 1.5, .real = -0.25, .text = strdup("hello"), .flag = true,
                     .point = {1, 2}, .size = {3, 4}, .rect = {{5, 6}, {7, 8}}, .color = {1, 0.5, 0, 1},
                     .choice = 20, .insets = {1, 2, 3, 4}};
    return a;
}

static void *create_from_archive(const easel_class *cls, const easel_archive *archive) {
    all_types *a = create(cls, archive->frame);
    if (a) a->archived = archive->attribute_count;
    return a;
}

static easel_size intrinsic_size(void *self) {
    (void)self;
    return (easel_size){64, 32};
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
    .name = "LegacyTypes",
    .summary = "One property of every type, built against ABI 1.0",
    .group = "Legacy",
    .base_kind = EASEL_KIND_CONTROL,
    .default_size = {64, 32},
    .property_count = sizeof kProperties / sizeof kProperties[0],
    .properties = kProperties,
    .context = kContext,
    .create = create,
    .create_from_archive = create_from_archive,
    .draw = draw,
    .intrinsic_size = intrinsic_size,
    .destroy = destroy,
}};

static bool init(const easel_host *host) {
    legacy_host = host;
    host->log(host, EASEL_LOG_WARNING, "legacy plugin initialised");
    easel_text_style style = {.font_size = 20, .font_weight = 400, .color = {0, 0, 0, 1}};
    measured_width = host->measure_text(host, "WWWW", 0, &style).width;
    return true;
}

/* -DLABELLED_MINOR=1: the same 1.0 layout, declaring 1.1 (refused: tests). */
#ifndef LABELLED_MINOR
#define LABELLED_MINOR EASEL_ABI_MINOR
#endif

static const easel_plugin kPlugin = {
    .abi = {EASEL_ABI_MAJOR, LABELLED_MINOR},
    .id = "org.easel.tests.legacy-types",
    .name = "Legacy Types",
    .version = "1.0.0",
    .summary = "Built against ABI 1.0",
    .init = init,
    .class_count = 1,
    .classes = kClasses,
};

EASEL_PLUGIN_ENTRY { return &kPlugin; }
