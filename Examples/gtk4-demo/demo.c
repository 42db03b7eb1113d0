/*
 * gtk4-demo — Easel's seed components in a GTK 4 window (EaselWidget, libeasel-gtk4).
 *
 *   make && ./gtk4-demo                    the window; plugins from $EASEL_PLUGIN_PATH, else ./components
 *   ./gtk4-demo --screenshot demo.png      renders the window once to a PNG and exits (0, or 1 if a
 *                                          component failed); prints each component's place and values
 *   ./gtk4-demo --workers                  each plugin file in a worker process (a crash is an error)
 *   ./gtk4-demo --reload                   rebuilt plugin files are reloaded, keeping the values
 *   ./gtk4-demo --print-events             prints the components (place, values, accessible role), then
 *                                          their actions, changes and focus on stdout
 *   ./gtk4-demo --focus ID                 starts with the keyboard focus shown on component ID (button, fancy, …)
 *
 * Click the button (or Tab to it and press Space): the ring animates a step further. Drag the gauge:
 * its value shows below.
 */
#include <easel-widget.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The window: GtkBuilder reads the components' classes and values like any other widget's. */
static const char *window_ui =
    "<interface>"
    " <object class='GtkApplicationWindow' id='window'>"
    "  <property name='title'>Easel components in GTK 4</property>"
    "  <child><object class='GtkBox'>"
    "   <property name='orientation'>vertical</property><property name='spacing'>12</property>"
    "   <property name='margin-start'>24</property><property name='margin-end'>24</property>"
    "   <property name='margin-top'>20</property><property name='margin-bottom'>20</property>"
    "   <child><object class='GtkGrid' id='grid'>"
    "    <property name='row-spacing'>16</property><property name='column-spacing'>28</property>"
    "    <child><object class='EaselWidget' id='button'>"
    "     <property name='class-name'>RoundedCornerButton</property><property name='halign'>center</property>"
    "     <property name='valign'>center</property>"
    "     <values><value name='cornerRadius'>10</value></values>"
    "     <layout><property name='column'>0</property><property name='row'>0</property></layout>"
    "    </object></child>"
    "    <child><object class='EaselWidget' id='fancy'>"
    "     <property name='class-name'>FancyButton</property><property name='halign'>center</property>"
    "     <property name='valign'>center</property>"
    "     <layout><property name='column'>1</property><property name='row'>0</property></layout>"
    "    </object></child>"
    "    <child><object class='EaselWidget' id='rainbow'>"
    "     <property name='class-name'>Rainbow</property><property name='halign'>center</property>"
    "     <property name='valign'>center</property>"
    "     <property name='width-request'>460</property><property name='height-request'>434</property>"
    "     <layout><property name='column'>2</property><property name='row'>0</property>"
    "      <property name='row-span'>2</property></layout>"
    "    </object></child>"
    "    <child><object class='EaselWidget' id='progress'>"
    "     <property name='class-name'>CircularProgressBar</property><property name='halign'>center</property>"
    "     <property name='valign'>center</property>"
    "     <property name='width-request'>240</property><property name='height-request'>240</property>"
    "     <values><value name='progress'>40</value><value name='title'>40%</value><value name='lineWidth'>8</value></values>"
    "     <layout><property name='column'>0</property><property name='row'>1</property></layout>"
    "    </object></child>"
    "    <child><object class='EaselWidget' id='gauge'>"
    "     <property name='class-name'>Gauge</property><property name='halign'>center</property>"
    "     <property name='valign'>center</property>"
    "     <values><value name='value'>72</value></values>"
    "     <layout><property name='column'>1</property><property name='row'>1</property></layout>"
    "    </object></child>"
    "    <child><object class='EaselWidget' id='tax'>"
    "     <property name='class-name'>TaxRateRow</property>"
    "     <layout><property name='column'>0</property><property name='row'>2</property>"
    "      <property name='column-span'>3</property></layout>"
    "    </object></child>"
    "   </object></child>"
    "   <child><object class='GtkLabel' id='status'>"
    "    <property name='label'>Click the button (or Tab to it, then Space); drag the gauge.</property><property name='xalign'>0</property>"
    "   </object></child>"
    "  </object></child>"
    " </object>"
    "</interface>";

static const char *component_ids[] = {"button", "fancy", "rainbow", "progress", "gauge", "tax"};
#define COMPONENT_COUNT (sizeof component_ids / sizeof component_ids[0])

static struct {
    const char *screenshot;
    const char *focus;
    gboolean workers, reload, print_events;
    GtkBuilder *builder;
    GtkWindow *window;
    int status;
    int quiet_frames;
    gint64 started;
} demo;

static EaselWidget *component(const char *id) { return EASEL_WIDGET(gtk_builder_get_object(demo.builder, id)); }

/* ───────────── Interaction ───────────── */

static void on_button_clicked(EaselWidget *button, const char *event, gpointer data) {
    (void)button; (void)event; (void)data;
    EaselWidget *progress = component("progress");
    char *now = easel_widget_get_value(progress, "progress", NULL);
    double next = now ? atof(now) + 20 : 20;
    g_free(now);
    if (next > 100) next = 0;
    char argument[32], title[32];
    g_snprintf(argument, sizeof argument, "%g", next);
    g_snprintf(title, sizeof title, "%g%%", next);
    GError *error = NULL;
    if (!easel_widget_invoke(progress, "animateTo", argument, &error) || !easel_widget_set_value(progress, "title", title, &error)) {
        g_printerr("gtk4-demo: %s\n", error->message);
        g_clear_error(&error);
    }
    gtk_label_set_text(GTK_LABEL(gtk_builder_get_object(demo.builder, "status")), "Clicked: the ring moves on.");
}

static void on_action(EaselWidget *widget, const char *event, gpointer data) {
    (void)data;
    if (demo.print_events) {
        printf("action %s %s\n", easel_widget_get_class_name(widget), event);
        fflush(stdout);
    }
}

static void on_property_changed(EaselWidget *widget, const char *name, const char *value, gpointer data) {
    (void)data;
    char text[160];
    g_snprintf(text, sizeof text, "%s.%s = %s", easel_widget_get_class_name(widget), name, value);
    gtk_label_set_text(GTK_LABEL(gtk_builder_get_object(demo.builder, "status")), text);
    if (demo.print_events) {
        printf("changed %s %s=%s\n", easel_widget_get_class_name(widget), name, value);
        fflush(stdout);
    }
}

static void on_focus(EaselWidget *widget, GParamSpec *pspec, gpointer data) {
    (void)pspec; (void)data;
    if (demo.print_events && gtk_widget_has_focus(GTK_WIDGET(widget))) {
        printf("focus %s\n", easel_widget_get_class_name(widget));
        fflush(stdout);
    }
}

static void on_failed(EaselWidget *widget, const GError *error, gpointer data) {
    (void)data;
    g_printerr("gtk4-demo: %s: %s\n", easel_widget_get_class_name(widget), error->message);
    demo.status = 1;
}

/* ───────────── Where the components are ───────────── */

/* One line per component: its class, its place in the window's surface (x y width height, pixels at
 * scale 1) and every value it has, read back: what `host render CLASS --size WxH --set …` needs to draw
 * it the same. */
static void print_components(void) {
    double dx = 0, dy = 0;
    gtk_native_get_surface_transform(GTK_NATIVE(demo.window), &dx, &dy);
    for (size_t i = 0; i < COMPONENT_COUNT; i++) {
        EaselWidget *widget = component(component_ids[i]);
        graphene_rect_t bounds;
        if (!gtk_widget_compute_bounds(GTK_WIDGET(widget), GTK_WIDGET(demo.window), &bounds)) continue;
        printf("component %s %g %g %g %g", easel_widget_get_class_name(widget), bounds.origin.x + dx,
               bounds.origin.y + dy, bounds.size.width, bounds.size.height);
        easel_view *view = easel_widget_get_view(widget);
        for (size_t p = 0; view && p < easel_view_property_count(view); p++) {
            const char *name = easel_view_property_name(view, p, NULL);
            char *value = easel_view_get(view, name, NULL);
            if (value) printf("\t%s=%s", name, value);
            easel_runtime_free(value);
        }
        printf("\n");
    }
    fflush(stdout);
}

/* ───────────── --screenshot ───────────── */

static gboolean any_animating(void) {
    for (size_t i = 0; i < COMPONENT_COUNT; i++)
        if (easel_widget_get_animating(component(component_ids[i]))) return TRUE;
    return FALSE;
}

static void save_screenshot(void) {
    GtkWidget *window = GTK_WIDGET(demo.window);
    int width = gtk_widget_get_width(window), height = gtk_widget_get_height(window);
    GdkPaintable *paintable = gtk_widget_paintable_new(window);
    GtkSnapshot *snapshot = gtk_snapshot_new();
    gdk_paintable_snapshot(paintable, snapshot, width, height);
    GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
    GskRenderer *renderer = gtk_native_get_renderer(GTK_NATIVE(window));
    graphene_rect_t bounds = GRAPHENE_RECT_INIT(0, 0, width, height);
    GdkTexture *texture = node ? gsk_renderer_render_texture(renderer, node, &bounds) : NULL;
    if (!texture || !gdk_texture_save_to_png(texture, demo.screenshot)) {
        g_printerr("gtk4-demo: cannot write %s\n", demo.screenshot);
        demo.status = 1;
    }
    print_components();
    if (texture) g_object_unref(texture);
    if (node) gsk_render_node_unref(node);
    g_object_unref(paintable);
}

/* After each frame: once the components stand still for two frames (or after 5 s), the picture. */
static gboolean after_frame(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)clock; (void)data;
    gboolean settled = !any_animating() && gtk_widget_get_mapped(widget);
    demo.quiet_frames = settled ? demo.quiet_frames + 1 : 0;
    if (demo.quiet_frames < 3 && g_get_monotonic_time() - demo.started < 5 * G_USEC_PER_SEC) {
        gtk_widget_queue_draw(widget);
        return G_SOURCE_CONTINUE;
    }
    save_screenshot();
    gtk_window_destroy(demo.window);
    return G_SOURCE_REMOVE;
}

/* Once the window is laid out and drawn: where the components are, then "ready". */
static gboolean print_when_shown(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)clock; (void)data;
    if (!gtk_widget_get_mapped(widget) || gtk_widget_get_width(GTK_WIDGET(component("button"))) == 0) {
        gtk_widget_queue_draw(widget);
        return G_SOURCE_CONTINUE;
    }
    print_components();
    for (size_t i = 0; i < COMPONENT_COUNT; i++) {
        /* What assistive technologies are told: the role, as GTK names it. */
        EaselWidget *widget = component(component_ids[i]);
        char *role = g_enum_to_string(GTK_TYPE_ACCESSIBLE_ROLE, gtk_accessible_get_accessible_role(GTK_ACCESSIBLE(widget)));
        printf("role %s %s\n", easel_widget_get_class_name(widget), role);
        g_free(role);
    }
    printf("ready\n");
    fflush(stdout);
    return G_SOURCE_REMOVE;
}

/* ───────────── The application ───────────── */

static void activate(GtkApplication *app, gpointer data) {
    (void)data;
    g_type_ensure(EASEL_TYPE_WIDGET);
    demo.builder = gtk_builder_new();
    GError *error = NULL;
    if (!gtk_builder_add_from_string(demo.builder, window_ui, -1, &error)) {
        g_printerr("gtk4-demo: %s\n", error->message);
        demo.status = 1;
        return;
    }
    demo.window = GTK_WINDOW(gtk_builder_get_object(demo.builder, "window"));
    gtk_window_set_application(demo.window, app);
    for (size_t i = 0; i < COMPONENT_COUNT; i++) {
        EaselWidget *widget = component(component_ids[i]);
        g_signal_connect(widget, "action", G_CALLBACK(on_action), NULL);
        g_signal_connect(widget, "property-changed", G_CALLBACK(on_property_changed), NULL);
        g_signal_connect(widget, "failed", G_CALLBACK(on_failed), NULL);
        g_signal_connect(widget, "notify::has-focus", G_CALLBACK(on_focus), NULL);
        if (easel_widget_get_error(widget)) on_failed(widget, easel_widget_get_error(widget), NULL);
    }
    g_signal_connect(component("button"), "action::touchUpInside", G_CALLBACK(on_button_clicked), NULL);
    demo.started = g_get_monotonic_time();
    if (demo.screenshot) gtk_widget_add_tick_callback(GTK_WIDGET(demo.window), after_frame, NULL, NULL);
    else if (demo.print_events) gtk_widget_add_tick_callback(GTK_WIDGET(demo.window), print_when_shown, NULL, NULL);
    gtk_window_present(demo.window);
    if (demo.focus) {
        GObject *target = gtk_builder_get_object(demo.builder, demo.focus);
        if (!EASEL_IS_WIDGET(target) || !gtk_widget_get_focusable(GTK_WIDGET(target))) {
            g_printerr("gtk4-demo: --focus %s: no component of that id takes the keyboard focus\n", demo.focus);
            demo.status = 64;
            gtk_window_destroy(demo.window);
            return;
        }
        gtk_window_set_focus(demo.window, GTK_WIDGET(target));
        gtk_window_set_focus_visible(demo.window, TRUE);
    }
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--screenshot") == 0 && i + 1 < argc) demo.screenshot = argv[++i];
        else if (strcmp(argv[i], "--workers") == 0) demo.workers = TRUE;
        else if (strcmp(argv[i], "--reload") == 0) demo.reload = TRUE;
        else if (strcmp(argv[i], "--print-events") == 0) demo.print_events = TRUE;
        else if (strcmp(argv[i], "--focus") == 0 && i + 1 < argc) demo.focus = argv[++i];
        else {
            fprintf(stderr, "usage: gtk4-demo [--screenshot FILE.png] [--workers] [--reload] [--print-events] [--focus ID]\n");
            return 64;
        }
    }
    /* The runtime: components draw their text in the designer's fonts, the window's labels in the user's. */
    easel_runtime_options options;
    easel_runtime_options_init(&options);
    options.isolation = demo.workers ? EASEL_ISOLATION_WORKERS : EASEL_ISOLATION_IN_PROCESS;
    options.reload = demo.reload;
    easel_runtime_error *failure = NULL;
    easel_runtime *runtime = easel_runtime_open(NULL, &options, &failure);
    if (!runtime) {
        fprintf(stderr, "gtk4-demo: %s\n", failure->description);
        easel_runtime_error_free(failure);
        return 66;
    }
    easel_gtk_set_default_runtime(runtime);
    if (demo.reload) easel_gtk_watch_reloads(runtime);

    GtkApplication *app = gtk_application_new("org.easel.Gtk4Demo", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    if (demo.builder) g_object_unref(demo.builder);
    return status != 0 ? status : demo.status;
}
