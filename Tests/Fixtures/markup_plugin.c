/*
 * Hostile text, for the tests of what writes pages and reports (gallery, snapshot, validate, list and
 * inspect --json): every string the plugin hands over that the host lets through carries HTML, XML and
 * JSON metacharacters, C0 and C1 control characters (ESC, BEL, CSI), bidi overrides and a run of
 * 10 000 characters. cc -DMODE=<name>:
 *
 *   good       class Markup: display names, summaries, group, string defaults, enum case display names,
 *              variant and action display names and summaries, the plugin's id, name and version and
 *              its log lines all carry HOSTILE (below); draws a square
 *   fail       the same as class Failing, whose draw logs HOSTILE as an error and fails (its message
 *              reaches the reports)
 *   long_name  the class name is a valid identifier of 10 000 characters (files named after it)
 *   bad_names  a class, a property, an enum case, a variant and an action whose names are HTML, and a
 *              summary that is not UTF-8: refused when the plugin loads (the refusal reaches the reports)
 *
 * -DLINE_FEEDS: HOSTILE is instead text whose line feeds (and CR, VT, FF) would start lines that read as
 * entries of a listing ("fine\nFAKE-LINE …"), in any mode.
 *
 * A script that runs in a page sets window.__pwned; the browser tests look for it.
 */
#define _POSIX_C_SOURCE 200809L
#include "easel.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define MODE_good 0
#define MODE_fail 1
#define MODE_long_name 2
#define MODE_bad_names 3
#define CAT(a, b) a##b
#define XCAT(a, b) CAT(a, b)
#ifndef MODE
#define MODE good
#endif
#define THE_MODE XCAT(MODE_, MODE)

#ifdef LINE_FEEDS
#define HOSTILE "fine\nFAKE-LINE 1.0 (org.forged)  ./components/libForged.so\r\nFAKE-CRLF\vFAKE-VT\fFAKE-FF\rFAKE-CR"
#else
#define HOSTILE "<script>window.__pwned='text'</script>\"'><img src=x onerror=\"window.__pwned='attr'\">" \
    " ]]> &amp; & \x01\x07\x1b[31mred\x1b[0m \xc2\x9b" "2J \xe2\x80\xae" "desrever \xe2\x80\xa8 --><!-- </style></title></code>"
#endif

static char kLong[10001];
static char kLongName[10001];

__attribute__((constructor)) static void fill(void) {
    for (int i = 0; i < 10000; i++) kLong[i] = "<&\"'>]"[i % 6];
    memset(kLongName, 'A', 10000);
}

typedef struct markup {
    const easel_instance_host *host;
    char *label;
    int64_t style;
} markup;

static const char *get_label(void *s) { return ((markup *)s)->label; }
static void set_label(void *s, const char *v) {
    markup *m = s;
    char *copy = strdup(v ? v : "");
    if (!copy) return;
    free(m->label);
    m->label = copy;
}
static int64_t get_style(void *s) { return ((markup *)s)->style; }
static void set_style(void *s, int64_t v) { ((markup *)s)->style = v; }

#if THE_MODE == MODE_bad_names
static const easel_enum_case kCases[] = {{sizeof(easel_enum_case), 0, .name = "<script>alert(1)</script>", .value = 0}};
#else
static const easel_enum_case kCases[] = {{sizeof(easel_enum_case), 0, .name = "plain", .value = 0, .display_name = HOSTILE},
                                         {sizeof(easel_enum_case), 0, .name = "fancy", .value = 1, .display_name = kLong}};
#endif

#define PROPERTY .struct_size = sizeof(easel_property)
static const easel_property kProperties[] = {
    {PROPERTY, .name = "label", .type = EASEL_TYPE_STRING, .default_value = {.s = HOSTILE},
     .display_name = HOSTILE, .summary = kLong, .group = HOSTILE, .get = (easel_fn)get_label, .set = (easel_fn)set_label},
    {PROPERTY, .name = "style", .type = EASEL_TYPE_ENUM, .default_value = {.i = 0},
     .enum_case_count = sizeof kCases / sizeof kCases[0], .enum_cases = kCases,
     .display_name = "Style \"<b>\"", .summary = HOSTILE, .get = (easel_fn)get_style, .set = (easel_fn)set_style},
#if THE_MODE == MODE_bad_names
    {PROPERTY, .name = "on\"click", .type = EASEL_TYPE_INT, .get = (easel_fn)get_style, .set = (easel_fn)set_style},
#endif
};

static const easel_attribute kScript[] = {{"label", HOSTILE "</script>"}};
static const easel_attribute kLongLabel[] = {{"label", kLong}};
#define VARIANT .struct_size = sizeof(easel_variant)
static const easel_variant kVariantList[] = {
    {VARIANT, .name = "script", .display_name = HOSTILE, .summary = HOSTILE, .attribute_count = 1, .attributes = kScript},
    {VARIANT, .name = "long", .display_name = kLong, .summary = kLong, .attribute_count = 1, .attributes = kLongLabel},
#if THE_MODE == MODE_bad_names
    {VARIANT, .name = "../../escaped", .attribute_count = 0},
#endif
};
static const easel_variants kVariants = {.struct_size = sizeof(easel_variants),
                                         .variant_count = sizeof kVariantList / sizeof kVariantList[0], .variants = kVariantList};

static bool poke(void *s) {
    markup *m = s;
    m->host->log(m->host, EASEL_LOG_WARNING, HOSTILE);
    return true;
}
#define ACTION .struct_size = sizeof(easel_action)
static const easel_action kActionList[] = {
    {ACTION, .name = "poke", .display_name = HOSTILE, .summary = HOSTILE, .argument_type = EASEL_TYPE_NONE, .invoke = (easel_fn)poke},
#if THE_MODE == MODE_bad_names
    {ACTION, .name = "<img src=x onerror=alert(1)>", .argument_type = EASEL_TYPE_NONE, .invoke = (easel_fn)poke},
#endif
};
static const easel_actions kActions = {.struct_size = sizeof(easel_actions),
                                       .action_count = sizeof kActionList / sizeof kActionList[0], .actions = kActionList};

static void *create(const easel_class *cls, easel_rect frame, const easel_instance_host *host) {
    (void)cls; (void)frame;
    markup *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->host = host;
    m->label = strdup(HOSTILE);
    host->log(host, EASEL_LOG_INFO, HOSTILE);
    return m;
}

static bool draw(void *self, easel_canvas *c, easel_rect rect) {
    markup *m = self;
#if THE_MODE == MODE_fail
    m->host->log(m->host, EASEL_LOG_ERROR, HOSTILE);
    m->host->log(m->host, EASEL_LOG_ERROR, kLong);
    return false;
#endif
    (void)m;
    c->set_fill_color(c, (easel_color){0.8, 0.1, 0.1, 1});
    c->fill_rect(c, rect);
    return true;
}

static void destroy(void *self) {
    markup *m = self;
    free(m->label);
    free(m);
}

static const easel_class kClasses[] = {{
    .struct_size = sizeof(easel_class),
#if THE_MODE == MODE_long_name
    .name = kLongName,
#elif THE_MODE == MODE_bad_names
    .name = "<script>x</script>",
#elif THE_MODE == MODE_fail
    .name = "Failing",
#else
    .name = "Markup",
#endif
    .display_name = HOSTILE, .group = HOSTILE,
#if THE_MODE == MODE_bad_names
    .summary = "not \xff\xfe UTF-8 <b>",
#else
    .summary = HOSTILE,
#endif
    .default_size = {24, 16}, .property_count = sizeof kProperties / sizeof kProperties[0], .properties = kProperties,
    .create = create, .draw = draw, .destroy = destroy,
}};

static const void *get_extension(const easel_class *cls, const char *id) {
    if (!cls) return NULL;
    if (strcmp(id, EASEL_EXTENSION_VARIANTS) == 0) return &kVariants;
    if (strcmp(id, EASEL_EXTENSION_ACTIONS) == 0) return &kActions;
    return NULL;
}

static const easel_plugin kPlugin = {
    .abi = {EASEL_ABI_MAJOR, EASEL_ABI_MINOR}, .struct_size = sizeof(easel_plugin),
    .id = "org.easel.tests.markup" HOSTILE, .name = HOSTILE, .version = "1.0" HOSTILE, .summary = kLong,
    .class_count = 1, .classes = kClasses, .get_extension = get_extension,
};

EASEL_PLUGIN_ENTRY { return &kPlugin; }
