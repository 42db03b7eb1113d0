/*
 * easel_abi_1_0.h — the frozen layout of the ABI 1.0 draft, for the host only.
 *
 * ABI 1.0 had no struct_size in its tables and its create took no instance host (easel.h, VERSIONING,
 * "History"). The host reads 1.0 plugins through these definitions, copied from the 1.0 header and
 * never to be changed. Everything 1.0 shares with 1.1 byte for byte (the value types, easel_host up to
 * image_size, easel_canvas, easel_archive, easel_text_style) is used from easel.h directly.
 */
#ifndef EASEL_ABI_1_0_H
#define EASEL_ABI_1_0_H

#include "easel.h"

#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wnullability-extension"
#endif

EASEL_ASSUME_NONNULL_BEGIN

typedef struct easel_enum_case_1_0 {
    const char *EASEL_NULLABLE name;
    int64_t value;
    const char *EASEL_NULLABLE display_name;
} easel_enum_case_1_0;

typedef struct easel_property_1_0 {
    const char *EASEL_NULLABLE name;
    easel_type type;
    easel_value default_value;
    const char *EASEL_NULLABLE display_name;
    const char *EASEL_NULLABLE summary;
    const char *EASEL_NULLABLE group;
    const easel_range *EASEL_NULLABLE range;
    uint32_t enum_case_count;
    const easel_enum_case_1_0 *EASEL_NULLABLE enum_cases;
    easel_property_flags flags;
    easel_fn EASEL_NULLABLE get;
    easel_fn EASEL_NULLABLE set;
} easel_property_1_0;

typedef struct easel_class_1_0 {
    const char *EASEL_NULLABLE name;
    const char *EASEL_NULLABLE display_name;
    const char *EASEL_NULLABLE summary;
    const char *EASEL_NULLABLE group;
    easel_base_kind base_kind;
    easel_size default_size;
    uint32_t property_count;
    const easel_property_1_0 *EASEL_NULLABLE properties;
    const void *EASEL_NULLABLE context;
    void *EASEL_NULLABLE (*EASEL_NULLABLE create)(const struct easel_class_1_0 *cls, easel_rect frame);
    void *EASEL_NULLABLE (*EASEL_NULLABLE create_from_archive)(const struct easel_class_1_0 *cls,
                                                               const easel_archive *archive);
    void (*EASEL_NULLABLE awake_from_archive)(void *self);
    void (*EASEL_NULLABLE prepare_for_designer)(void *self);
    void (*EASEL_NULLABLE layout)(void *self, easel_size size);
    bool (*EASEL_NULLABLE draw)(void *self, easel_canvas *canvas, easel_rect rect);
    easel_size (*EASEL_NULLABLE intrinsic_size)(void *self);
    void (*EASEL_NULLABLE destroy)(void *self);
} easel_class_1_0;

typedef struct easel_plugin_1_0 {
    easel_abi_version abi;
    const char *EASEL_NULLABLE id;
    const char *EASEL_NULLABLE name;
    const char *EASEL_NULLABLE version;
    const char *EASEL_NULLABLE summary;
    bool (*EASEL_NULLABLE init)(const easel_host *host);
    void (*EASEL_NULLABLE deinit)(void);
    uint32_t class_count;
    const easel_class_1_0 *EASEL_NULLABLE classes;
} easel_plugin_1_0;

EASEL_ASSUME_NONNULL_END

/* The 1.0 layout on LP64, as the 1.0 header laid it out (padding implicit). */
_Static_assert(sizeof(easel_enum_case_1_0) == 24, "1.0 enum case");
_Static_assert(sizeof(easel_property_1_0) == 120, "1.0 property");
_Static_assert(offsetof(easel_property_1_0, get) == 104, "1.0 property.get");
_Static_assert(sizeof(easel_class_1_0) == 144, "1.0 class");
_Static_assert(offsetof(easel_class_1_0, create) == 80, "1.0 class.create");
_Static_assert(sizeof(easel_plugin_1_0) == 72, "1.0 plugin");
_Static_assert(offsetof(easel_plugin_1_0, classes) == 64, "1.0 plugin.classes");
/* What 1.0 plugins read of the structs the host hands them: the same bytes in 1.1. */
_Static_assert(offsetof(easel_host, image_size) == 64, "1.0 host prefix");
_Static_assert(sizeof(easel_archive) == 56, "1.0 archive");

#if defined(__clang__)
#pragma clang diagnostic pop
#endif

#endif /* EASEL_ABI_1_0_H */
