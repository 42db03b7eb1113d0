/* What the widget's files share: the instance and internal calls (not installed). easel-widget.c is
 * the widget; it uses easel-widget-input.c (pointer and keyboard), easel-widget-buildable.c (<values>)
 * and easel-widget-errors.c, which the input uses too; easel-widget-runtime.c holds the default
 * runtime and reloads. Nothing calls back up. */
#ifndef EASEL_WIDGET_PRIVATE_H
#define EASEL_WIDGET_PRIVATE_H

#include "easel-widget.h"

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

/* easel-widget-errors.c: moves the runtime's error into a GError (NULL `error`: dropped); frees `failure`. */
G_GNUC_INTERNAL void easel_widget_take_error(easel_runtime_error *failure, GError **error);

/* Says through "failed" that the widget's error is new (from an idle: never from inside a snapshot). */
G_GNUC_INTERNAL void easel_widget_announce_failure(EaselWidget *self);

/* Keeps `failure` as the widget's error (taking it) and announces it. */
G_GNUC_INTERNAL void easel_widget_record_failure(EaselWidget *self, easel_runtime_error *failure);

/* Whether the view's class takes the keyboard focus: a control (by its kind) that takes input. */
G_GNUC_INTERNAL gboolean easel_widget_takes_keyboard_focus(easel_view *view);

/* The role assistive technologies are told for the view's class, from its kind (a button is a
 * button, as a GtkButton is; a plain view has GTK's widget role). */
G_GNUC_INTERNAL GtkAccessibleRole easel_widget_accessible_role(easel_view *view);

/* easel-widget-buildable.c: reads the <values> element of a GtkBuilder file. */
G_GNUC_INTERNAL void easel_widget_buildable_init(GtkBuildableIface *iface);

/* Adds the controllers that give the component GTK's pointer and keyboard input (easel-widget-input.c). */
G_GNUC_INTERNAL void easel_widget_add_input_controllers(EaselWidget *self);

#endif
