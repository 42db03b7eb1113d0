/*
 * clamping — the clamping rule and dependent ranges (easel.h, property_changed and easel.ranges/1),
 * as a newcomer writes them in C.
 *
 * Counter: `count` (Int, no declared range) keeps itself >= 0: its setter clamps and reports the
 * value it kept with property_changed. host validate passes it with a warning saying how to declare
 * the range. -DSILENT: it clamps without reporting (a designer would show a value it does not have).
 *
 * Meter: `value` (Int 0…1000) goes up to `maximum` (Int 1…1000), declared with easel.ranges/1. Both
 * setters keep value <= maximum and report it. -DNO_CLAMP: setting maximum leaves value above it;
 * -DFORGET_REPORT: it clamps value without reporting. -DBAD_RANGES=N declares a bad table:
 * 1 a String bound, 2 an unknown property, 3 a property bounded by itself, 4 a default above the
 * default of its maximum, 5 neither bound.
 */
#include "easel.h"

#include <stdlib.h>
#include <string.h>

typedef struct counter {
    const easel_instance_host *host;
    int64_t count;
} counter;

static int64_t counter_get_count(void *self) { return ((counter *)self)->count; }
static void counter_set_count(void *self, int64_t v) {
    counter *c = self;
    c->count = v < 0 ? 0 : v;
#ifndef SILENT
    if (c->count != v) c->host->property_changed(c->host, "count");
#endif
}

typedef struct meter {
    const easel_instance_host *host;
    int64_t value;
    int64_t maximum;
    const char *label;
} meter;

static int64_t meter_get_value(void *self) { return ((meter *)self)->value; }
static void meter_set_value(void *self, int64_t v) {
    meter *m = self;
    m->value = v > m->maximum ? m->maximum : v;
    if (m->value != v) m->host->property_changed(m->host, "value");
}
static int64_t meter_get_maximum(void *self) { return ((meter *)self)->maximum; }
static void meter_set_maximum(void *self, int64_t v) {
    meter *m = self;
    m->maximum = v;
#ifndef NO_CLAMP
    if (m->value > v) {
        m->value = v;
#ifndef FORGET_REPORT
        m->host->property_changed(m->host, "value");
#endif
    }
#endif
}
static const char *meter_get_label(void *self) { return ((meter *)self)->label; }

static const easel_range kValue = {0, 1000, 1};
static const easel_range kMaximum = {1, 1000, 1};

static const easel_property kCounterProperties[] = {
    {.struct_size = sizeof(easel_property), .name = "count", .type = EASEL_TYPE_INT, .default_value = {.i = 0},
     .summary = "Never below 0", .get = (easel_fn)counter_get_count, .set = (easel_fn)counter_set_count},
};

#if BAD_RANGES == 4
#define VALUE_DEFAULT 150
#else
#define VALUE_DEFAULT 30
#endif

static const easel_property kMeterProperties[] = {
    {.struct_size = sizeof(easel_property), .name = "value", .type = EASEL_TYPE_INT, .default_value = {.i = VALUE_DEFAULT},
     .range = &kValue, .get = (easel_fn)meter_get_value, .set = (easel_fn)meter_set_value},
    {.struct_size = sizeof(easel_property), .name = "maximum", .type = EASEL_TYPE_INT, .default_value = {.i = 100},
     .range = &kMaximum, .get = (easel_fn)meter_get_maximum, .set = (easel_fn)meter_set_maximum},
    {.struct_size = sizeof(easel_property), .name = "label", .type = EASEL_TYPE_STRING, .default_value = {.s = "m"},
     .flags = EASEL_PROPERTY_READ_ONLY, .get = (easel_fn)meter_get_label},
};

#if BAD_RANGES == 1
static const easel_dependent_range kRangeList[] = {{.struct_size = sizeof(easel_dependent_range), .property = "value", .maximum = "label"}};
#elif BAD_RANGES == 2
static const easel_dependent_range kRangeList[] = {{.struct_size = sizeof(easel_dependent_range), .property = "value", .maximum = "ceiling"}};
#elif BAD_RANGES == 3
static const easel_dependent_range kRangeList[] = {{.struct_size = sizeof(easel_dependent_range), .property = "value", .maximum = "value"}};
#elif BAD_RANGES == 5
static const easel_dependent_range kRangeList[] = {{.struct_size = sizeof(easel_dependent_range), .property = "value"}};
#else
static const easel_dependent_range kRangeList[] = {{.struct_size = sizeof(easel_dependent_range), .property = "value", .maximum = "maximum"}};
#endif
static const easel_ranges kRanges = {sizeof(easel_ranges), 1, kRangeList};

static void *counter_create(const easel_class *cls, easel_rect frame, const easel_instance_host *host) {
    (void)cls; (void)frame;
    counter *c = calloc(1, sizeof *c);
    if (c) c->host = host;
    return c;
}
static void *meter_create(const easel_class *cls, easel_rect frame, const easel_instance_host *host) {
    (void)cls; (void)frame;
    meter *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->host = host;
    m->value = VALUE_DEFAULT;
    m->maximum = 100;
    m->label = "m";
    return m;
}

static bool draw(void *self, easel_canvas *c, easel_rect rect) {
    (void)self;
    c->set_fill_color(c, (easel_color){0.2, 0.4, 0.8, 1});
    c->fill_rect(c, rect);
    return true;
}
static void destroy(void *self) { free(self); }

static const easel_class kClasses[] = {
    {.struct_size = sizeof(easel_class), .name = "Counter", .default_size = {40, 20}, .property_count = 1,
     .properties = kCounterProperties, .create = counter_create, .draw = draw, .destroy = destroy},
    {.struct_size = sizeof(easel_class), .name = "Meter", .default_size = {40, 20}, .property_count = 3,
     .properties = kMeterProperties, .create = meter_create, .draw = draw, .destroy = destroy},
};

static const void *get_extension(const easel_class *cls, const char *id) {
    if (cls == &kClasses[1] && strcmp(id, EASEL_EXTENSION_RANGES) == 0) return &kRanges;
    return NULL;
}

static const easel_plugin kPlugin = {
    .abi = {EASEL_ABI_MAJOR, EASEL_ABI_MINOR}, .struct_size = sizeof(easel_plugin), .id = "org.easel.tests.clamping",
    .name = "Clamping", .version = "1.0.0", .class_count = 2, .classes = kClasses, .get_extension = get_extension,
};

EASEL_PLUGIN_ENTRY { return &kPlugin; }
