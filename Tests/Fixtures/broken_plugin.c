/*
 * Broken plugins, for the tests: one source, one fault per build. The test suite compiles it with
 * `cc -shared -fPIC -DFAULT=<name>` for each fault and checks that the host refuses the result with a
 * clear message naming the file, class and property. FAULT=none builds a valid plugin.
 *
 *   none            a valid plugin with class BrokenFixture (one CGFloat property "level", 0…10)
 *   no_entry        the entry symbol is missing
 *   abi_major       built for ABI 2.0
 *   abi_minor       built for ABI 1.<minor + 1>
 *   abi_1_0_label   this header's (1.1) layout, but .abi written {1, 0} by hand
 *   entry_null      the entry returns NULL after logging why
 *   init_fails      init returns false after logging why
 *   unknown_type    property "level" has type code 99
 *   default_range   property "level" defaults to 50, outside its range 0…10
 *   bad_utf8        the class name contains an invalid UTF-8 byte
 *   duplicate       class name "Gauge", as the C example's
 *   no_draw         the class has no draw function
 *   no_struct_size  the property table's struct_size is left 0 (as when it is forgotten)
 *   huge_count      class_count is 0xFFFFFFFF (garbage) for a table of one class
 */
#include "easel.h"

#include <stdlib.h>

#define FAULT_none 0
#define FAULT_no_entry 1
#define FAULT_abi_major 2
#define FAULT_abi_minor 3
#define FAULT_entry_null 4
#define FAULT_init_fails 5
#define FAULT_unknown_type 6
#define FAULT_default_range 7
#define FAULT_bad_utf8 8
#define FAULT_duplicate 9
#define FAULT_no_draw 10
#define FAULT_no_struct_size 11
#define FAULT_abi_1_0_label 12
#define FAULT_huge_count 13

#define CAT(a, b) a##b
#define XCAT(a, b) CAT(a, b)
#ifndef FAULT
#define FAULT none
#endif
#define THE_FAULT XCAT(FAULT_, FAULT)

static const easel_host *fixture_host;

typedef struct fixture { double level; } fixture;

static double fixture_get_level(void *self) { return ((fixture *)self)->level; }
static void fixture_set_level(void *self, double v) { ((fixture *)self)->level = v; }

static const easel_range kLevelRange = {0, 10, 1};

static const easel_property kProperties[] = {{
#if THE_FAULT != FAULT_no_struct_size
    .struct_size = sizeof(easel_property),
#endif
    .name = "level",
#if THE_FAULT == FAULT_unknown_type
    .type = 99,
#else
    .type = EASEL_TYPE_CGFLOAT,
#endif
#if THE_FAULT == FAULT_default_range
    .default_value = {.d = 50},
#else
    .default_value = {.d = 5},
#endif
    .range = &kLevelRange,
    .get = (easel_fn)fixture_get_level,
    .set = (easel_fn)fixture_set_level,
}};

static void *fixture_create(const easel_class *cls, easel_rect frame, const easel_instance_host *host) {
    (void)cls; (void)frame; (void)host;
    fixture *f = calloc(1, sizeof *f);
    if (f) f->level = 5;
    return f;
}

__attribute__((unused)) static bool fixture_draw(void *self, easel_canvas *canvas, easel_rect rect) {
    (void)self;
    canvas->set_fill_color(canvas, (easel_color){1, 0, 0, 1});
    canvas->fill_rect(canvas, rect);
    return true;
}

static void fixture_destroy(void *self) { free(self); }

static const easel_class kClasses[] = {{
    .struct_size = sizeof(easel_class),
#if THE_FAULT == FAULT_bad_utf8
    .name = "Broken\xff" "Fixture",
#elif THE_FAULT == FAULT_duplicate
    .name = "Gauge",
#else
    .name = "BrokenFixture",
#endif
    .summary = "A fixture for the host's tests",
    .default_size = {40, 20},
    .property_count = 1,
    .properties = kProperties,
    .create = fixture_create,
#if THE_FAULT != FAULT_no_draw
    .draw = fixture_draw,
#endif
    .destroy = fixture_destroy,
}};

static bool fixture_init(const easel_host *host) {
    fixture_host = host;
#if THE_FAULT == FAULT_init_fails
    host->log(host, EASEL_LOG_ERROR, "the fixture's licence file is missing");
    return false;
#else
    return true;
#endif
}

__attribute__((unused)) static const easel_plugin kPlugin = {
#if THE_FAULT == FAULT_abi_major
    .abi = {EASEL_ABI_MAJOR + 1, 0},
#elif THE_FAULT == FAULT_abi_minor
    .abi = {EASEL_ABI_MAJOR, EASEL_ABI_MINOR + 1},
#elif THE_FAULT == FAULT_abi_1_0_label
    .abi = {1, 0},
#else
    .abi = {EASEL_ABI_MAJOR, EASEL_ABI_MINOR},
#endif
    .struct_size = sizeof(easel_plugin),
    .id = "org.easel.tests.broken",
    .name = "Broken Fixture",
    .version = "0.0.1",
    .init = fixture_init,
#if THE_FAULT == FAULT_huge_count
    .class_count = 0xFFFFFFFF,
#else
    .class_count = 1,
#endif
    .classes = kClasses,
};

#if THE_FAULT != FAULT_no_entry
EASEL_PLUGIN_ENTRY {
#if THE_FAULT == FAULT_entry_null
    return NULL;
#else
    return &kPlugin;
#endif
}
#else
/* Exports something, just not the entry point. */
__attribute__((visibility("default"))) const easel_plugin *not_the_entry(void) { return &kPlugin; }
#endif
