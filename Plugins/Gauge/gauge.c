/*
 * Gauge — an example Easel component written in plain C.
 *
 * It shows what a C author writes: a struct for the instance, one plain typed function per property
 * accessor (no value unions, no switches), a static property table and one class descriptor.
 * Properties: value (Int 0…100), style (an enum: ring, bar, pie), tintColor and trackColor (Color),
 * label (String), showValue (Bool) and lineWidth (CGFloat 1…40). Extensions (easel.h, EXTENSIONS):
 * variants (empty, full, bar, pie, cjk) and one action, fillTo(value), which reports the property it
 * changes through the instance host. Since ABI 1.2 it takes pointer input (easel.input/1: drag around
 * the ring or along the bar to set the value, which sends valueChanged) and follows the appearance
 * (easel.traits/1: in dark, the default track and the text are drawn in dark-appearance colours).
 */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include "easel.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double kPi = 3.14159265358979323846;

enum { GAUGE_RING = 0, GAUGE_BAR = 1, GAUGE_PIE = 2 };

typedef struct gauge {
    const easel_instance_host *host; /* valid until destroy returns */
    easel_rect frame;
    int64_t value;
    int64_t style;
    easel_color tint;
    easel_color track;
    char *label;   /* owned */
    bool show_value;
    double line_width;
} gauge;

static const easel_host *gauge_host;
/* The host's halves of easel.input/1 and easel.traits/1 (NULL from a host without them). */
static const easel_host_input *gauge_host_input;
static const easel_host_traits *gauge_host_traits;

static const easel_color kDefaultTint = {0.18, 0.49, 0.20, 1.0};  /* #2E7D32 */
static const easel_color kDefaultTrack = {0.88, 0.88, 0.88, 1.0}; /* #E0E0E0 */

/* ── Accessors: plain typed functions; the host calls them through libffi. ── */

static int64_t gauge_get_value(void *self) { return ((gauge *)self)->value; }
static void gauge_set_value(void *self, int64_t v) { ((gauge *)self)->value = v; }

static int64_t gauge_get_style(void *self) { return ((gauge *)self)->style; }
static void gauge_set_style(void *self, int64_t v) { ((gauge *)self)->style = v; }

static easel_color gauge_get_tint(void *self) { return ((gauge *)self)->tint; }
static void gauge_set_tint(void *self, easel_color c) { ((gauge *)self)->tint = c; }

static easel_color gauge_get_track(void *self) { return ((gauge *)self)->track; }
static void gauge_set_track(void *self, easel_color c) { ((gauge *)self)->track = c; }

static const char *gauge_get_label(void *self) { return ((gauge *)self)->label; }
static void gauge_set_label(void *self, const char *text) {
    gauge *g = self;
    char *copy = strdup(text ? text : ""); /* the argument is borrowed: copy it */
    if (!copy) return;
    free(g->label);
    g->label = copy;
}

static bool gauge_get_show_value(void *self) { return ((gauge *)self)->show_value; }
static void gauge_set_show_value(void *self, bool v) { ((gauge *)self)->show_value = v; }

static double gauge_get_line_width(void *self) { return ((gauge *)self)->line_width; }
static void gauge_set_line_width(void *self, double v) { ((gauge *)self)->line_width = v; }

/* ── The property table ── */

static const easel_range kPercent = {0, 100, 1};
static const easel_range kLineWidth = {1, 40, 0.5};
/* Every table entry starts with its struct_size (easel.h, VERSIONING). */
#define CASE(n, v, d) {.struct_size = sizeof(easel_enum_case), .name = n, .value = v, .display_name = d}
static const easel_enum_case kStyles[] = {
    CASE("ring", GAUGE_RING, NULL),
    CASE("bar", GAUGE_BAR, NULL),
    CASE("pie", GAUGE_PIE, "Pie Chart"),
};

#define PROPERTY .struct_size = sizeof(easel_property)
static const easel_property kProperties[] = {
    {PROPERTY, .name = "value", .type = EASEL_TYPE_INT, .default_value = {.i = 42},
     .summary = "How full the gauge is, in percent", .range = &kPercent,
     .get = (easel_fn)gauge_get_value, .set = (easel_fn)gauge_set_value},
    {PROPERTY, .name = "style", .type = EASEL_TYPE_ENUM, .default_value = {.i = GAUGE_RING},
     .summary = "How the value is drawn", .enum_case_count = 3, .enum_cases = kStyles,
     .get = (easel_fn)gauge_get_style, .set = (easel_fn)gauge_set_style},
    {PROPERTY, .name = "tintColor", .type = EASEL_TYPE_COLOR, .default_value = {.color = {0.18, 0.49, 0.20, 1.0}},
     .summary = "Colour of the filled part", .group = "Appearance",
     .get = (easel_fn)gauge_get_tint, .set = (easel_fn)gauge_set_tint},
    {PROPERTY, .name = "trackColor", .type = EASEL_TYPE_COLOR, .default_value = {.color = {0.88, 0.88, 0.88, 1.0}},
     .summary = "Colour of the empty track", .group = "Appearance",
     .get = (easel_fn)gauge_get_track, .set = (easel_fn)gauge_set_track},
    {PROPERTY, .name = "lineWidth", .type = EASEL_TYPE_CGFLOAT, .default_value = {.d = 10},
     .summary = "Thickness of the ring and the bar, in points", .group = "Appearance", .range = &kLineWidth,
     .get = (easel_fn)gauge_get_line_width, .set = (easel_fn)gauge_set_line_width},
    {PROPERTY, .name = "label", .type = EASEL_TYPE_STRING, .default_value = {.s = "CPU"},
     .summary = "Caption under the value", .group = "Text",
     .get = (easel_fn)gauge_get_label, .set = (easel_fn)gauge_set_label},
    {PROPERTY, .name = "showValue", .type = EASEL_TYPE_BOOL, .default_value = {.b = true},
     .summary = "Show the value as a percentage", .group = "Text",
     .get = (easel_fn)gauge_get_show_value, .set = (easel_fn)gauge_set_show_value},
};

/* ── Lifecycle ── */

static void *gauge_create(const easel_class *cls, easel_rect frame, const easel_instance_host *host) {
    (void)cls;
    gauge *g = calloc(1, sizeof *g);
    if (!g || !(g->label = strdup("CPU"))) {
        free(g);
        host->log(host, EASEL_LOG_ERROR, "out of memory"); /* the host adds the class and the file */
        return NULL;
    }
    g->host = host;
    g->frame = frame;
    g->value = 42;
    g->style = GAUGE_RING;
    g->tint = kDefaultTint;
    g->track = kDefaultTrack;
    g->show_value = true;
    g->line_width = 10;
    return g;
}

static void gauge_layout(void *self, easel_size size) {
    ((gauge *)self)->frame.size = size;
}

/* Whether the instance is shown in the dark appearance (easel.traits/1). */
static bool gauge_is_dark(const gauge *g) {
    return gauge_host_traits && gauge_host_traits->get(g->host).appearance == EASEL_APPEARANCE_DARK;
}

/* The track colour to draw: the default one follows the appearance; a colour set by the user does not. */
static easel_color gauge_track(const gauge *g) {
    bool is_default = memcmp(&g->track, &kDefaultTrack, sizeof g->track) == 0;
    return is_default && gauge_is_dark(g) ? (easel_color){0.23, 0.23, 0.24, 1.0} : g->track;
}

static void gauge_draw_text(easel_canvas *c, const gauge *g, easel_rect box, double font_size) {
    char text[32];
    bool dark = gauge_is_dark(g);
    easel_text_style style = {
        .font_size = font_size, .font_weight = 700, .color = dark ? (easel_color){0.92, 0.92, 0.96, 1} : (easel_color){0.13, 0.13, 0.13, 1},
        .alignment = EASEL_TEXT_ALIGN_CENTER, .vertical_alignment = EASEL_VERTICAL_ALIGN_CENTER,
        .line_break = EASEL_LINE_BREAK_TRUNCATE_TAIL, .max_lines = 1,
    };
    double caption = g->label[0] ? font_size * 0.55 : 0;
    easel_rect value_box = box;
    value_box.size.height -= caption * 1.6;
    if (g->show_value) {
        snprintf(text, sizeof text, "%lld%%", (long long)g->value);
        c->draw_text(c, text, value_box, &style);
    }
    if (caption > 0) {
        easel_rect caption_box = {{box.origin.x, box.origin.y + box.size.height - caption * 1.6},
                                  {box.size.width, caption * 1.6}};
        if (!g->show_value) caption_box = box;
        style.font_size = caption;
        style.font_weight = 400;
        style.color = dark ? (easel_color){0.62, 0.62, 0.66, 1} : (easel_color){0.4, 0.4, 0.4, 1};
        c->draw_text(c, g->label, caption_box, &style);
    }
}

static bool gauge_draw(void *self, easel_canvas *c, easel_rect rect) {
    (void)rect;
    const gauge *g = self;
    double w = g->frame.size.width, h = g->frame.size.height;
    double fraction = (double)g->value / 100.0;
    easel_color track = gauge_track(g);
    if (g->style == GAUGE_BAR) {
        double lw = g->line_width, y = h / 2 - lw / 2;
        c->set_fill_color(c, track);
        c->begin_path(c);
        c->add_rounded_rect(c, (easel_rect){{0, y}, {w, lw}}, lw / 2);
        c->draw_path(c, EASEL_PATH_FILL);
        if (fraction > 0) {
            c->set_fill_color(c, g->tint);
            c->begin_path(c);
            c->add_rounded_rect(c, (easel_rect){{0, y}, {w * fraction, lw}}, lw / 2);
            c->draw_path(c, EASEL_PATH_FILL);
        }
        gauge_draw_text(c, g, (easel_rect){{0, 0}, {w, y}}, fmin(h / 4, 24));
        return true;
    }
    double cx = w / 2, cy = h / 2;
    double radius = fmin(w, h) / 2 - g->line_width / 2 - 1;
    if (radius <= 0) return true;
    double start = -kPi / 2, end = start + fraction * 2 * kPi;
    if (g->style == GAUGE_PIE) {
        c->set_fill_color(c, track);
        c->begin_path(c);
        c->add_ellipse(c, (easel_rect){{cx - radius, cy - radius}, {2 * radius, 2 * radius}});
        c->draw_path(c, EASEL_PATH_FILL);
        if (fraction > 0) {
            c->set_fill_color(c, g->tint);
            c->begin_path(c);
            c->move_to(c, cx, cy);
            c->arc(c, cx, cy, radius, start, end, true);
            c->close_path(c);
            c->draw_path(c, EASEL_PATH_FILL);
        }
        return true;
    }
    c->set_line_width(c, g->line_width);
    c->set_line_cap(c, EASEL_LINE_CAP_ROUND);
    c->set_stroke_color(c, track);
    c->begin_path(c);
    c->arc(c, cx, cy, radius, 0, 2 * kPi, true);
    c->draw_path(c, EASEL_PATH_STROKE);
    if (fraction > 0) {
        c->set_stroke_color(c, g->tint);
        c->begin_path(c);
        c->arc(c, cx, cy, radius, start, end, true);
        c->draw_path(c, EASEL_PATH_STROKE);
    }
    double inner = radius - g->line_width / 2;
    gauge_draw_text(c, g, (easel_rect){{cx - inner * 0.8, cy - inner * 0.6}, {inner * 1.6, inner * 1.2}},
                    fmax(inner * 0.45, 6));
    return true;
}

static easel_size gauge_intrinsic_size(void *self) {
    const gauge *g = self;
    if (g->style == GAUGE_BAR) return (easel_size){EASEL_NO_INTRINSIC_METRIC, 44};
    return (easel_size){EASEL_NO_INTRINSIC_METRIC, EASEL_NO_INTRINSIC_METRIC};
}

static void gauge_destroy(void *self) {
    gauge *g = self;
    free(g->label);
    free(g);
}

/* ── Input (easel.input/1): drag to set the value ── */

/* The value (0…100) at `p`: the angle around the centre for a ring or a pie, the x along a bar. */
static int64_t gauge_value_at(const gauge *g, easel_point p) {
    double w = g->frame.size.width, h = g->frame.size.height, fraction;
    if (g->style == GAUGE_BAR) {
        fraction = w > 0 ? p.x / w : 0;
    } else {
        double angle = atan2(p.y - h / 2, p.x - w / 2) + kPi / 2; /* 0 at the top, clockwise */
        if (angle < 0) angle += 2 * kPi;
        fraction = angle / (2 * kPi);
    }
    fraction = fmin(fmax(fraction, 0), 1);
    return (int64_t)lround(fraction * 100);
}

/* Ring and pie: inside the circle; bar: the bounds. */
static bool gauge_hit_test(void *self, easel_point p) {
    const gauge *g = self;
    double w = g->frame.size.width, h = g->frame.size.height;
    if (p.x < 0 || p.y < 0 || p.x >= w || p.y >= h) return false;
    if (g->style == GAUGE_BAR) return true;
    double dx = p.x - w / 2, dy = p.y - h / 2, r = fmin(w, h) / 2;
    return dx * dx + dy * dy <= r * r;
}

static bool gauge_pointer_event(void *self, const easel_pointer_event *event) {
    gauge *g = self;
    bool dragging = event->phase == EASEL_POINTER_DOWN || (event->phase == EASEL_POINTER_MOVE && (event->buttons & 1u));
    if (!dragging || (event->phase == EASEL_POINTER_DOWN && event->button != EASEL_BUTTON_PRIMARY)) {
        return event->phase == EASEL_POINTER_UP || event->phase == EASEL_POINTER_CANCEL;
    }
    int64_t value = gauge_value_at(g, event->location);
    if (value != g->value) {
        g->value = value;
        g->host->property_changed(g->host, "value"); /* the host reads it back, lays out and draws */
        if (gauge_host_input) gauge_host_input->send_action(g->host, "valueChanged");
    }
    return true;
}

static const easel_input kInput = {
    .struct_size = sizeof(easel_input), .hit_test = gauge_hit_test, .pointer_event = gauge_pointer_event,
};

/* ── Extensions: variants and actions, found by id ── */

#define ATTRIBUTES(list) .attribute_count = sizeof list / sizeof list[0], .attributes = list
static const easel_attribute kEmpty[] = {{"value", "0"}};
static const easel_attribute kFull[] = {{"value", "100"}, {"tintColor", "#C62828"}};
static const easel_attribute kBar[] = {{"style", "bar"}, {"value", "64"}, {"lineWidth", "12"}};
static const easel_attribute kPie[] = {{"style", "pie"}, {"value", "75"}, {"tintColor", "#1565C0"}};
static const easel_attribute kCJK[] = {{"label", "公积金"}, {"value", "58"}};
static const easel_variant kVariantList[] = {
    {.struct_size = sizeof(easel_variant), .name = "empty", .summary = "0%", ATTRIBUTES(kEmpty)},
    {.struct_size = sizeof(easel_variant), .name = "full", .summary = "100%, in red", ATTRIBUTES(kFull)},
    {.struct_size = sizeof(easel_variant), .name = "bar", .summary = "The bar style", ATTRIBUTES(kBar)},
    {.struct_size = sizeof(easel_variant), .name = "pie", .summary = "The pie style", ATTRIBUTES(kPie)},
    {.struct_size = sizeof(easel_variant), .name = "cjk", .display_name = "CJK Label",
     .summary = "A Chinese caption", ATTRIBUTES(kCJK)},
};
static const easel_variants kVariants = {
    .struct_size = sizeof(easel_variants), .variant_count = 5, .variants = kVariantList,
};

/* An action: `bool invoke(void *self, int64_t value)`, called through libffi like a setter. */
static bool gauge_fill_to(void *self, int64_t value) {
    gauge *g = self;
    g->value = value;
    g->host->property_changed(g->host, "value"); /* the host reads it back and shows it */
    return true;
}
static const easel_action kActionList[] = {{
    .struct_size = sizeof(easel_action), .name = "fillTo", .summary = "Set the value as a designer's button does",
    .argument_type = EASEL_TYPE_INT, .range = &kPercent, .default_argument = {.i = 100},
    .invoke = (easel_fn)gauge_fill_to,
}};
static const easel_actions kActions = {
    .struct_size = sizeof(easel_actions), .action_count = 1, .actions = kActionList,
};

static const void *gauge_get_extension(const easel_class *cls, const char *id) {
    if (!cls) return NULL; /* no plugin-wide extensions */
    if (strcmp(id, EASEL_EXTENSION_VARIANTS) == 0) return &kVariants;
    if (strcmp(id, EASEL_EXTENSION_ACTIONS) == 0) return &kActions;
    if (strcmp(id, EASEL_EXTENSION_INPUT) == 0) return &kInput;
    return NULL; /* an id this plugin does not know */
}

static const easel_class kClasses[] = {{
    .struct_size = sizeof(easel_class),
    .name = "Gauge",
    .summary = "A percentage shown as a ring, a bar or a pie",
    .group = "Indicators",
    .base_kind = EASEL_KIND_PROGRESS,
    .default_size = {120, 120},
    .property_count = sizeof kProperties / sizeof kProperties[0],
    .properties = kProperties,
    .create = gauge_create,
    .layout = gauge_layout,
    .draw = gauge_draw,
    .intrinsic_size = gauge_intrinsic_size,
    .destroy = gauge_destroy,
}};

static bool gauge_init(const easel_host *host) {
    gauge_host = host;
    gauge_host_input = host->get_extension(host, EASEL_EXTENSION_INPUT);
    gauge_host_traits = host->get_extension(host, EASEL_EXTENSION_TRAITS);
    return true;
}

static const easel_plugin kPlugin = {
    .abi = {EASEL_ABI_MAJOR, EASEL_ABI_MINOR},
    .struct_size = sizeof(easel_plugin),
    .id = "org.easel.examples.gauge",
    .name = "Gauge",
    .version = "1.0.0",
    .summary = "Example component written in plain C",
    .init = gauge_init,
    .class_count = 1,
    .classes = kClasses,
    .get_extension = gauge_get_extension,
};

EASEL_PLUGIN_ENTRY { return &kPlugin; }
