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

/** The error domain of the widget's GErrors; the code is the easel_error_kind of the runtime's error. */
#define EASEL_WIDGET_ERROR (easel_widget_error_quark())
GQuark easel_widget_error_quark(void);

/** A widget showing a view of `class_name` (may be NULL: none yet) from the default runtime. A class
 *  that cannot be made is reported through "failed" and easel_widget_get_error. */
GtkWidget *easel_widget_new(const char *class_name);

/** A widget showing a view of `class_name` from `runtime` (borrowed: keep it open while the widget
 *  lives). */
GtkWidget *easel_widget_new_with_runtime(easel_runtime *runtime, const char *class_name);

/** The class shown (borrowed), or NULL. */
const char *easel_widget_get_class_name(EaselWidget *widget);

/** Shows a view of another class (its values are not carried over). The "class-name" property. */
void easel_widget_set_class_name(EaselWidget *widget, const char *class_name);

/** Sets a value of the component in the value syntax of `host render --set`. Before the widget has
 *  a view (no class yet), the value is kept and set when it gets one. FALSE with `error` set when it
 *  is refused (the view is unchanged). */
gboolean easel_widget_set_value(EaselWidget *widget, const char *property, const char *value, GError **error);

/** Reads a value of the component back, in the value syntax; free it with g_free. NULL with `error` set. */
char *easel_widget_get_value(EaselWidget *widget, const char *property, GError **error);

/** Calls an action of the component (`argument` may be NULL). FALSE with `error` set on failure. */
gboolean easel_widget_invoke(EaselWidget *widget, const char *action, const char *argument, GError **error);

/** The runtime's view behind the widget (borrowed, NULL when there is none): the rest of
 *  easel_runtime.h's calls. Do not destroy it or change its callbacks. */
easel_view *easel_widget_get_view(EaselWidget *widget);

/** The last failure (making or drawing the view), or NULL; borrowed until the next one. */
const GError *easel_widget_get_error(EaselWidget *widget);

/** Whether the component is animating: it asked for another frame. The "animating" property. */
gboolean easel_widget_get_animating(EaselWidget *widget);

/** The default runtime, opened on first use from $EASEL_PLUGIN_PATH (else ./components), in process;
 *  NULL with `error` set when it cannot be opened. Owned by the library. */
easel_runtime *easel_gtk_get_default_runtime(GError **error);

/** Makes `runtime` the default runtime (before any widget asked for it); the library takes the
 *  caller's handle (it is never closed). */
void easel_gtk_set_default_runtime(easel_runtime *runtime);

/** For a runtime opened with `reload`: watches its descriptor in the default main context and calls
 *  easel_runtime_dispatch when a plugin file changed, so rebuilt plugins are reloaded while the
 *  application runs (the widgets redraw themselves). Returns the source id (g_source_remove). */
guint easel_gtk_watch_reloads(easel_runtime *runtime);

G_END_DECLS

#endif /* EASEL_WIDGET_H */
