/// `host new NAME --c`: one C file and a Makefile that builds it with `pkg-config easel`.
extension ProjectTemplate {
    var cFiles: [File] {
        [
            File(path: "\(name).c", text: fill(cComponent)),
            File(path: "Makefile", text: fill(cMakefile)),
            File(path: "README.md", text: fill(cReadme)),
            File(path: ".gitignore", text: "*.so\n/*.png\n"),
        ]
    }
}

private let cMakefile = #"""
# @NAME@: a designable component for Easel, in C (made by `easel new @NAME@ --c`). `make` builds
# lib@NAME@.so against the Easel SDK installed in EASEL (pkg-config easel).
EASEL ?= @PREFIX@
PKG_CONFIG ?= pkg-config
EASEL_CFLAGS := $(shell PKG_CONFIG_PATH='$(EASEL)/lib/pkgconfig' $(PKG_CONFIG) --cflags easel)
CFLAGS ?= -O2 -g -Wall -Wextra

lib@NAME@.so: @NAME@.c
	$(CC) -shared -fPIC -fvisibility=hidden $(CFLAGS) $(EASEL_CFLAGS) $< -o $@ -lm

clean:
	rm -f lib@NAME@.so

.PHONY: clean

"""#

private let cComponent = #"""
/*
 * @NAME@: a rounded box with a title, a designable component for Easel (made by `easel new @NAME@ --c`).
 *
 * A C component writes one plain typed function per property accessor, a static property table and
 * one class descriptor; the host calls the accessors through libffi. easel.h documents every member:
 * what it does, who owns what, and the thread rules.
 */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <easel.h>

#include <stdlib.h>
#include <string.h>

typedef struct @SNAKE@ {
    easel_size size;
    char *title; /* owned */
    double corner_radius;
} @SNAKE@;

/* ── Accessors ── */

static const char *get_title(void *self) { return ((@SNAKE@ *)self)->title; }
static void set_title(void *self, const char *text) {
    @SNAKE@ *view = self;
    char *copy = strdup(text ? text : ""); /* the argument is borrowed: copy it */
    if (!copy) return;
    free(view->title);
    view->title = copy;
}

static double get_corner_radius(void *self) { return ((@SNAKE@ *)self)->corner_radius; }
static void set_corner_radius(void *self, double radius) { ((@SNAKE@ *)self)->corner_radius = radius; }

static const easel_range kCornerRadiusRange = {0, 40, 1};
/* Every table entry starts with its struct_size (easel.h, VERSIONING). */
static const easel_property kProperties[] = {
    {.struct_size = sizeof(easel_property), .name = "title", .type = EASEL_TYPE_STRING, .default_value = {.s = "@NAME@"},
     .summary = "The text in the middle", .get = (easel_fn)get_title, .set = (easel_fn)set_title},
    {.struct_size = sizeof(easel_property), .name = "cornerRadius", .type = EASEL_TYPE_CGFLOAT, .default_value = {.d = 12},
     .summary = "Radius of the corners, in points", .range = &kCornerRadiusRange,
     .get = (easel_fn)get_corner_radius, .set = (easel_fn)set_corner_radius},
};

/* ── Lifecycle ── */

static void *create(const easel_class *cls, easel_rect frame, const easel_instance_host *instance_host) {
    (void)cls;
    @SNAKE@ *view = calloc(1, sizeof *view);
    if (!view || !(view->title = strdup("@NAME@"))) {
        free(view);
        instance_host->log(instance_host, EASEL_LOG_ERROR, "out of memory");
        return NULL;
    }
    view->size = frame.size;
    view->corner_radius = 12;
    return view;
}

static void layout(void *self, easel_size size) { ((@SNAKE@ *)self)->size = size; }

static bool draw(void *self, easel_canvas *c, easel_rect dirty) {
    (void)dirty;
    const @SNAKE@ *view = self;
    easel_rect bounds = {{0, 0}, view->size};
    c->set_fill_color(c, (easel_color){0, 0.478, 1, 1}); /* system blue */
    c->begin_path(c);
    c->add_rounded_rect(c, bounds, view->corner_radius);
    c->draw_path(c, EASEL_PATH_FILL);
    easel_text_style style = {
        .font_size = 22, .font_weight = 700, .color = {1, 1, 1, 1},
        .alignment = EASEL_TEXT_ALIGN_CENTER, .vertical_alignment = EASEL_VERTICAL_ALIGN_CENTER,
        .line_break = EASEL_LINE_BREAK_TRUNCATE_TAIL, .max_lines = 1,
    };
    c->draw_text(c, view->title, bounds, &style);
    return true;
}

static void destroy(void *self) {
    @SNAKE@ *view = self;
    free(view->title);
    free(view);
}

/* ── A variant: a named state that the designer, the gallery and snapshot tests show ── */

static const easel_attribute kPill[] = {{"title", "Pill"}, {"cornerRadius", "40"}};
static const easel_variant kVariantList[] = {
    {.struct_size = sizeof(easel_variant), .name = "pill", .summary = "Fully rounded ends",
     .attribute_count = sizeof kPill / sizeof kPill[0], .attributes = kPill},
};
static const easel_variants kVariants = {
    .struct_size = sizeof(easel_variants), .variant_count = 1, .variants = kVariantList,
};

/* Extensions are found by id; NULL for an id this plugin does not know. */
static const void *get_extension(const easel_class *cls, const char *id) {
    if (cls && strcmp(id, EASEL_EXTENSION_VARIANTS) == 0) return &kVariants;
    return NULL;
}

static const easel_class kClasses[] = {{
    .struct_size = sizeof(easel_class),
    .name = "@NAME@",
    .summary = "A rounded box with a title",
    .default_size = {200, 80},
    .property_count = sizeof kProperties / sizeof kProperties[0],
    .properties = kProperties,
    .create = create,
    .layout = layout,
    .draw = draw,
    .destroy = destroy,
}};

static const easel_plugin kPlugin = {
    .abi = {EASEL_ABI_MAJOR, EASEL_ABI_MINOR},
    .struct_size = sizeof(easel_plugin),
    .id = "@ID@",
    .name = "@NAME@",
    .version = "0.1.0",
    .class_count = 1,
    .classes = kClasses,
    .get_extension = get_extension,
};

EASEL_PLUGIN_ENTRY { return &kPlugin; }

"""#

private let cReadme = #"""
# @NAME@

A designable component for Easel in C, made by `easel new @NAME@ --c`: `lib@NAME@.so`, which the
Easel host loads, inspects and renders.

## Build

```sh
make            # EASEL=/other/prefix make, if the SDK is installed elsewhere than @PREFIX@
```

## Preview

```sh
easel inspect @NAME@ --plugins .
easel render @NAME@ --plugins . -o @NAME@.png
easel render @NAME@ --plugins . --set title=Hello --set cornerRadius=30 -o hello.png
easel watch . --out previews          # redrawn after every make
easel serve . --build make --sources . --open    # the live designer: rebuilt on every save
```

## Writing it

`@NAME@.c` has one typed getter and setter per property, the property table (`kProperties`:
name, type, default, summary, range), a variant (`pill`: `easel render @NAME@ --plugins . --variant
pill -o pill.png`) and the class descriptor. The header, `easel.h` (in
`@PREFIX@/include`), documents every function pointer: what it does, who owns what, and the thread rules.

"""#
