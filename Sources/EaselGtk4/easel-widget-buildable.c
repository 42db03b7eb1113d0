/* EaselWidget in GtkBuilder files: the component's values as a <values> element (easel-widget.h). */
#include "easel-widget-private.h"

#include <string.h>

static GtkBuildableIface *parent_buildable_iface;

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

void easel_widget_buildable_init(GtkBuildableIface *iface) {
    parent_buildable_iface = g_type_interface_peek_parent(iface);
    iface->custom_tag_start = easel_widget_custom_tag_start;
    iface->custom_finished = easel_widget_custom_finished;
}
