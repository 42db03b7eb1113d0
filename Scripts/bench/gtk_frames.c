/*
 * Scripts/bench-runtime's GTK measurements, under Xvfb:
 *
 *   gtk_frames animate N SECONDS   N CircularProgressBars (120×120) animating without pause; after a
 *                                  second of warm-up, the frame clock's frames for SECONDS: frames per
 *                                  second, the median and 95th percentile of the time between frames,
 *                                  and of each frame's paint (GTK's snapshot and render, the
 *                                  components' draws included: from "before-paint" to "after-paint")
 *   gtk_frames baseline N SECONDS  the same with N GtkDrawingAreas drawing a ring and its percentage
 *                                  with Cairo and Pango themselves: what GTK costs without Easel
 *   gtk_frames latency CLICKS      one RoundedCornerButton; prints "ready X Y" (its middle, window
 *                                  coordinates) for xdotool to click CLICKS times; for each press, the
 *                                  time from the event's arrival to the end of the frame that drew it
 *
 * Prints key=value lines; the renderer GTK chose is renderer=….
 */
#include <easel-widget.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static GArray *samples;          /* ms */
static GArray *paints;           /* ms: each frame's paint */
static gint64 paint_start;
static gint64 last_frame, measure_from, measure_until, press_arrival;
static int clicks_wanted, animating_count;
static GtkWidget *window, *first;
static GPtrArray *bars, *areas;
static gboolean toward_full = TRUE;

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double percentile(double p) {
    g_array_sort(samples, compare);
    guint index = (guint)(p * (samples->len - 1) + 0.5);
    return samples->len ? g_array_index(samples, double, index) : 0;
}

static void report(const char *what) {
    GskRenderer *renderer = gtk_native_get_renderer(GTK_NATIVE(window));
    printf("renderer=%s\n", renderer ? G_OBJECT_TYPE_NAME(renderer) : "none");
    printf("%s_count=%u\n%s_median_ms=%.3f\n%s_p95_ms=%.3f\n%s_max_ms=%.3f\n", what, samples->len, what, percentile(0.5),
           what, percentile(0.95), what, percentile(1.0));
    if (paints->len) {
        GArray *frames = samples;
        samples = paints;
        printf("paint_median_ms=%.3f\npaint_p95_ms=%.3f\n", percentile(0.5), percentile(0.95));
        samples = frames;
    }
    fflush(stdout);
}

static void before_paint(GdkFrameClock *clock, gpointer data) {
    (void)clock; (void)data;
    paint_start = g_get_monotonic_time();
}

static void after_paint_timed(GdkFrameClock *clock, gpointer data) {
    (void)data;
    if (paint_start && measure_from && gdk_frame_clock_get_frame_time(clock) >= measure_from) {
        double ms = (g_get_monotonic_time() - paint_start) / 1000.0;
        g_array_append_val(paints, ms);
    }
}

/* ───────────── animate ───────────── */

static gboolean restart_animations(gpointer data) {
    (void)data;
    toward_full = !toward_full;
    for (guint i = 0; i < bars->len; i++)
        easel_widget_invoke(bars->pdata[i], "animateTo", toward_full ? "100" : "0", NULL);
    return G_SOURCE_CONTINUE;
}

static gboolean on_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)widget; (void)data;
    gint64 t = gdk_frame_clock_get_frame_time(clock);
    if (measure_from == 0) {
        measure_from = t + G_USEC_PER_SEC;
        measure_until = measure_from + (gint64)animating_count;
        g_signal_connect(clock, "before-paint", G_CALLBACK(before_paint), NULL);
        g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint_timed), NULL);
    }
    if (areas) /* the baseline: every area drawn again each frame, as every bar asks */
        for (guint i = 0; i < areas->len; i++) gtk_widget_queue_draw(areas->pdata[i]);
    if (t >= measure_from && last_frame >= measure_from) {
        double ms = (t - last_frame) / 1000.0;
        g_array_append_val(samples, ms);
    }
    last_frame = t;
    if (t >= measure_until) {
        printf("fps=%.1f\n", samples->len / ((t - measure_from) / (double)G_USEC_PER_SEC));
        report("frame");
        gtk_window_destroy(GTK_WINDOW(window));
        return G_SOURCE_REMOVE;
    }
    return G_SOURCE_CONTINUE;
}

static void animate(int count, double seconds) {
    GtkWidget *grid = gtk_grid_new();
    bars = g_ptr_array_new();
    for (int i = 0; i < count; i++) {
        GtkWidget *bar = easel_widget_new("CircularProgressBar");
        gtk_widget_set_size_request(bar, 120, 120);
        easel_widget_set_value(EASEL_WIDGET(bar), "lineWidth", "6", NULL);
        gtk_grid_attach(GTK_GRID(grid), bar, i % 10, i / 10, 1, 1);
        g_ptr_array_add(bars, bar);
    }
    gtk_window_set_child(GTK_WINDOW(window), grid);
    animating_count = (int)(seconds * G_USEC_PER_SEC);
    restart_animations(NULL);
    g_timeout_add(600, restart_animations, NULL); /* animateTo takes 0.6 s: always animating */
    gtk_widget_add_tick_callback(window, on_tick, NULL, NULL);
}

/* The baseline: a ring and its percentage, as CircularProgressBar shows them, with Cairo and Pango. */
static void draw_ring(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data) {
    (void)area; (void)data;
    double t = (g_get_monotonic_time() % 1200000) / 1200000.0, progress = t < 0.5 ? 2 * t : 2 - 2 * t;
    double cx = width / 2.0, cy = height / 2.0, r = MIN(width, height) / 2.0 - 3;
    cairo_set_source_rgb(cr, 0.18, 0.17, 0.24);
    cairo_paint(cr);
    cairo_set_line_width(cr, 6);
    cairo_set_source_rgb(cr, 0.55, 0.55, 0.6);
    cairo_arc(cr, cx, cy, r, 0, 2 * G_PI);
    cairo_stroke(cr);
    cairo_set_source_rgb(cr, 0.66, 0.81, 0.18);
    cairo_arc(cr, cx, cy, r, -G_PI / 2, -G_PI / 2 + 2 * G_PI * progress);
    cairo_stroke(cr);
    char text[16];
    g_snprintf(text, sizeof text, "%d%%", (int)(progress * 100));
    PangoLayout *layout = pango_cairo_create_layout(cr);
    PangoFontDescription *font = pango_font_description_from_string("Sans Bold 20");
    pango_layout_set_font_description(layout, font);
    pango_layout_set_text(layout, text, -1);
    int tw, th;
    pango_layout_get_pixel_size(layout, &tw, &th);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_move_to(cr, cx - tw / 2.0, cy - th / 2.0);
    pango_cairo_show_layout(cr, layout);
    pango_font_description_free(font);
    g_object_unref(layout);
}

static void baseline(int count, double seconds) {
    GtkWidget *grid = gtk_grid_new();
    areas = g_ptr_array_new();
    for (int i = 0; i < count; i++) {
        GtkWidget *area = gtk_drawing_area_new();
        g_ptr_array_add(areas, area);
        gtk_widget_set_size_request(area, 120, 120);
        gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(area), draw_ring, NULL, NULL);
        gtk_grid_attach(GTK_GRID(grid), area, i % 10, i / 10, 1, 1);
    }
    gtk_window_set_child(GTK_WINDOW(window), grid);
    animating_count = (int)(seconds * G_USEC_PER_SEC);
    gtk_widget_add_tick_callback(window, on_tick, NULL, NULL);
}

/* ───────────── latency ───────────── */

static gboolean on_event(GtkEventControllerLegacy *controller, GdkEvent *event, gpointer data) {
    (void)controller; (void)data;
    if (gdk_event_get_event_type(event) == GDK_BUTTON_PRESS) press_arrival = g_get_monotonic_time();
    return FALSE;
}

static void after_paint(GdkFrameClock *clock, gpointer data) {
    (void)clock; (void)data;
    if (!press_arrival) return;
    double ms = (g_get_monotonic_time() - press_arrival) / 1000.0;
    g_array_append_val(samples, ms);
    press_arrival = 0;
    if ((int)samples->len == clicks_wanted) {
        GdkFrameClock *c = gtk_widget_get_frame_clock(window);
        gint64 refresh = 0, presentation = 0;
        gdk_frame_clock_get_refresh_info(c, gdk_frame_clock_get_frame_time(c), &refresh, &presentation);
        printf("refresh_ms=%.3f\n", refresh / 1000.0);
        report("press_to_frame");
        gtk_window_destroy(GTK_WINDOW(window));
    }
}

static gboolean when_shown(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)data;
    if (gtk_widget_get_width(first) == 0) return G_SOURCE_CONTINUE;
    double dx = 0, dy = 0;
    gtk_native_get_surface_transform(GTK_NATIVE(widget), &dx, &dy);
    graphene_rect_t bounds;
    if (!gtk_widget_compute_bounds(first, widget, &bounds)) return G_SOURCE_CONTINUE;
    g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), NULL);
    printf("ready %d %d\n", (int)(bounds.origin.x + dx + bounds.size.width / 2), (int)(bounds.origin.y + dy + bounds.size.height / 2));
    fflush(stdout);
    return G_SOURCE_REMOVE;
}

static void latency(int clicks) {
    clicks_wanted = clicks;
    first = easel_widget_new("RoundedCornerButton");
    gtk_widget_set_halign(first, GTK_ALIGN_CENTER);
    gtk_widget_set_valign(first, GTK_ALIGN_CENTER);
    gtk_window_set_child(GTK_WINDOW(window), first);
    gtk_window_set_default_size(GTK_WINDOW(window), 300, 200);
    GtkEventController *legacy = gtk_event_controller_legacy_new();
    gtk_event_controller_set_propagation_phase(legacy, GTK_PHASE_CAPTURE);
    g_signal_connect(legacy, "event", G_CALLBACK(on_event), NULL);
    gtk_widget_add_controller(window, legacy);
    gtk_widget_add_tick_callback(window, when_shown, NULL, NULL);
}

static void activate(GtkApplication *app, gpointer data) {
    char **argv = data;
    window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "easel-bench-gtk");
    samples = g_array_new(FALSE, FALSE, sizeof(double));
    paints = g_array_new(FALSE, FALSE, sizeof(double));
    if (strcmp(argv[1], "animate") == 0) animate(atoi(argv[2]), atof(argv[3]));
    else if (strcmp(argv[1], "baseline") == 0) baseline(atoi(argv[2]), atof(argv[3]));
    else latency(atoi(argv[2]));
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    gboolean timed = strcmp(argv[1], "animate") == 0 || strcmp(argv[1], "baseline") == 0;
    if (argc < 3 || (timed && argc != 4) || (!timed && (strcmp(argv[1], "latency") != 0 || argc != 3))) {
        fprintf(stderr, "usage: gtk_frames animate|baseline N SECONDS | gtk_frames latency CLICKS\n");
        return 64;
    }
    easel_runtime_error *error = NULL;
    easel_runtime *runtime = easel_runtime_open(NULL, NULL, &error);
    if (!runtime) { fprintf(stderr, "%s\n", error->description); return 66; }
    easel_gtk_set_default_runtime(runtime);
    GtkApplication *app = gtk_application_new("org.easel.BenchFrames", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), argv);
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
