/* The runtime widgets use when the application gives none (easel_gtk_get_default_runtime), and reloads
 * of rebuilt plugins in GTK's main loop (easel_gtk_watch_reloads): easel-widget.h. */
#include "easel-widget-private.h"

#include <glib-unix.h>

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

/* Reloads: the runtime's descriptor in the main loop, and its next dispatch when it asks for one. */

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
