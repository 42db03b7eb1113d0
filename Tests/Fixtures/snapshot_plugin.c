/*
 * A plugin for the snapshot tests: class "Swatch" (default 48×32) paints a white background, a grey
 * square, an antialiased disc and its String property "label" (default "Ab 中 😀"). Builds differ by
 * defines, so a test can make "the same component, changed":
 *
 *   -DSHADE=0x33    the square's grey level (a visual change)
 *   -DWIDTH=48      the default width (a size change)
 *   -DDOTS=0        how many single pixels in the bottom row are painted red (a small change)
 *   -DDISC_X=34     the disc's centre (an edge moved: antialiasing)
 */
#include "easel.h"

#include <stdlib.h>

#ifndef SHADE
#define SHADE 0x33
#endif
#ifndef WIDTH
#define WIDTH 48
#endif
#ifndef DOTS
#define DOTS 0
#endif
#ifndef DISC_X
#define DISC_X 34
#endif

typedef struct swatch { char *label; double text_width; } swatch;

static char *copy(const char *s) {
    size_t n = 0;
    while (s[n]) n++;
    char *c = malloc(n + 1);
    for (size_t i = 0; i <= n; i++) c[i] = s[i];
    return c;
}

static const char *get_label(void *self) { return ((swatch *)self)->label; }
static void set_label(void *self, const char *v) {
    free(((swatch *)self)->label);
    ((swatch *)self)->label = copy(v ? v : "");
}

/* Read-only: how wide the process that runs this plugin measures a line of sans-serif text (a worker
 * measures it, at create): the font tests compare it across fontconfig environments. */
static double get_text_width(void *self) { return ((swatch *)self)->text_width; }

static void *swatch_create(const easel_class *cls, easel_rect frame, const easel_instance_host *host) {
    (void)cls; (void)frame;
    swatch *s = malloc(sizeof *s);
    s->label = copy("Ab 中 😀");
    easel_text_style style = {.font_family = "sans-serif", .font_size = 20, .font_weight = 400, .color = {0, 0, 0, 1}};
    s->text_width = host->measure_text(host, "Hamburgefonstiv 汉字 かな 😀", 0, &style).width;
    return s;
}

static void swatch_destroy(void *self) {
    free(((swatch *)self)->label);
    free(self);
}

static bool swatch_draw(void *self, easel_canvas *c, easel_rect rect) {
    (void)rect;
    swatch *s = self;
    c->set_fill_color(c, (easel_color){1, 1, 1, 1});
    c->fill_rect(c, (easel_rect){{0, 0}, {WIDTH, 32}});
    c->set_fill_color(c, (easel_color){SHADE / 255.0, SHADE / 255.0, SHADE / 255.0, 1});
    c->fill_rect(c, (easel_rect){{2, 2}, {12, 12}});
    c->set_fill_color(c, (easel_color){0.1, 0.4, 0.9, 1});
    c->begin_path(c);
    c->add_ellipse(c, (easel_rect){{DISC_X - 7.3, 1.7}, {14.6, 14.6}});
    c->draw_path(c, EASEL_PATH_FILL);
    c->set_fill_color(c, (easel_color){1, 0, 0, 1});
    for (int i = 0; i < DOTS; i++) c->fill_rect(c, (easel_rect){{2 * i, 31}, {1, 1}});
    easel_text_style style = {.font_size = 10, .color = {0, 0, 0, 1}, .alignment = EASEL_TEXT_ALIGN_LEFT};
    c->draw_text(c, s->label, (easel_rect){{2, 17}, {WIDTH - 4, 14}}, &style);
    return true;
}

static const easel_property kProperties[] = {
    {.struct_size = sizeof(easel_property), .name = "label", .type = EASEL_TYPE_STRING, .default_value = {.s = "Ab 中 😀"},
     .get = (easel_fn)get_label, .set = (easel_fn)set_label},
    {.struct_size = sizeof(easel_property), .name = "textWidth", .type = EASEL_TYPE_DOUBLE, .flags = EASEL_PROPERTY_READ_ONLY,
     .get = (easel_fn)get_text_width},
};

static const easel_class kClasses[] = {{
    .struct_size = sizeof(easel_class), .name = "Swatch", .summary = "A square, a disc and a label", .default_size = {WIDTH, 32},
    .property_count = 2, .properties = kProperties,
    .create = swatch_create, .draw = swatch_draw, .destroy = swatch_destroy,
}};

static const easel_plugin kPlugin = {
    .abi = {EASEL_ABI_MAJOR, EASEL_ABI_MINOR}, .struct_size = sizeof(easel_plugin), .id = "org.easel.tests.snapshot", .name = "Snapshot fixture",
    .version = "1.0.0", .class_count = 1, .classes = kClasses,
};

EASEL_PLUGIN_ENTRY { return &kPlugin; }
