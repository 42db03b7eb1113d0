/* EaselWidget's errors: the runtime's failures kept as the widget's GError and announced through
 * "failed" (see easel-widget.h). */
#include "easel-widget-private.h"

G_DEFINE_QUARK(easel-widget-error-quark, easel_widget_error)

void easel_widget_take_error(easel_runtime_error *failure, GError **error) {
    if (!failure) return;
    g_set_error_literal(error, EASEL_WIDGET_ERROR, (gint)failure->kind, failure->description);
    easel_runtime_error_free(failure);
}

static gboolean emit_failed(gpointer data) {
    EaselWidget *self = data;
    self->failure_idle = 0;
    if (self->error) g_signal_emit_by_name(self, "failed", self->error);
    return G_SOURCE_REMOVE;
}

void easel_widget_announce_failure(EaselWidget *self) {
    if (!self->failure_idle) self->failure_idle = g_idle_add_full(G_PRIORITY_DEFAULT, emit_failed, g_object_ref(self), g_object_unref);
}

void easel_widget_record_failure(EaselWidget *self, easel_runtime_error *failure) {
    g_clear_error(&self->error);
    easel_widget_take_error(failure, &self->error);
    easel_widget_announce_failure(self);
}
