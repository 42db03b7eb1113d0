/*
 * easel-widget.h — EaselWidget, a GTK 4 widget that shows one Easel component (libeasel-gtk4).
 *
 * The component is a view of the embedding runtime (easel_runtime.h): sized by its natural size (the
 * class's default size, else its intrinsic size) unless the application gives a size request
 * (gtk_widget_set_size_request, "width-request"), which then wins on its axis; drawn through GTK's snapshot with a Cairo node,
 * given GTK's pointer input (a press, drag and release, hovering) and, for a control (its class's
 * kind: control, button, text field, slider, switch), the keyboard focus and activation (Space or
 * Enter: a press at its middle while the key is down), told to assistive technologies by a role from
 * the class's kind (a button, a slider, a switch, a text box, a label, an image, a progress bar; a
 * group for another control, GTK's widget role for a view: set while the widget is not yet realized, as GTK
 * fixes a role once assistive technologies have seen it) and labelled by the class's display name,
 * shown with the widget's style
 * (a dark theme: EASEL_APPEARANCE_DARK) and text direction (right-to-left) as traits and the
 * window's scale factor as its display scale. What the component does comes back as signals:
 *
 *   "action"            (EaselWidget *widget, const char *event)          detailed by the event:
 *                       "action::touchUpInside", "action::valueChanged", … (easel.input/1's control events)
 *   "property-changed"  (EaselWidget *widget, const char *name, const char *value)   detailed by the name:
 *                       the component changed a property itself (a drag moved a gauge)
 *   "failed"            (EaselWidget *widget, const GError *error)         the view could not be made or
 *                       drawn (domain EASEL_WIDGET_ERROR, code an easel_error_kind); the widget then
 *                       draws a red frame until the next successful draw
 *
 * A redraw the component asks for becomes gtk_widget_queue_draw (gtk_widget_queue_resize when its size
 * may have changed); the next frame of an animation is asked for on the widget's frame clock.
 *
 * In a GtkBuilder .ui file, the class is the property "class-name", and the component's values a
 * <values> element, each in the value syntax of `host render --set`:
 *
 *   <object class="EaselWidget">
 *     <property name="class-name">RoundedCornerButton</property>
 *     <values>
 *       <value name="cornerRadius">10</value>
 *     </values>
 *     <signal name="action::touchUpInside" handler="on_button_clicked"/>
 *   </object>
 *
 * (call g_type_ensure (EASEL_TYPE_WIDGET) before the builder reads the file).
 *
 * Widgets without a runtime of their own use the default runtime (easel_gtk_get_default_runtime):
 * the plugins on $EASEL_PLUGIN_PATH, else ./components, in process.
 *
 * Threads: GTK's: the main thread only, as every widget.
 */
#ifndef EASEL_WIDGET_H
#define EASEL_WIDGET_H

#include <easel_runtime.h>
#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EASEL_TYPE_WIDGET (easel_widget_get_type())
G_DECLARE_FINAL_TYPE(EaselWidget, easel_widget, EASEL, WIDGET, GtkWidget)

/* The declarations below carry GTK-Doc comments with GObject introspection's annotations:
 * Scripts/install makes Easel-1.0.gir and its typelib from them, so that Python (PyGObject), GJS
 * and Vala use the widget as Easel.Widget. The calls that take or give the runtime's own handles
 * (easel_runtime, easel_view) are C only: (skip). */

/**
 * EASEL_WIDGET_ERROR:
 *
 * The error domain of the widget's GErrors; the code is the easel_error_kind of the runtime's error.
 */
#define EASEL_WIDGET_ERROR (easel_widget_error_quark())
GQuark easel_widget_error_quark(void);

/**
 * easel_widget_new:
 * @class_name: (nullable): the component class to show, or %NULL for none yet
 *
 * A widget showing a view of @class_name from the default runtime. A class that cannot be made is
 * reported through #EaselWidget::failed and easel_widget_get_error().
 *
 * Returns: the new widget
 */
GtkWidget *easel_widget_new(const char *class_name);

/**
 * easel_widget_new_with_runtime: (skip)
 * @runtime: the runtime to make the view with (borrowed: keep it open while the widget lives)
 * @class_name: (nullable): the component class to show, or %NULL for none yet
 *
 * A widget showing a view of @class_name from @runtime.
 *
 * Returns: the new widget
 */
GtkWidget *easel_widget_new_with_runtime(easel_runtime *runtime, const char *class_name);

/**
 * easel_widget_get_class_name:
 * @widget: the widget
 *
 * The class shown.
 *
 * Returns: (nullable) (transfer none): the class's name, or %NULL when none is set
 */
const char *easel_widget_get_class_name(EaselWidget *widget);

/**
 * easel_widget_set_class_name:
 * @widget: the widget
 * @class_name: (nullable): the class to show instead, or %NULL for none
 *
 * Shows a view of another class (its values are not carried over). The #EaselWidget:class-name
 * property.
 */
void easel_widget_set_class_name(EaselWidget *widget, const char *class_name);

/**
 * easel_widget_set_value:
 * @widget: the widget
 * @property: the name of one of the component's properties
 * @value: the value, in the value syntax of `host render --set`
 * @error: where a refusal goes
 *
 * Sets a value of the component. Before the widget has a view (no class yet), the value is kept and
 * set when it gets one.
 *
 * Returns: %TRUE, or %FALSE with @error set when it is refused (the view is unchanged)
 */
gboolean easel_widget_set_value(EaselWidget *widget, const char *property, const char *value, GError **error);

/**
 * easel_widget_get_value:
 * @widget: the widget
 * @property: the name of one of the component's properties
 * @error: where a failure goes
 *
 * Reads a value of the component back, in the value syntax.
 *
 * Returns: (transfer full): the value (free it with g_free()), or %NULL with @error set
 */
char *easel_widget_get_value(EaselWidget *widget, const char *property, GError **error);

/**
 * easel_widget_invoke:
 * @widget: the widget
 * @action: the name of one of the component's actions
 * @argument: (nullable): its argument, in the value syntax, or %NULL
 * @error: where a failure goes
 *
 * Calls an action of the component.
 *
 * Returns: %TRUE, or %FALSE with @error set on failure
 */
gboolean easel_widget_invoke(EaselWidget *widget, const char *action, const char *argument, GError **error);

/**
 * easel_widget_get_view: (skip)
 * @widget: the widget
 *
 * The runtime's view behind the widget, for the rest of easel_runtime.h's calls. Do not destroy it
 * or change its callbacks.
 *
 * Returns: (nullable) (transfer none): the view, or %NULL when there is none
 */
easel_view *easel_widget_get_view(EaselWidget *widget);

/**
 * easel_widget_get_error:
 * @widget: the widget
 *
 * The last failure (making or drawing the view).
 *
 * Returns: (nullable) (transfer none): the failure, borrowed until the next one, or %NULL
 */
const GError *easel_widget_get_error(EaselWidget *widget);

/**
 * easel_widget_get_animating:
 * @widget: the widget
 *
 * Whether the component is animating: it asked for another frame. The #EaselWidget:animating
 * property.
 *
 * Returns: %TRUE while it animates
 */
gboolean easel_widget_get_animating(EaselWidget *widget);

/**
 * easel_gtk_get_default_runtime: (skip)
 * @error: where a failure goes
 *
 * The default runtime, opened on first use from $EASEL_PLUGIN_PATH (else ./components), in process.
 *
 * Returns: (transfer none): the runtime (owned by the library), or %NULL with @error set when it
 *   cannot be opened
 */
easel_runtime *easel_gtk_get_default_runtime(GError **error);

/**
 * easel_gtk_set_default_runtime: (skip)
 * @runtime: (transfer full): the runtime (the library takes the caller's handle: it is never closed)
 *
 * Makes @runtime the default runtime (before any widget asked for it).
 */
void easel_gtk_set_default_runtime(easel_runtime *runtime);

/**
 * easel_gtk_watch_reloads: (skip)
 * @runtime: a runtime opened with `reload`
 *
 * Watches @runtime's descriptor in the default main context and calls easel_runtime_dispatch() when
 * a plugin file changed, so rebuilt plugins are reloaded while the application runs (the widgets
 * redraw themselves).
 *
 * Returns: the source id (for g_source_remove())
 */
guint easel_gtk_watch_reloads(easel_runtime *runtime);

G_END_DECLS

#endif /* EASEL_WIDGET_H */
