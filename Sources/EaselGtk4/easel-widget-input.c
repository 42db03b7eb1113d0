/* EaselWidget's input: GTK's pointer gestures as easel.input/1's events, and keyboard activation of
 * controls (see easel-widget.h). */
#include "easel-widget-private.h"

#include <math.h>

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
    if (!easel_view_send_pointer(self->view, &event, &handled, &failure)) easel_widget_record_failure(self, failure);
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

/* Controls that take input are reached with Tab and activated with Space or Enter (as GtkButton,
 * GtkScale and GtkSwitch are); a plain view, a label, an image or a progress indicator is not, even
 * where it takes pointer input (every EaselKit view does, as every UIView can). */
gboolean easel_widget_takes_keyboard_focus(easel_view *view) {
    switch (easel_view_kind(view)) {
    case EASEL_KIND_CONTROL: case EASEL_KIND_BUTTON: case EASEL_KIND_TEXT_FIELD: case EASEL_KIND_SLIDER:
    case EASEL_KIND_SWITCH:
        return easel_view_takes_input(view);
    default:
        return FALSE;
    }
}

GtkAccessibleRole easel_widget_accessible_role(easel_view *view) {
    switch (easel_view_kind(view)) {
    case EASEL_KIND_BUTTON: return GTK_ACCESSIBLE_ROLE_BUTTON;
    case EASEL_KIND_SLIDER: return GTK_ACCESSIBLE_ROLE_SLIDER;
    case EASEL_KIND_SWITCH: return GTK_ACCESSIBLE_ROLE_SWITCH;
    case EASEL_KIND_TEXT_FIELD: return GTK_ACCESSIBLE_ROLE_TEXT_BOX;
    case EASEL_KIND_LABEL: return GTK_ACCESSIBLE_ROLE_LABEL;
    case EASEL_KIND_IMAGE_VIEW: return GTK_ACCESSIBLE_ROLE_IMG;
    case EASEL_KIND_PROGRESS: return GTK_ACCESSIBLE_ROLE_PROGRESS_BAR;
    /* (A control of no more particular kind takes input as a group of parts does.) */
    case EASEL_KIND_CONTROL: return GTK_ACCESSIBLE_ROLE_GROUP;
    default: return GTK_ACCESSIBLE_ROLE_WIDGET; /* (GTK 4.8's role for a widget of no other) */
    }
}

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

void easel_widget_add_input_controllers(EaselWidget *self) {
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
}
