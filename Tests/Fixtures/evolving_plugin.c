/*
 * A plugin whose property table changes between builds, for the hot-reload tests.
 * cc -DVERSION=1|2 -DCLASS=Name -DCOLOR=0xRRGGBB
 *
 *   VERSION 1: level (Int 0…10, default 5), tint (Color), label (String)
 *   VERSION 2: level (Int 0…5, default 2), tint (String: retyped), width (CGFloat: added); label removed
 * The class fills its bounds with COLOR, and draws a white bar `level` tenths of its width wide.
 */
#define _POSIX_C_SOURCE 200809L
#include "easel.h"

#include <stdlib.h>
#include <string.h>

#ifndef VERSION
#define VERSION 1
#endif
#ifndef CLASS
#define CLASS Evolving
#endif
#ifndef COLOR
#define COLOR 0x3366CC
#endif
#define STR2(x) #x
#define STR(x) STR2(x)

typedef struct evolving { int64_t level; easel_color tint; char *text; double width; } evolving;

static int64_t get_level(void *s) { return ((evolving *)s)->level; }
static void set_level(void *s, int64_t v) { ((evolving *)s)->level = v; }
static const char *get_text(void *s) { return ((evolving *)s)->text; }
static void set_text(void *s, const char *v) {
    evolving *e = s;
    free(e->text);
    e->text = strdup(v);
}
#if VERSION == 1
static easel_color get_tint(void *s) { return ((evolving *)s)->tint; }
static void set_tint(void *s, easel_color c) { ((evolving *)s)->tint = c; }
static const easel_range kLevel = {0, 10, 1};
static const easel_property kProperties[] = {
    {.struct_size = sizeof(easel_property), .name = "level", .type = EASEL_TYPE_INT, .default_value = {.i = 5}, .range = &kLevel,
     .get = (easel_fn)get_level, .set = (easel_fn)set_level},
    {.struct_size = sizeof(easel_property), .name = "tint", .type = EASEL_TYPE_COLOR, .default_value = {.color = {1, 1, 1, 1}},
     .get = (easel_fn)get_tint, .set = (easel_fn)set_tint},
    {.struct_size = sizeof(easel_property), .name = "label", .type = EASEL_TYPE_STRING, .default_value = {.s = ""},
     .get = (easel_fn)get_text, .set = (easel_fn)set_text},
};
#define DEFAULT_LEVEL 5
#else
static double get_width(void *s) { return ((evolving *)s)->width; }
static void set_width(void *s, double v) { ((evolving *)s)->width = v; }
static const easel_range kLevel = {0, 5, 1};
static const easel_property kProperties[] = {
    {.struct_size = sizeof(easel_property), .name = "level", .type = EASEL_TYPE_INT, .default_value = {.i = 2}, .range = &kLevel,
     .get = (easel_fn)get_level, .set = (easel_fn)set_level},
    {.struct_size = sizeof(easel_property), .name = "tint", .type = EASEL_TYPE_STRING, .default_value = {.s = ""},
     .get = (easel_fn)get_text, .set = (easel_fn)set_text},
    {.struct_size = sizeof(easel_property), .name = "width", .type = EASEL_TYPE_CGFLOAT, .default_value = {.d = 1},
     .get = (easel_fn)get_width, .set = (easel_fn)set_width},
};
#define DEFAULT_LEVEL 2
#endif

static void *create(const easel_class *cls, easel_rect frame, const easel_instance_host *host) {
    (void)cls; (void)frame; (void)host;
    evolving *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    e->level = DEFAULT_LEVEL;
    e->tint = (easel_color){1, 1, 1, 1};
    e->text = strdup("");
    e->width = 1;
    return e;
}

static bool draw(void *self, easel_canvas *c, easel_rect rect) {
    evolving *e = self;
    c->set_fill_color(c, (easel_color){((COLOR >> 16) & 0xFF) / 255.0, ((COLOR >> 8) & 0xFF) / 255.0, (COLOR & 0xFF) / 255.0, 1});
    c->fill_rect(c, rect);
    c->set_fill_color(c, e->tint);
    c->fill_rect(c, (easel_rect){{0, 0}, {rect.size.width * (double)e->level / 10.0, rect.size.height / 2}});
    return true;
}

static void destroy(void *self) {
    evolving *e = self;
    free(e->text);
    free(e);
}

static const easel_class kClasses[] = {{
    .struct_size = sizeof(easel_class), .name = STR(CLASS), .summary = "Changes between builds", .default_size = {100, 20},
    .property_count = sizeof kProperties / sizeof kProperties[0], .properties = kProperties,
    .create = create, .draw = draw, .destroy = destroy,
}};

static const easel_plugin kPlugin = {
    .abi = {EASEL_ABI_MAJOR, EASEL_ABI_MINOR}, .struct_size = sizeof(easel_plugin),
    .id = "org.easel.tests.evolving." STR(CLASS),
    .name = "Evolving", .version = STR(VERSION), .class_count = 1, .classes = kClasses,
};

EASEL_PLUGIN_ENTRY { return &kPlugin; }
