/// `host new NAME --cpp`: one C++17 file and a Makefile that builds it with `pkg-config easel`. The
/// file shows the C++ idiom: the view is a class, the tables are made by a small builder (C++17 has
/// no designated initialisers), accessors come from member pointers, and every callback catches
/// exceptions at the boundary (easel.h, ERRORS).
extension ProjectTemplate {
    var cppFiles: [File] {
        [
            File(path: "\(name).cpp", text: fill(cppComponent)),
            File(path: "Makefile", text: fill(cppMakefile)),
            File(path: "README.md", text: fill(cppReadme)),
            File(path: ".gitignore", text: "*.so\n/*.png\n"),
        ]
    }
}

private let cppMakefile = #"""
# @NAME@: a designable component for Easel, in C++17 (made by `easel new @NAME@ --cpp`). `make`
# builds lib@NAME@.so against the Easel SDK installed in EASEL (pkg-config easel).
EASEL ?= @PREFIX@
PKG_CONFIG ?= pkg-config
EASEL_CFLAGS := $(shell PKG_CONFIG_PATH='$(EASEL)/lib/pkgconfig' $(PKG_CONFIG) --cflags easel)
CXXFLAGS ?= -O2 -g -Wall -Wextra -pedantic

lib@NAME@.so: @NAME@.cpp
	$(CXX) -std=c++17 -shared -fPIC -fvisibility=hidden $(CXXFLAGS) $(EASEL_CFLAGS) $< -o $@

clean:
	rm -f lib@NAME@.so

.PHONY: clean

"""#

private let cppComponent = #"""
// @NAME@: a rounded box with a title, a designable component for Easel in C++17 (made by
// `easel new @NAME@ --cpp`).
//
// easel.h is a C header: the host calls plain C functions and reads plain C tables. This file keeps
// the C++ on its side of that line: the view is a class, the tables are made by a small builder, the
// accessors are generated from member pointers, and every callback runs its body through `guarded`,
// which catches any exception at the boundary (nothing may unwind into the host), logs it and
// returns the failure value.
#include <easel.h>

#include <array>
#include <cstring>
#include <exception>
#include <string>

namespace {

// ── The view ──

struct @NAME@ {
    const easel_instance_host *host;  // valid until destroy returns
    easel_size size;
    // Every property at the default its table declares (easel.h, DEFAULTS).
    std::string title = "@NAME@";
    double corner_radius = 12;

    @NAME@(const easel_instance_host *h, easel_size s) : host(h), size(s) {}
};

@NAME@ &view(void *self) { return *static_cast<@NAME@ *>(self); }

/// Runs `body`; an exception becomes `failure`, after its message was logged as an error.
template <typename R, typename F>
R guarded(const easel_instance_host *host, R failure, F body) noexcept {
    try {
        return body();
    } catch (const std::exception &e) {
        host->log(host, EASEL_LOG_ERROR, e.what());
    } catch (...) {
        host->log(host, EASEL_LOG_ERROR, "an exception that is not a std::exception");
    }
    return failure;
}

// ── Accessors: `T get(void *self)` and `void set(void *self, T value)`, made from members ──

template <auto Member>
auto get(void *self) noexcept { return view(self).*Member; }

template <auto Member, typename T>
void set(void *self, T value) noexcept {
    guarded(view(self).host, 0, [&] { view(self).*Member = value; return 0; });
}

// A string getter returns a pointer the instance owns (valid until the next call into it); a
// setter's argument is borrowed for the call, so it is copied.
template <std::string @NAME@::*Member>
const char *get_text(void *self) noexcept { return (view(self).*Member).c_str(); }

template <std::string @NAME@::*Member>
void set_text(void *self, const char *value) noexcept {
    guarded(view(self).host, 0, [&] { view(self).*Member = value; return 0; });
}

// ── The table builder: each entry value-initialised (every field zero: "not given"), struct_size
//    first, then the fields named by chained calls ──

class Property {
public:
    Property(const char *name, easel_type type) : p_{} {
        p_.struct_size = sizeof(easel_property);
        p_.name = name;
        p_.type = type;
    }
    Property &summary(const char *text) { p_.summary = text; return *this; }
    Property &range(const easel_range &r) { p_.range = &r; return *this; }
    Property &default_number(double d) { p_.default_value.d = d; return *this; }
    Property &default_text(const char *s) { p_.default_value.s = s; return *this; }
    template <typename T>
    Property &accessors(T (*get)(void *), void (*set)(void *, T)) {
        p_.get = reinterpret_cast<easel_fn>(get);
        p_.set = reinterpret_cast<easel_fn>(set);
        return *this;
    }
    operator easel_property() const { return p_; }

private:
    easel_property p_;
};

const easel_range kCornerRadius = {0, 40, 1};

const std::array<easel_property, 2> kProperties = {
    Property("title", EASEL_TYPE_STRING)
        .summary("The text in the middle")
        .default_text("@NAME@")
        .accessors(get_text<&@NAME@::title>, set_text<&@NAME@::title>),
    Property("cornerRadius", EASEL_TYPE_CGFLOAT)
        .summary("Radius of the corners, in points")
        .default_number(12)
        .range(kCornerRadius)
        .accessors(get<&@NAME@::corner_radius>, set<&@NAME@::corner_radius, double>),
};

// ── Lifecycle ──

void *create(const easel_class *, easel_rect frame, const easel_instance_host *host) {
    return guarded<void *>(host, nullptr, [&] { return new @NAME@(host, frame.size); });
}

void layout(void *self, easel_size size) { view(self).size = size; }

bool draw(void *self, easel_canvas *c, easel_rect) {
    const @NAME@ &v = view(self);
    return guarded(v.host, false, [&] {
        easel_rect bounds{{0, 0}, v.size};
        c->set_fill_color(c, easel_color{0, 0.478, 1, 1});  // system blue
        c->begin_path(c);
        c->add_rounded_rect(c, bounds, v.corner_radius);
        c->draw_path(c, EASEL_PATH_FILL);
        easel_text_style style{};
        style.font_size = 22;
        style.font_weight = 700;
        style.color = {1, 1, 1, 1};
        style.alignment = EASEL_TEXT_ALIGN_CENTER;
        style.vertical_alignment = EASEL_VERTICAL_ALIGN_CENTER;
        style.line_break = EASEL_LINE_BREAK_TRUNCATE_TAIL;
        style.max_lines = 1;
        c->draw_text(c, v.title.c_str(), bounds, &style);
        return true;
    });
}

void destroy(void *self) { delete static_cast<@NAME@ *>(self); }

// ── A variant: a named state that the designer, the gallery and snapshot tests show ──

const easel_attribute kPill[] = {{"title", "Pill"}, {"cornerRadius", "40"}};

easel_variant variant(const char *name, const char *summary, const easel_attribute *attributes, uint32_t count) {
    easel_variant v{};
    v.struct_size = sizeof(easel_variant);
    v.name = name;
    v.summary = summary;
    v.attributes = attributes;
    v.attribute_count = count;
    return v;
}
const easel_variant kVariantList[] = {variant("pill", "Fully rounded ends", kPill, 2)};
const easel_variants kVariants = {sizeof(easel_variants), 1, kVariantList};

// Extensions are found by id; nullptr for an id this plugin does not know.
const void *get_extension(const easel_class *cls, const char *id) {
    if (cls && std::strcmp(id, EASEL_EXTENSION_VARIANTS) == 0) return &kVariants;
    return nullptr;
}

// ── The class and the plugin ──

easel_class make_class() {
    easel_class c{};
    c.struct_size = sizeof(easel_class);
    c.name = "@NAME@";
    c.summary = "A rounded box with a title";
    c.default_size = {200, 80};
    c.property_count = static_cast<uint32_t>(kProperties.size());
    c.properties = kProperties.data();
    c.create = create;
    c.layout = layout;
    c.draw = draw;
    c.destroy = destroy;
    return c;
}
const easel_class kClasses[] = {make_class()};

easel_plugin make_plugin() {
    easel_plugin p{};
    p.abi = EASEL_ABI_VERSION;
    p.struct_size = sizeof(easel_plugin);
    p.id = "@ID@";
    p.name = "@NAME@";
    p.version = "0.1.0";
    p.class_count = 1;
    p.classes = kClasses;
    p.get_extension = get_extension;
    return p;
}
// Made before the entry point can be called (the library's static initialisers run at load).
const easel_plugin kPlugin = make_plugin();

}  // namespace

EASEL_PLUGIN_ENTRY { return &kPlugin; }

"""#

private let cppReadme = #"""
# @NAME@

A designable component for Easel in C++17, made by `easel new @NAME@ --cpp`: `lib@NAME@.so`, which the
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
easel validate .                      # the conformance suite: every check on lib@NAME@.so
easel watch . --out previews          # redrawn after every make
easel serve . --build make --sources . --open    # the live designer: rebuilt on every save
```

## Writing it

`@NAME@.cpp` keeps C++ on its side of the C ABI: the view is a class; the property table is made by
a small builder (`Property("cornerRadius", EASEL_TYPE_CGFLOAT).summary(…).range(…)`), since C++17
has no designated initialisers; accessors are generated from member pointers; every callback runs
through `guarded`, which catches exceptions at the boundary (nothing may unwind into the host). A
variant (`pill`: `easel render @NAME@ --plugins . --variant pill -o pill.png`) and the class
descriptor follow. The header, `easel.h` (in `@PREFIX@/include`), documents every function pointer:
what it does, who owns what, and the thread rules. More examples, each with its Makefile or
Cargo.toml: `@PREFIX@/share/easel/examples`.

"""#
