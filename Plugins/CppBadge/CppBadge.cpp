// CppBadge — an Easel component written in C++17 against easel.h.
//
// A badge like RustBadge: one inspectable property of each of the twelve types, variants, two
// actions (bump() and explode(), which throws to show the boundary), and the instance host. Every
// callback runs its body through `guarded`, which catches every exception at the boundary (easel.h,
// ERRORS: nothing may unwind into the host), logs it as an error and returns the failure value.
//
// Since ABI 1.2 it is a control (easel.input/1) that tracks the pointer as UIButton does: pressed, it
// is highlighted (darker) while the pointer stays over it; released over it, it toggles `selected` (a
// white ring) and sends touchUpInside, valueChanged and primaryActionTriggered; disabled, it takes no
// input. Its default colours follow the appearance (easel.traits/1: iOS's brighter dark shades); a
// tint the user set stays as set.
//
//   c++ -std=c++17 -shared -fPIC -fvisibility=hidden -I Sources/CEasel/include
//       Plugins/CppBadge/CppBadge.cpp -o components/libCppBadge.so
#include "easel.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <exception>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

namespace {

/// The host's halves of easel.input/1 and easel.traits/1 (null from a host without them), read in init.
const easel_host_input *host_input = nullptr;
const easel_host_traits *host_traits = nullptr;

constexpr easel_color kDefaultTint{0.1, 0.35, 0.75, 1};
/// The default tint in the dark appearance: brighter, as iOS's dark system colours are.
constexpr easel_color kDarkTint{0.25, 0.55, 1, 1};

bool operator==(const easel_color &a, const easel_color &b) {
    return a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha;
}

enum Shape : int64_t { rounded = 0, capsule = 1, square = 2 };

struct Badge {
    const easel_instance_host *host;
    // Every property at the default its table declares (easel.h, DEFAULTS).
    int64_t count = 3;
    double corner_radius = 8;
    double opacity = 1;
    std::string label = "C++";
    bool enabled = true;
    easel_point offset{0, 0};
    easel_size dot_size{10, 10};
    easel_rect highlight{{0, 0}, {0, 0}};
    easel_color tint = kDefaultTint;
    std::optional<std::string> icon;
    int64_t shape = rounded;
    easel_insets padding{4, 8, 4, 8};
    bool selected = false;
    easel_size size;
    bool tracking = false;     // a press is being tracked (a down, no up or cancel yet)
    bool highlighted = false;  // pressed with the pointer over it (UIControl.isHighlighted)

    Badge(const easel_instance_host *h, easel_size s) : host(h), size(s) {}

    void log(easel_log_level level, const std::string &message) const { host->log(host, level, message.c_str()); }
    void changed(const char *property) const { host->property_changed(host, property); }
    /// sendActions(for:): a control event to the host.
    void send(const char *event) const {
        if (host_input) host_input->send_action(host, event);
    }

    bool dark() const { return host_traits && host_traits->get(host).appearance == EASEL_APPEARANCE_DARK; }
    bool contains(easel_point p) const { return p.x >= 0 && p.y >= 0 && p.x < size.width && p.y < size.height; }

    /// The body's colour: the tint (the default one follows the appearance), grey when disabled,
    /// darker while highlighted.
    easel_color fill() const {
        easel_color c = !enabled ? (dark() ? easel_color{0.39, 0.39, 0.39, 1} : easel_color{0.6, 0.6, 0.6, 1})
                        : dark() && tint == kDefaultTint ? kDarkTint : tint;
        if (highlighted) c = {c.red * 0.7, c.green * 0.7, c.blue * 0.7, c.alpha};
        return c;
    }

    /// touchesBegan/Moved/Ended/Cancelled as UIButton tracks them; whether the event was handled.
    bool handle(const easel_pointer_event &e) {
        switch (e.phase) {
        case EASEL_POINTER_DOWN:
            if (!enabled || e.button != EASEL_BUTTON_PRIMARY) return false;  // a disabled control takes nothing
            tracking = highlighted = true;
            send("touchDown");
            break;
        case EASEL_POINTER_MOVE: {
            if (!tracking) return false;
            bool inside = contains(e.location);
            if (inside == highlighted) return true;
            highlighted = inside;
            send(inside ? "touchDragEnter" : "touchDragExit");
            break;
        }
        case EASEL_POINTER_UP:
            if (!tracking) return false;
            tracking = highlighted = false;
            if (contains(e.location)) {
                selected = !selected;
                changed("selected");
                for (const char *event : {"touchUpInside", "valueChanged", "primaryActionTriggered"}) send(event);
            } else {
                send("touchUpOutside");
            }
            break;
        case EASEL_POINTER_CANCEL:
            if (!tracking) return false;
            tracking = highlighted = false;
            send("touchCancel");
            break;
        default:
            return false;  // hover
        }
        host->request_redraw(host);  // the highlight is no property: say that the picture changed
        return true;
    }
};

Badge &badge(void *self) { return *static_cast<Badge *>(self); }

/// Runs `body`; an exception becomes `failure`, after its message was logged as an error.
template <typename R, typename F>
R guarded(const easel_instance_host *host, R failure, F body) noexcept {
    try {
        return body();
    } catch (const std::exception &e) {
        if (host) host->log(host, EASEL_LOG_ERROR, (std::string("threw: ") + e.what()).c_str());
    } catch (...) {
        if (host) host->log(host, EASEL_LOG_ERROR, "threw something that is not a std::exception");
    }
    return failure;
}

template <typename F>
void guarded(const easel_instance_host *host, F body) noexcept {
    guarded(host, 0, [&] { body(); return 0; });
}

// ── Accessors: `T get(void *self)`, `void set(void *self, T value)` ──

#define ACCESSORS(field, T)                                                                          \
    T get_##field(void *self) { return guarded(badge(self).host, T{}, [&] { return badge(self).field; }); } \
    void set_##field(void *self, T value) { guarded(badge(self).host, [&] { badge(self).field = value; }); }

ACCESSORS(count, int64_t)
ACCESSORS(corner_radius, double)
ACCESSORS(opacity, double)
ACCESSORS(enabled, bool)
ACCESSORS(offset, easel_point)
ACCESSORS(dot_size, easel_size)
ACCESSORS(highlight, easel_rect)
ACCESSORS(tint, easel_color)
ACCESSORS(shape, int64_t)
ACCESSORS(padding, easel_insets)
ACCESSORS(selected, bool)

const char *get_label(void *self) { return badge(self).label.c_str(); }
void set_label(void *self, const char *value) {  // never NULL; borrowed: copied
    guarded(badge(self).host, [&] { badge(self).label = value; });
}
const char *get_icon(void *self) { return badge(self).icon ? badge(self).icon->c_str() : nullptr; }
void set_icon(void *self, const char *value) {  // NULL: no image
    guarded(badge(self).host, [&] { badge(self).icon = value ? std::optional<std::string>(value) : std::nullopt; });
}

template <typename F>
easel_fn erased(F *f) { return reinterpret_cast<easel_fn>(f); }

easel_value int_value(int64_t i) { easel_value v{}; v.i = i; return v; }
easel_value double_value(double d) { easel_value v{}; v.d = d; return v; }

easel_property property(const char *name, easel_type type, easel_value default_value, const char *summary,
                        easel_fn get, easel_fn set, const easel_range *range = nullptr) {
    easel_property p{};
    p.struct_size = sizeof(easel_property);
    p.type = type;
    p.name = name;
    p.default_value = default_value;
    p.summary = summary;
    p.range = range;
    p.get = get;
    p.set = set;
    return p;
}

easel_enum_case enum_case(const char *name, int64_t value, const char *display_name = nullptr) {
    easel_enum_case c{};
    c.struct_size = sizeof(easel_enum_case);
    c.name = name;
    c.value = value;
    c.display_name = display_name;
    return c;
}

const easel_range kCount = {0, 99, 1};
const easel_range kRadius = {0, 40, 0.5};
const easel_range kOpacity = {0, 1, 0.05};
const easel_enum_case kShapes[] = {enum_case("rounded", rounded), enum_case("capsule", capsule),
                                   enum_case("square", square, "Square Corners")};

std::array<easel_property, 13> make_properties() {
    easel_value label{}; label.s = "C++";
    easel_value on{}; on.b = true;
    easel_value origin{}; origin.point = {0, 0};
    easel_value dot{}; dot.size = {10, 10};
    easel_value none{}; none.rect = {{0, 0}, {0, 0}};
    easel_value tint{}; tint.color = {0.1, 0.35, 0.75, 1};
    easel_value no_icon{}; no_icon.s = nullptr;
    easel_value padding{}; padding.insets = {4, 8, 4, 8};
    easel_property shape = property("shape", EASEL_TYPE_ENUM, int_value(rounded), "The outline",
                                    erased(get_shape), erased(set_shape));
    shape.enum_case_count = 3;
    shape.enum_cases = kShapes;
    easel_property dot_offset = property("dotOffset", EASEL_TYPE_POINT, origin, "Where the dot sits, from the top right",
                                         erased(get_offset), erased(set_offset));
    dot_offset.group = "Dot";
    easel_property dot_size = property("dotSize", EASEL_TYPE_SIZE, dot, "The dot's size", erased(get_dot_size),
                                       erased(set_dot_size));
    dot_size.group = "Dot";
    easel_property selected = property("selected", EASEL_TYPE_BOOL, easel_value{}, "Toggled by a click (UIControl.isSelected): a white ring",
                                       erased(get_selected), erased(set_selected));
    selected.group = "Control";
    return {{
        property("count", EASEL_TYPE_INT, int_value(3), "The number on the badge", erased(get_count), erased(set_count), &kCount),
        property("cornerRadius", EASEL_TYPE_CGFLOAT, double_value(8), "Radius of the corners (rounded shape)",
                 erased(get_corner_radius), erased(set_corner_radius), &kRadius),
        property("opacity", EASEL_TYPE_DOUBLE, double_value(1), "How opaque the badge is", erased(get_opacity),
                 erased(set_opacity), &kOpacity),
        property("label", EASEL_TYPE_STRING, label, "The text before the count", erased(get_label), erased(set_label)),
        property("enabled", EASEL_TYPE_BOOL, on, "Grey when off", erased(get_enabled), erased(set_enabled)),
        dot_offset,
        dot_size,
        property("highlight", EASEL_TYPE_RECT, none, "A white rectangle drawn on top", erased(get_highlight),
                 erased(set_highlight)),
        property("tint", EASEL_TYPE_COLOR, tint, "The badge's colour", erased(get_tint), erased(set_tint)),
        property("icon", EASEL_TYPE_IMAGE, no_icon, "An image drawn at the left", erased(get_icon), erased(set_icon)),
        shape,
        property("padding", EASEL_TYPE_INSETS, padding, "Space around the text", erased(get_padding), erased(set_padding)),
        selected,
    }};
}
// Initialized before the entry point can be called (the library's static initialisers run at load).
const std::array<easel_property, 13> kProperties = make_properties();

// ── Lifecycle ──

void *create(const easel_class *, easel_rect frame, const easel_instance_host *host) {
    return guarded<void *>(host, nullptr, [&] { return static_cast<void *>(new Badge(host, frame.size)); });
}

void layout(void *self, easel_size size) { badge(self).size = size; }

bool draw(void *self, easel_canvas *c, easel_rect) {
    const Badge &b = badge(self);
    return guarded(b.host, false, [&] {
        easel_rect bounds{{0, 0}, b.size};
        double radius = b.shape == capsule ? b.size.height / 2 : b.shape == square ? 0 : b.corner_radius;
        const easel_color white{1, 1, 1, 1};
        c->set_alpha(c, b.opacity);
        c->set_fill_color(c, b.fill());
        c->begin_path(c);
        c->add_rounded_rect(c, bounds, radius);
        c->draw_path(c, EASEL_PATH_FILL);
        if (b.selected && b.size.width > 6 && b.size.height > 6) {
            c->set_stroke_color(c, white);
            c->set_line_width(c, 2);
            c->begin_path(c);
            c->add_rounded_rect(c, easel_rect{{2, 2}, {b.size.width - 4, b.size.height - 4}}, std::max(radius - 2, 0.0));
            c->draw_path(c, EASEL_PATH_STROKE);
        }
        double left = b.padding.left;
        if (b.icon) {
            double side = b.size.height - b.padding.top - b.padding.bottom;
            if (c->draw_image(c, b.icon->c_str(), easel_rect{{left, b.padding.top}, {side, side}}, EASEL_CONTENT_SCALE_ASPECT_FIT))
                left += side + 4;
        }
        std::string text = b.label + " " + std::to_string(b.count);
        easel_text_style style{};
        style.font_size = 15;
        style.font_weight = 700;
        style.color = white;
        style.alignment = EASEL_TEXT_ALIGN_CENTER;
        style.vertical_alignment = EASEL_VERTICAL_ALIGN_CENTER;
        style.line_break = EASEL_LINE_BREAK_TRUNCATE_TAIL;
        style.max_lines = 1;
        c->draw_text(c, text.c_str(),
                     easel_rect{{left, b.padding.top},
                                {b.size.width - left - b.padding.right, b.size.height - b.padding.top - b.padding.bottom}},
                     &style);
        c->set_fill_color(c, b.dark() ? easel_color{1, 0.84, 0.04, 1} : easel_color{1, 0.85, 0, 1});
        c->begin_path(c);
        c->add_ellipse(c, easel_rect{{b.size.width - b.dot_size.width - b.offset.x, b.offset.y}, b.dot_size});
        c->draw_path(c, EASEL_PATH_FILL);
        c->set_fill_color(c, white);
        c->fill_rect(c, b.highlight);
        return true;
    });
}

void destroy(void *self) { delete static_cast<Badge *>(self); }

// ── Extensions: variants and actions ──

const easel_attribute kZero[] = {{"count", "0"}};
const easel_attribute kBusy[] = {{"count", "99"}, {"tint", "#FF9500"}};
const easel_attribute kCJK[] = {{"label", "公积金"}, {"shape", "capsule"}};

easel_variant variant(const char *name, const char *summary, const easel_attribute *attributes, uint32_t count) {
    easel_variant v{};
    v.struct_size = sizeof(easel_variant);
    v.name = name;
    v.summary = summary;
    v.attributes = attributes;
    v.attribute_count = count;
    return v;
}
const easel_variant kVariantList[] = {variant("zero", "Nothing to count", kZero, 1),
                                      variant("busy", "A full inbox, in orange", kBusy, 2),
                                      variant("cjk", "A Chinese label", kCJK, 2)};
const easel_variants kVariants = {sizeof(easel_variants), 3, kVariantList};

/// bump(): one more, reported to the host (changed). At 99 it stays there and says so at info level
/// (`host -v` shows it): a capped count is the badge working as designed, not a warning (a validator
/// bumps the "busy" variant's 99 too).
bool bump(void *self) {
    Badge &b = badge(self);
    return guarded(b.host, false, [&] {
        if (b.count >= 99) b.log(EASEL_LOG_INFO, "the count is at its maximum, 99");
        b.count = std::min<int64_t>(b.count + 1, 99);
        b.changed("count");
        return true;
    });
}

/// explode(really): with true, throws, to show the boundary; with the default, false, does nothing
/// (a validator calls every action with its default argument).
bool explode(void *self, bool really) {
    return guarded(badge(self).host, false, [&]() -> bool {
        if (really) throw std::runtime_error("the badge exploded on purpose");
        return true;
    });
}

easel_action action(const char *name, const char *summary, easel_fn invoke, easel_type argument = EASEL_TYPE_NONE) {
    easel_action a{};
    a.struct_size = sizeof(easel_action);
    a.argument_type = argument;  // a Bool argument's default: false (zero)
    a.name = name;
    a.summary = summary;
    a.invoke = invoke;
    return a;
}
const easel_action kActionList[] = {action("bump", "Count one more", erased(bump)),
                                    action("explode", "With true, throw (caught at the boundary)", erased(explode), EASEL_TYPE_BOOL)};
const easel_actions kActions = {sizeof(easel_actions), 2, kActionList};

// ── Input (easel.input/1) ──

bool hit_test(void *self, easel_point point) { return badge(self).contains(point); }  // the bounds; cannot throw

bool pointer_event(void *self, const easel_pointer_event *event) {
    Badge &b = badge(self);
    return guarded(b.host, false, [&] { return b.handle(*event); });
}

easel_input make_input() {
    easel_input input{};
    input.struct_size = sizeof(easel_input);
    input.hit_test = hit_test;
    input.pointer_event = pointer_event;
    return input;
}
const easel_input kInput = make_input();

const void *get_extension(const easel_class *cls, const char *id) {
    if (!cls) return nullptr;  // no plugin-wide extensions
    if (std::strcmp(id, EASEL_EXTENSION_VARIANTS) == 0) return &kVariants;
    if (std::strcmp(id, EASEL_EXTENSION_ACTIONS) == 0) return &kActions;
    if (std::strcmp(id, EASEL_EXTENSION_INPUT) == 0) return &kInput;
    return nullptr;  // an id this plugin does not know
}

// ── The class and the plugin ──

easel_class make_class() {
    easel_class c{};
    c.struct_size = sizeof(easel_class);
    c.base_kind = EASEL_KIND_CONTROL;
    c.name = "CppBadge";
    c.summary = "A badge written in C++: one property of every type; a click selects it";
    c.group = "Badges";
    c.default_size = {120, 36};
    c.property_count = static_cast<uint32_t>(kProperties.size());
    c.properties = kProperties.data();
    c.create = create;
    c.layout = layout;
    c.draw = draw;
    c.destroy = destroy;
    return c;
}
const easel_class kClasses[] = {make_class()};

bool init(const easel_host *host) {
    host_input = static_cast<const easel_host_input *>(host->get_extension(host, EASEL_EXTENSION_INPUT));
    host_traits = static_cast<const easel_host_traits *>(host->get_extension(host, EASEL_EXTENSION_TRAITS));
    return true;
}

easel_plugin make_plugin() {
    easel_plugin p{};
    p.abi = EASEL_ABI_VERSION;
    p.struct_size = sizeof(easel_plugin);
    p.class_count = 1;
    p.id = "org.easel.examples.cpp-badge";
    p.name = "C++ Badge";
    p.version = "1.0.0";
    p.summary = "Example component written in C++17";
    p.init = init;
    p.classes = kClasses;
    p.get_extension = get_extension;
    return p;
}
const easel_plugin kPlugin = make_plugin();

}  // namespace

EASEL_PLUGIN_ENTRY { return &kPlugin; }
