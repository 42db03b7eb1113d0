/* EaselWidget: one Easel component in a GTK 4 widget tree (see easel-widget.h). */
#include "easel-widget.h"

#include <glib-unix.h>
#include <math.h>
#include <string.h>

struct _EaselWidget {
    GtkWidget parent_instance;
    easel_runtime *runtime;      /* borrowed: the caller's or the default one */
    char *class_name;
    easel_view *view;            /* owned */
    GPtrArray *pending;          /* "name", "value", … set before there was a view */
    GError *error;               /* the last failure */
    gboolean failed_drawing;     /* the last draw failed: a red frame is shown */
    gboolean in_snapshot;
    guint tick;                  /* the frame clock's callback asking for the next frame, or 0 */
    gboolean tick_resizes;
    guint failure_idle;          /* "failed" is emitted from an idle after a draw fails */
    GPtrArray *deferred;         /* signals the component caused while it drew: kind, name, value, … */
    guint deferred_idle;
    easel_traits traits;
    /* pointer input */
    guint buttons;               /* buttons held, bit (1 << easel button) each */
    guint press_button;
    double press_x, press_y;
    guint32 last_press_time;
    double last_press_x, last_press_y;
    guint click_count;
    /* keyboard activation */
    gboolean key_held;           /* Space or Enter is down: a press at the activation point is held */
};

enum { PROP_0, PROP_CLASS_NAME, PROP_ANIMATING, N_PROPS };
static GParamSpec *properties[N_PROPS];
enum { SIGNAL_ACTION, SIGNAL_PROPERTY_CHANGED, SIGNAL_FAILED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void easel_widget_buildable_init(GtkBuildableIface *iface);
static GtkBuildableIface *parent_buildable_iface;

G_DEFINE_FINAL_TYPE_WITH_CODE(EaselWidget, easel_widget, GTK_TYPE_WIDGET,
                              G_IMPLEMENT_INTERFACE(GTK_TYPE_BUILDABLE, easel_widget_buildable_init))

G_DEFINE_QUARK(easel-widget-error-quark, easel_widget_error)

static easel_runtime *default_runtime;

easel_runtime *easel_gtk_get_default_runtime(GError **error) {
    if (!default_runtime) {
        easel_runtime_error *failure = NULL;
        default_runtime = easel_runtime_open(NULL, NULL, &failure);
        if (!default_runtime) {
            g_set_error_literal(error, EASEL_WIDGET_ERROR, (gint)failure->kind, failure->description);
            easel_runtime_error_free(failure);
        }
    }
    return default_runtime;
}

void easel_gtk_set_default_runtime(easel_runtime *runtime) {
    default_runtime = runtime;
}

/* ───────────── Errors ───────────── */

/* Moves the runtime's error into a GError (NULL `error`: dropped); frees `failure`. */
static void take_error(easel_runtime_error *failure, GError **error) {
    if (!failure) return;
    g_set_error_literal(error, EASEL_WIDGET_ERROR, (gint)failure->kind, failure->description);
    easel_runtime_error_free(failure);
}

static gboolean emit_failed(gpointer data) {
    EaselWidget *self = data;
    self->failure_idle = 0;
    if (self->error) g_signal_emit(self, signals[SIGNAL_FAILED], 0, self->error);
    return G_SOURCE_REMOVE;
}

/* Says through "failed" that the widget's error is new (from an idle: never from inside a snapshot). */
static void announce_failure(EaselWidget *self) {
    if (!self->failure_idle) self->failure_idle = g_idle_add_full(G_PRIORITY_DEFAULT, emit_failed, g_object_ref(self), g_object_unref);
}

/* Keeps `failure` as the widget's error and announces it. */
static void record_failure(EaselWidget *self, easel_runtime_error *failure) {
    g_clear_error(&self->error);
    take_error(failure, &self->error);
    announce_failure(self);
}

/* ───────────── The runtime's callbacks ───────────── */

static gboolean next_frame(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)clock; (void)data;
    EaselWidget *self = EASEL_WIDGET(widget);
    self->tick = 0;
    if (self->tick_resizes) gtk_widget_queue_resize(widget); else gtk_widget_queue_draw(widget);
    self->tick_resizes = FALSE;
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_ANIMATING]);
    return G_SOURCE_REMOVE;
}

static void on_redraw(easel_view *view, bool layout, void *context) {
    (void)view;
    EaselWidget *self = context;
    if (self->in_snapshot) {
        /* Asked while drawing: the next frame of an animation, on the frame clock. */
        self->tick_resizes = self->tick_resizes || layout;
        if (!self->tick) {
            self->tick = gtk_widget_add_tick_callback(GTK_WIDGET(self), next_frame, NULL, NULL);
            g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_ANIMATING]);
        }
    } else {
        /* A new value, a reload or a remade view: a draw that failed is tried again. */
        self->failed_drawing = FALSE;
        if (layout) gtk_widget_queue_resize(GTK_WIDGET(self)); else gtk_widget_queue_draw(GTK_WIDGET(self));
    }
}

/* "property-changed" (kind "property") or "action", detailed by the name. */
static void emit_now(EaselWidget *self, const char *kind, const char *name, const char *value) {
    if (kind[0] == 'p') g_signal_emit(self, signals[SIGNAL_PROPERTY_CHANGED], g_quark_from_string(name), name, value);
    else g_signal_emit(self, signals[SIGNAL_ACTION], g_quark_from_string(name), name);
}

/* Emits the signals kept while the component drew, in order. */
static gboolean emit_deferred(gpointer data) {
    EaselWidget *self = data;
    self->deferred_idle = 0;
    GPtrArray *pending = self->deferred;
    self->deferred = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; i + 2 < pending->len; i += 3) emit_now(self, pending->pdata[i], pending->pdata[i + 1], pending->pdata[i + 2]);
    g_ptr_array_unref(pending);
    return G_SOURCE_REMOVE;
}

/* A signal the component caused: at once, or, while it draws (an animation's frame), right after the
 * snapshot: a handler may change other widgets, which GTK does not allow while it takes snapshots. */
static void emit_or_defer(EaselWidget *self, const char *kind, const char *name, const char *value) {
    if (!self->in_snapshot) {
        emit_now(self, kind, name, value);
        return;
    }
    g_ptr_array_add(self->deferred, g_strdup(kind));
    g_ptr_array_add(self->deferred, g_strdup(name));
    g_ptr_array_add(self->deferred, g_strdup(value));
    if (!self->deferred_idle)
        self->deferred_idle = g_idle_add_full(G_PRIORITY_HIGH_IDLE, emit_deferred, g_object_ref(self), g_object_unref);
}

static void on_property_changed(easel_view *view, const char *name, const char *value, void *context) {
    (void)view;
    emit_or_defer(context, "property", name, value);
}

static void on_action(easel_view *view, const char *event, void *context) {
    (void)view;
    emit_or_defer(context, "action", event, "");
}

/* ───────────── Traits ───────────── */

/* The traits the widget's style, direction and scale say: dark when the theme's text is light. */
static easel_traits widget_traits(EaselWidget *self) {
    GtkWidget *widget = GTK_WIDGET(self);
    easel_traits traits = {0};
    GdkRGBA color = {0, 0, 0, 1};
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color);
    G_GNUC_END_IGNORE_DEPRECATIONS
    double luminance = 0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue;
    traits.appearance = luminance > 0.5 ? EASEL_APPEARANCE_DARK : EASEL_APPEARANCE_LIGHT;
    traits.layout_direction = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL ? EASEL_LAYOUT_RIGHT_TO_LEFT
                                                                                    : EASEL_LAYOUT_LEFT_TO_RIGHT;
    traits.content_size = EASEL_CONTENT_SIZE_LARGE;
    traits.display_scale = gtk_widget_get_scale_factor(widget);
    return traits;
}

static void update_traits(EaselWidget *self) {
    easel_traits traits = widget_traits(self);
    if (!self->view || memcmp(&traits, &self->traits, sizeof traits) == 0) return;
    easel_runtime_error *failure = NULL;
    if (easel_view_set_traits(self->view, &traits, &failure)) self->traits = traits;
    else record_failure(self, failure);
}

/* ───────────── The view ───────────── */

static gboolean apply_value(EaselWidget *self, const char *property, const char *value, GError **error) {
    easel_runtime_error *failure = NULL;
    if (easel_view_set(self->view, property, value, &failure)) return TRUE;
    take_error(failure, error);
    return FALSE;
}

/* Controls that take input are reached with Tab and activated with Space or Enter (as GtkButton,
 * GtkScale and GtkSwitch are); a plain view, a label, an image or a progress indicator is not, even
 * where it takes pointer input (every EaselKit view does, as every UIView can). */
static gboolean takes_keyboard_focus(easel_view *view) {
    switch (easel_view_kind(view)) {
    case EASEL_KIND_CONTROL: case EASEL_KIND_BUTTON: case EASEL_KIND_TEXT_FIELD: case EASEL_KIND_SLIDER:
    case EASEL_KIND_SWITCH:
        return easel_view_takes_input(view);
    default:
        return FALSE;
    }
}

/* Makes the view of the widget's class (destroying any other), with the values kept for it. */
static void make_view(EaselWidget *self) {
    if (self->view) easel_view_destroy(self->view);
    self->view = NULL;
    if (self->tick) gtk_widget_remove_tick_callback(GTK_WIDGET(self), self->tick);
    self->tick = 0;
    self->buttons = 0;
    self->key_held = FALSE;
    self->failed_drawing = FALSE;
    gtk_widget_set_focusable(GTK_WIDGET(self), FALSE);
    if (!self->class_name) return;
    GError *error = NULL;
    if (!self->runtime) self->runtime = easel_gtk_get_default_runtime(&error);
    if (!self->runtime) {
        g_clear_error(&self->error);
        self->error = error;
        announce_failure(self);
        return;
    }
    easel_runtime_error *failure = NULL;
    easel_rect frame = {{0, 0}, {0, 0}};
    self->traits = widget_traits(self);
    self->view = easel_view_create(self->runtime, self->class_name, frame, &self->traits, &failure);
    if (!self->view) {
        record_failure(self, failure);
    } else {
        easel_view_callbacks callbacks = {sizeof callbacks, 0, on_redraw, on_property_changed, on_action};
        easel_view_set_callbacks(self->view, &callbacks, self);
        for (guint i = 0; i + 1 < self->pending->len; i += 2) {
            GError *refused = NULL;
            if (!apply_value(self, self->pending->pdata[i], self->pending->pdata[i + 1], &refused)) {
                g_warning("EaselWidget: %s", refused->message);
                g_clear_error(&self->error);
                self->error = refused;
            }
        }
        g_ptr_array_set_size(self->pending, 0);
        gtk_widget_set_focusable(GTK_WIDGET(self), takes_keyboard_focus(self->view));
        /* Assistive technologies call it by its display name until the application labels it. */
        gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       easel_view_display_name(self->view), -1);
    }
    gtk_widget_queue_resize(GTK_WIDGET(self));
}

GtkWidget *easel_widget_new(const char *class_name) {
    return g_object_new(EASEL_TYPE_WIDGET, "class-name", class_name, NULL);
}

GtkWidget *easel_widget_new_with_runtime(easel_runtime *runtime, const char *class_name) {
    EaselWidget *self = g_object_new(EASEL_TYPE_WIDGET, NULL);
    self->runtime = runtime;
    easel_widget_set_class_name(self, class_name);
    return GTK_WIDGET(self);
}

const char *easel_widget_get_class_name(EaselWidget *self) {
    g_return_val_if_fail(EASEL_IS_WIDGET(self), NULL);
    return self->class_name;
}

void easel_widget_set_class_name(EaselWidget *self, const char *class_name) {
    g_return_if_fail(EASEL_IS_WIDGET(self));
    if (g_strcmp0(class_name, self->class_name) == 0) return;
    g_free(self->class_name);
    self->class_name = g_strdup(class_name);
    make_view(self);
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_CLASS_NAME]);
}

gboolean easel_widget_set_value(EaselWidget *self, const char *property, const char *value, GError **error) {
    g_return_val_if_fail(EASEL_IS_WIDGET(self) && property && value, FALSE);
    if (!self->view) {
        g_ptr_array_add(self->pending, g_strdup(property));
        g_ptr_array_add(self->pending, g_strdup(value));
        return TRUE;
    }
    return apply_value(self, property, value, error);
}

char *easel_widget_get_value(EaselWidget *self, const char *property, GError **error) {
    g_return_val_if_fail(EASEL_IS_WIDGET(self) && property, NULL);
    if (!self->view) {
        g_set_error(error, EASEL_WIDGET_ERROR, EASEL_ERROR_USAGE, "the widget shows no component (class %s)",
                    self->class_name ? self->class_name : "none");
        return NULL;
    }
    easel_runtime_error *failure = NULL;
    char *text = easel_view_get(self->view, property, &failure);
    if (!text) { take_error(failure, error); return NULL; }
    char *copy = g_strdup(text);
    easel_runtime_free(text);
    return copy;
}

gboolean easel_widget_invoke(EaselWidget *self, const char *action, const char *argument, GError **error) {
    g_return_val_if_fail(EASEL_IS_WIDGET(self) && action, FALSE);
    if (!self->view) {
        g_set_error(error, EASEL_WIDGET_ERROR, EASEL_ERROR_USAGE, "the widget shows no component");
        return FALSE;
    }
    easel_runtime_error *failure = NULL;
    if (easel_view_invoke(self->view, action, argument, &failure)) return TRUE;
    take_error(failure, error);
    return FALSE;
}

easel_view *easel_widget_get_view(EaselWidget *self) {
    g_return_val_if_fail(EASEL_IS_WIDGET(self), NULL);
    return self->view;
}

const GError *easel_widget_get_error(EaselWidget *self) {
    g_return_val_if_fail(EASEL_IS_WIDGET(self), NULL);
    return self->error;
}

gboolean easel_widget_get_animating(EaselWidget *self) {
    g_return_val_if_fail(EASEL_IS_WIDGET(self), FALSE);
    return self->tick != 0;
}

/* ───────────── GtkWidget ───────────── */

static void easel_widget_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                 int *natural, int *minimum_baseline, int *natural_baseline) {
    (void)for_size;
    EaselWidget *self = EASEL_WIDGET(widget);
    *minimum = *natural = 0;
    *minimum_baseline = *natural_baseline = -1;
    if (!self->view) return;
    easel_runtime_error *failure = NULL;
    easel_size size = easel_view_natural_size(self->view, &failure);
    if (failure) { easel_runtime_error_free(failure); return; }
    double length = orientation == GTK_ORIENTATION_HORIZONTAL ? size.width : size.height;
    /* A size request the application gave wins, smaller or larger: the component is laid out for it. */
    int requested_width = -1, requested_height = -1;
    gtk_widget_get_size_request(widget, &requested_width, &requested_height);
    int requested = orientation == GTK_ORIENTATION_HORIZONTAL ? requested_width : requested_height;
    *minimum = *natural = requested > 0 ? requested : (int)ceil(length > 0 ? length : 0);
}

static void easel_widget_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    EaselWidget *self = EASEL_WIDGET(widget);
    if (!self->view) return;
    easel_rect frame = {{0, 0}, {width, height}};
    easel_runtime_error *failure = NULL;
    if (!easel_view_set_frame(self->view, frame, &failure)) record_failure(self, failure);
}

/* The keyboard focus, drawn over the component (it draws its whole frame): a 2-pixel ring in the
 * theme's accent colour, as GTK's own widgets show :focus-visible. */
static void append_focus_ring(GtkWidget *widget, GtkSnapshot *snapshot, const graphene_rect_t *bounds) {
    GdkRGBA accent = {0.21, 0.52, 0.89, 1}; /* Adwaita's accent blue, where the theme names none */
    GtkStyleContext *style = gtk_widget_get_style_context(widget);
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_style_context_lookup_color(style, "accent_color", &accent);
    G_GNUC_END_IGNORE_DEPRECATIONS
    float widths[4] = {2, 2, 2, 2};
    GdkRGBA colors[4] = {accent, accent, accent, accent};
    GskRoundedRect ring;
    gsk_rounded_rect_init_from_rect(&ring, bounds, 4);
    gtk_snapshot_append_border(snapshot, &ring, widths, colors);
}

static void easel_widget_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    EaselWidget *self = EASEL_WIDGET(widget);
    int width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
    if (width <= 0 || height <= 0) return;
    graphene_rect_t bounds = GRAPHENE_RECT_INIT(0, 0, width, height);
    if (self->view && !self->failed_drawing) {
        cairo_t *cr = gtk_snapshot_append_cairo(snapshot, &bounds);
        easel_runtime_error *failure = NULL;
        self->in_snapshot = TRUE;
        gboolean drawn = easel_view_draw(self->view, cr, &failure);
        self->in_snapshot = FALSE;
        cairo_destroy(cr);
        if (drawn) {
            if (gtk_widget_has_visible_focus(widget)) append_focus_ring(widget, snapshot, &bounds);
            return;
        }
        /* What the application decides (recreate, another value, nothing) starts from "failed". */
        self->failed_drawing = TRUE;
        record_failure(self, failure);
    }
    if (self->failed_drawing || (!self->view && self->error)) {
        GdkRGBA red = {0.86, 0.2, 0.18, 1};
        float widths[4] = {2, 2, 2, 2};
        GdkRGBA colors[4] = {red, red, red, red};
        GskRoundedRect outline;
        gsk_rounded_rect_init_from_rect(&outline, &bounds, 0);
        gtk_snapshot_append_border(snapshot, &outline, widths, colors);
    }
}

static void easel_widget_css_changed(GtkWidget *widget, GtkCssStyleChange *change) {
    GTK_WIDGET_CLASS(easel_widget_parent_class)->css_changed(widget, change);
    update_traits(EASEL_WIDGET(widget));
}

static void easel_widget_direction_changed(GtkWidget *widget, GtkTextDirection previous) {
    GTK_WIDGET_CLASS(easel_widget_parent_class)->direction_changed(widget, previous);
    update_traits(EASEL_WIDGET(widget));
}

static void on_scale_factor(GObject *object, GParamSpec *pspec, gpointer data) {
    (void)pspec; (void)data;
    update_traits(EASEL_WIDGET(object));
}

/* ───────────── Pointer input ───────────── */

static easel_modifiers modifiers_of(GtkEventController *controller) {
    GdkModifierType state = gtk_event_controller_get_current_event_state(controller);
    easel_modifiers m = 0;
    if (state & GDK_SHIFT_MASK) m |= EASEL_MODIFIER_SHIFT;
    if (state & GDK_CONTROL_MASK) m |= EASEL_MODIFIER_CONTROL;
    if (state & GDK_ALT_MASK) m |= EASEL_MODIFIER_ALT;
    if (state & (GDK_META_MASK | GDK_SUPER_MASK)) m |= EASEL_MODIFIER_META;
    return m;
}

/* Sends one event; returns whether the component handled it. A failure is recorded. */
static gboolean send_pointer(EaselWidget *self, GtkEventController *controller, easel_pointer_phase phase, double x,
                             double y, easel_pointer_button button, guint click_count) {
    if (!self->view || !easel_view_takes_input(self->view)) return FALSE;
    easel_pointer_event event = {0};
    event.phase = phase;
    event.button = button;
    event.location.x = x;
    event.location.y = y;
    event.modifiers = modifiers_of(controller);
    event.click_count = click_count;
    event.buttons = self->buttons;
    bool handled = false;
    easel_runtime_error *failure = NULL;
    if (!easel_view_send_pointer(self->view, &event, &handled, &failure)) record_failure(self, failure);
    return handled;
}

/* GDK's button number (1 primary, 2 middle, 3 secondary) as easel.h's. */
static easel_pointer_button easel_button(guint gdk_button) {
    return gdk_button == 3 ? EASEL_BUTTON_SECONDARY : gdk_button == 2 ? EASEL_BUTTON_MIDDLE : EASEL_BUTTON_PRIMARY;
}

static void on_drag_begin(GtkGestureDrag *gesture, double x, double y, gpointer data) {
    EaselWidget *self = data;
    GtkEventController *controller = GTK_EVENT_CONTROLLER(gesture);
    guint button = easel_button(gtk_gesture_single_get_current_button(GTK_GESTURE_SINGLE(gesture)));
    /* Clicks count up while they come within GTK's double-click time and distance. */
    int time = 400, distance = 5;
    g_object_get(gtk_widget_get_settings(GTK_WIDGET(self)), "gtk-double-click-time", &time,
                 "gtk-double-click-distance", &distance, NULL);
    guint32 now = gtk_event_controller_get_current_event_time(controller);
    gboolean near = fabs(x - self->last_press_x) <= distance && fabs(y - self->last_press_y) <= distance;
    self->click_count = (self->click_count > 0 && near && now - self->last_press_time <= (guint32)time) ? self->click_count + 1 : 1;
    self->last_press_time = now;
    self->last_press_x = x;
    self->last_press_y = y;
    self->press_button = button;
    self->press_x = x;
    self->press_y = y;
    self->buttons |= 1u << button;
    gboolean handled = send_pointer(self, controller, EASEL_POINTER_DOWN, x, y, button, self->click_count);
    gtk_gesture_set_state(GTK_GESTURE(gesture), handled ? GTK_EVENT_SEQUENCE_CLAIMED : GTK_EVENT_SEQUENCE_DENIED);
    /* As a GtkButton: a click gives it the keyboard focus (focus-on-click, TRUE by default). */
    if (handled && gtk_widget_get_focusable(GTK_WIDGET(self)) && gtk_widget_get_focus_on_click(GTK_WIDGET(self)))
        gtk_widget_grab_focus(GTK_WIDGET(self));
    if (!handled) self->buttons &= ~(1u << button);
}

static void on_drag_update(GtkGestureDrag *gesture, double dx, double dy, gpointer data) {
    EaselWidget *self = data;
    if (!self->buttons) return;
    send_pointer(self, GTK_EVENT_CONTROLLER(gesture), EASEL_POINTER_MOVE, self->press_x + dx, self->press_y + dy,
                 EASEL_BUTTON_PRIMARY, 0);
}

static void on_drag_end(GtkGestureDrag *gesture, double dx, double dy, gpointer data) {
    EaselWidget *self = data;
    if (!(self->buttons & (1u << self->press_button))) return;
    self->buttons &= ~(1u << self->press_button);
    send_pointer(self, GTK_EVENT_CONTROLLER(gesture), EASEL_POINTER_UP, self->press_x + dx, self->press_y + dy,
                 self->press_button, self->click_count);
}

static void on_cancel(GtkGesture *gesture, GdkEventSequence *sequence, gpointer data) {
    (void)sequence;
    EaselWidget *self = data;
    if (!self->buttons) return;
    self->buttons = 0;
    send_pointer(self, GTK_EVENT_CONTROLLER(gesture), EASEL_POINTER_CANCEL, self->press_x, self->press_y,
                 self->press_button, 0);
}

static void on_enter(GtkEventControllerMotion *motion, double x, double y, gpointer data) {
    send_pointer(data, GTK_EVENT_CONTROLLER(motion), EASEL_POINTER_ENTER, x, y, EASEL_BUTTON_PRIMARY, 0);
}

static void on_motion(GtkEventControllerMotion *motion, double x, double y, gpointer data) {
    EaselWidget *self = data;
    if (self->buttons) return; /* a drag's moves come from the drag gesture */
    send_pointer(self, GTK_EVENT_CONTROLLER(motion), EASEL_POINTER_MOVE, x, y, EASEL_BUTTON_PRIMARY, 0);
}

static void on_leave(GtkEventControllerMotion *motion, gpointer data) {
    EaselWidget *self = data;
    send_pointer(self, GTK_EVENT_CONTROLLER(motion), EASEL_POINTER_LEAVE, -1, -1, EASEL_BUTTON_PRIMARY, 0);
}

/* ───────────── Keyboard activation ───────────── */

/* easel.input/1 has no key events (easel.h). Space and Enter activate the focused component as UIKit
 * activates a control for VoiceOver and Full Keyboard Access when it does not handle activation
 * itself: a press at its activation point, the middle of its frame, held while the key is down (a
 * button looks pressed, as a GtkButton does while Space is held) and released with the key. */
static gboolean is_activation_key(guint keyval) {
    return keyval == GDK_KEY_space || keyval == GDK_KEY_KP_Space || keyval == GDK_KEY_Return ||
           keyval == GDK_KEY_KP_Enter || keyval == GDK_KEY_ISO_Enter;
}

static void activation_point(EaselWidget *self, double *x, double *y) {
    *x = gtk_widget_get_width(GTK_WIDGET(self)) / 2.0;
    *y = gtk_widget_get_height(GTK_WIDGET(self)) / 2.0;
}

static gboolean on_key_pressed(GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state,
                               gpointer data) {
    (void)keycode;
    EaselWidget *self = data;
    if (!is_activation_key(keyval) || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_META_MASK | GDK_SUPER_MASK)))
        return FALSE;
    if (self->key_held) return TRUE; /* the key's repeats */
    if (self->buttons) return FALSE; /* a pointer press is in progress */
    double x, y;
    activation_point(self, &x, &y);
    self->key_held = TRUE;
    self->buttons |= 1u << EASEL_BUTTON_PRIMARY;
    if (send_pointer(self, GTK_EVENT_CONTROLLER(keys), EASEL_POINTER_DOWN, x, y, EASEL_BUTTON_PRIMARY, 1)) return TRUE;
    self->key_held = FALSE;
    self->buttons &= ~(1u << EASEL_BUTTON_PRIMARY);
    return FALSE;
}

static void release_key(EaselWidget *self, GtkEventController *controller, easel_pointer_phase phase) {
    if (!self->key_held) return;
    self->key_held = FALSE;
    self->buttons &= ~(1u << EASEL_BUTTON_PRIMARY);
    double x, y;
    activation_point(self, &x, &y);
    send_pointer(self, controller, phase, x, y, EASEL_BUTTON_PRIMARY, phase == EASEL_POINTER_UP ? 1 : 0);
}

static void on_key_released(GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state,
                            gpointer data) {
    (void)keycode; (void)state;
    if (is_activation_key(keyval)) release_key(data, GTK_EVENT_CONTROLLER(keys), EASEL_POINTER_UP);
}

/* The focus went elsewhere while the key was held: the press is cancelled, as a drag that GTK cancels. */
static void on_focus_leave(GtkEventControllerFocus *focus, gpointer data) {
    release_key(data, GTK_EVENT_CONTROLLER(focus), EASEL_POINTER_CANCEL);
}

/* ───────────── GtkBuildable: <values> ───────────── */

typedef struct {
    EaselWidget *widget;
    GtkBuilder *builder;
    char *name;       /* the <value> being read */
    int line;         /* where it starts */
    GString *text;
} ValuesParser;

static void values_start(GtkBuildableParseContext *context, const char *element, const char **names,
                         const char **values, gpointer data, GError **error) {
    ValuesParser *parser = data;
    if (strcmp(element, "values") == 0) return;
    if (strcmp(element, "value") != 0) {
        int line, column;
        gtk_buildable_parse_context_get_position(context, &line, &column);
        g_set_error(error, GTK_BUILDER_ERROR, GTK_BUILDER_ERROR_UNHANDLED_TAG,
                    "line %d: <%s> inside <values> (expected <value name=\"PROPERTY\">VALUE</value>)", line, element);
        return;
    }
    const char *name = NULL;
    if (!g_markup_collect_attributes(element, names, values, error, G_MARKUP_COLLECT_STRING, "name", &name,
                                     G_MARKUP_COLLECT_INVALID))
        return;
    g_free(parser->name);
    parser->name = g_strdup(name);
    int column;
    gtk_buildable_parse_context_get_position(context, &parser->line, &column);
    g_string_truncate(parser->text, 0);
}

static void values_text(GtkBuildableParseContext *context, const char *text, gsize length, gpointer data, GError **error) {
    (void)context; (void)error;
    ValuesParser *parser = data;
    if (parser->name) g_string_append_len(parser->text, text, (gssize)length);
}

static void values_end(GtkBuildableParseContext *context, const char *element, gpointer data, GError **error) {
    ValuesParser *parser = data;
    if (strcmp(element, "value") != 0 || !parser->name) return;
    (void)context;
    GError *refused = NULL;
    if (!easel_widget_set_value(parser->widget, parser->name, parser->text->str, &refused)) {
        g_set_error(error, GTK_BUILDER_ERROR, GTK_BUILDER_ERROR_INVALID_VALUE, "line %d: %s", parser->line, refused->message);
        g_error_free(refused);
    }
    g_clear_pointer(&parser->name, g_free);
}

static const GtkBuildableParser values_parser = {.start_element = values_start, .end_element = values_end, .text = values_text};

static gboolean easel_widget_custom_tag_start(GtkBuildable *buildable, GtkBuilder *builder, GObject *child,
                                              const char *tag, GtkBuildableParser *parser, gpointer *data) {
    if (child == NULL && strcmp(tag, "values") == 0) {
        ValuesParser *values = g_new0(ValuesParser, 1);
        values->widget = EASEL_WIDGET(buildable);
        values->builder = builder;
        values->text = g_string_new(NULL);
        *parser = values_parser;
        *data = values;
        return TRUE;
    }
    return parent_buildable_iface->custom_tag_start(buildable, builder, child, tag, parser, data);
}

static void easel_widget_custom_finished(GtkBuildable *buildable, GtkBuilder *builder, GObject *child,
                                         const char *tag, gpointer data) {
    if (child == NULL && strcmp(tag, "values") == 0) {
        ValuesParser *values = data;
        g_free(values->name);
        g_string_free(values->text, TRUE);
        g_free(values);
        return;
    }
    parent_buildable_iface->custom_finished(buildable, builder, child, tag, data);
}

static void easel_widget_buildable_init(GtkBuildableIface *iface) {
    parent_buildable_iface = g_type_interface_peek_parent(iface);
    iface->custom_tag_start = easel_widget_custom_tag_start;
    iface->custom_finished = easel_widget_custom_finished;
}

/* ───────────── GObject ───────────── */

static void easel_widget_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec) {
    switch (id) {
    case PROP_CLASS_NAME: easel_widget_set_class_name(EASEL_WIDGET(object), g_value_get_string(value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void easel_widget_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
    EaselWidget *self = EASEL_WIDGET(object);
    switch (id) {
    case PROP_CLASS_NAME: g_value_set_string(value, self->class_name); break;
    case PROP_ANIMATING: g_value_set_boolean(value, self->tick != 0); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void easel_widget_dispose(GObject *object) {
    EaselWidget *self = EASEL_WIDGET(object);
    g_clear_pointer(&self->view, easel_view_destroy);
    if (self->failure_idle) g_source_remove(self->failure_idle);
    self->failure_idle = 0;
    if (self->deferred_idle) g_source_remove(self->deferred_idle);
    self->deferred_idle = 0;
    G_OBJECT_CLASS(easel_widget_parent_class)->dispose(object);
}

static void easel_widget_finalize(GObject *object) {
    EaselWidget *self = EASEL_WIDGET(object);
    g_free(self->class_name);
    g_ptr_array_unref(self->pending);
    g_ptr_array_unref(self->deferred);
    g_clear_error(&self->error);
    G_OBJECT_CLASS(easel_widget_parent_class)->finalize(object);
}

static void easel_widget_init(EaselWidget *self) {
    self->pending = g_ptr_array_new_with_free_func(g_free);
    self->deferred = g_ptr_array_new_with_free_func(g_free);
    GtkGesture *drag = gtk_gesture_drag_new();
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(drag), 0);
    g_signal_connect(drag, "drag-begin", G_CALLBACK(on_drag_begin), self);
    g_signal_connect(drag, "drag-update", G_CALLBACK(on_drag_update), self);
    g_signal_connect(drag, "drag-end", G_CALLBACK(on_drag_end), self);
    g_signal_connect(drag, "cancel", G_CALLBACK(on_cancel), self);
    gtk_widget_add_controller(GTK_WIDGET(self), GTK_EVENT_CONTROLLER(drag));
    GtkEventController *motion = gtk_event_controller_motion_new();
    g_signal_connect(motion, "enter", G_CALLBACK(on_enter), self);
    g_signal_connect(motion, "motion", G_CALLBACK(on_motion), self);
    g_signal_connect(motion, "leave", G_CALLBACK(on_leave), self);
    gtk_widget_add_controller(GTK_WIDGET(self), motion);
    GtkEventController *keys = gtk_event_controller_key_new();
    g_signal_connect(keys, "key-pressed", G_CALLBACK(on_key_pressed), self);
    g_signal_connect(keys, "key-released", G_CALLBACK(on_key_released), self);
    gtk_widget_add_controller(GTK_WIDGET(self), keys);
    GtkEventController *focus = gtk_event_controller_focus_new();
    g_signal_connect(focus, "leave", G_CALLBACK(on_focus_leave), self);
    gtk_widget_add_controller(GTK_WIDGET(self), focus);
    g_signal_connect(self, "notify::scale-factor", G_CALLBACK(on_scale_factor), NULL);
}

static void easel_widget_class_init(EaselWidgetClass *class) {
    GObjectClass *object_class = G_OBJECT_CLASS(class);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(class);
    object_class->set_property = easel_widget_set_property;
    object_class->get_property = easel_widget_get_property;
    object_class->dispose = easel_widget_dispose;
    object_class->finalize = easel_widget_finalize;
    widget_class->measure = easel_widget_measure;
    widget_class->size_allocate = easel_widget_size_allocate;
    widget_class->snapshot = easel_widget_snapshot;
    widget_class->css_changed = easel_widget_css_changed;
    widget_class->direction_changed = easel_widget_direction_changed;

    properties[PROP_CLASS_NAME] = g_param_spec_string("class-name", "Class name", "The component class shown", NULL,
                                                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    properties[PROP_ANIMATING] = g_param_spec_boolean("animating", "Animating", "Whether the component asked for another frame",
                                                      FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
    g_object_class_install_properties(object_class, N_PROPS, properties);

    signals[SIGNAL_ACTION] = g_signal_new("action", G_TYPE_FROM_CLASS(class), G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
    signals[SIGNAL_PROPERTY_CHANGED] = g_signal_new("property-changed", G_TYPE_FROM_CLASS(class),
                                                    G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED, 0, NULL, NULL, NULL,
                                                    G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
    signals[SIGNAL_FAILED] = g_signal_new("failed", G_TYPE_FROM_CLASS(class), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 1, G_TYPE_ERROR);
    gtk_widget_class_set_css_name(widget_class, "easel-widget");
}

/* ───────────── Reloads ───────────── */

typedef struct {
    easel_runtime *runtime;
    guint timeout;
} ReloadWatch;

static gboolean dispatch_reloads(gpointer data);

static void schedule(ReloadWatch *watch, double seconds) {
    if (watch->timeout) g_source_remove(watch->timeout);
    watch->timeout = seconds >= 0 ? g_timeout_add((guint)(seconds * 1000) + 1, dispatch_reloads, watch) : 0;
}

static gboolean dispatch_reloads(gpointer data) {
    ReloadWatch *watch = data;
    watch->timeout = 0;
    schedule(watch, easel_runtime_dispatch(watch->runtime));
    return G_SOURCE_REMOVE;
}

static gboolean on_reload_fd(gint fd, GIOCondition condition, gpointer data) {
    (void)fd; (void)condition;
    ReloadWatch *watch = data;
    schedule(watch, easel_runtime_dispatch(watch->runtime));
    return G_SOURCE_CONTINUE;
}

guint easel_gtk_watch_reloads(easel_runtime *runtime) {
    int fd = easel_runtime_get_fd(runtime);
    if (fd < 0) return 0;
    ReloadWatch *watch = g_new0(ReloadWatch, 1);
    watch->runtime = runtime;
    return g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, G_IO_IN, on_reload_fd, watch, g_free);
}
