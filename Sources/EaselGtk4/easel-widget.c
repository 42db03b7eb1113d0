/* EaselWidget: one Easel component in a GTK 4 widget tree (see easel-widget.h). */
#include "easel-widget-private.h"

#include <math.h>

enum { PROP_0, PROP_CLASS_NAME, PROP_ANIMATING, N_PROPS };
static GParamSpec *properties[N_PROPS];
enum { SIGNAL_ACTION, SIGNAL_PROPERTY_CHANGED, SIGNAL_FAILED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE_WITH_CODE(EaselWidget, easel_widget, GTK_TYPE_WIDGET,
                              G_IMPLEMENT_INTERFACE(GTK_TYPE_BUILDABLE, easel_widget_buildable_init))

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
    else easel_widget_record_failure(self, failure);
}

/* ───────────── The view ───────────── */

static gboolean apply_value(EaselWidget *self, const char *property, const char *value, GError **error) {
    easel_runtime_error *failure = NULL;
    if (easel_view_set(self->view, property, value, &failure)) return TRUE;
    easel_widget_take_error(failure, error);
    return FALSE;
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
        easel_widget_announce_failure(self);
        return;
    }
    easel_runtime_error *failure = NULL;
    easel_rect frame = {{0, 0}, {0, 0}};
    self->traits = widget_traits(self);
    self->view = easel_view_create(self->runtime, self->class_name, frame, &self->traits, &failure);
    if (!self->view) {
        easel_widget_record_failure(self, failure);
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
        gtk_widget_set_focusable(GTK_WIDGET(self), easel_widget_takes_keyboard_focus(self->view));
        /* Assistive technologies are told what it is by its class's kind (a button, a slider, …),
         * while GTK lets the role change: until they have seen the widget, so a class set on a
         * widget already shown keeps the role it had. They call it by its display name until the
         * application labels it. */
        if (!gtk_widget_get_realized(GTK_WIDGET(self)))
            g_object_set(self, "accessible-role", easel_widget_accessible_role(self->view), NULL);
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
    if (!text) { easel_widget_take_error(failure, error); return NULL; }
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
    easel_widget_take_error(failure, error);
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
    if (!easel_view_set_frame(self->view, frame, &failure)) easel_widget_record_failure(self, failure);
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
        easel_widget_record_failure(self, failure);
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
    easel_widget_add_input_controllers(self);
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
