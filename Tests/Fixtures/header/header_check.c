/*
 * Compiled by the tests in every mode the header promises to be clean in (C11 with gcc and clang,
 * clang -Weverything, C++17 with g++ and clang++), with warnings as errors. It uses every macro and
 * inline helper a plugin uses, so their expansions are checked too.
 */
#include "easel.h"

static int64_t get_count(void *self) { return *(int64_t *)self; }
static void set_count(void *self, int64_t value) { *(int64_t *)self = value; }
static bool poke(void *self) { return self != NULL; }

static const easel_range kRange = {0, 10, 1};
static const easel_enum_case kCases[] = {
    {(uint32_t)sizeof(easel_enum_case), 0, "one", 1, NULL},
};
static const easel_property kProperties[] = {
    {(uint32_t)sizeof(easel_property), EASEL_TYPE_INT, "count", {0}, NULL, NULL, NULL, &kRange, 0,
     EASEL_PROPERTY_HIDDEN, NULL, (easel_fn)get_count, (easel_fn)set_count},
};
static const easel_attribute kAttributes[] = {{"count", "3"}};
static const easel_variant kVariants[] = {
    {(uint32_t)sizeof(easel_variant), 1, "three", NULL, NULL, kAttributes},
};
static const easel_variants kVariantTable = {(uint32_t)sizeof(easel_variants), 1, kVariants};
static const easel_action kActions[] = {
    {(uint32_t)sizeof(easel_action), EASEL_TYPE_NONE, "poke", NULL, NULL, NULL, 0, 0, kCases, {0},
     (easel_fn)poke},
};
static const easel_actions kActionTable = {(uint32_t)sizeof(easel_actions), 1, kActions};

static void *create(const easel_class *cls, easel_rect frame, const easel_instance_host *host) {
    (void)cls; (void)frame;
    host->log(host, EASEL_LOG_INFO, "created");
    return NULL;
}
static bool draw(void *self, easel_canvas *canvas, easel_rect rect) {
    (void)self;
    canvas->fill_rect(canvas, rect);
    return true;
}
static void destroy(void *self) { (void)self; }

static const easel_class kClasses[] = {{
    (uint32_t)sizeof(easel_class), EASEL_KIND_VIEW, "Check", NULL, NULL, NULL, {10, 10}, 1, 0,
    kProperties, NULL, create, NULL, NULL, NULL, NULL, draw, NULL, destroy,
}};

static const void *get_extension(const easel_class *cls, const char *id) {
    if (cls == NULL) return NULL;
    if (id[0] == 'v') return &kVariantTable;
    return &kActionTable;
}

static const easel_plugin kPlugin = {
    {EASEL_ABI_MAJOR, EASEL_ABI_MINOR}, (uint32_t)sizeof(easel_plugin), 1, "org.easel.tests.header",
    "Header", "1.0.0", NULL, NULL, NULL, kClasses, get_extension,
};

EASEL_PLUGIN_ENTRY {
    return easel_abi_is_compatible(kPlugin.abi, EASEL_ABI_VERSION) ? &kPlugin : NULL;
}
