/* The runtime header's caller-written structs keep their layout (LP64): what a program compiled against
 * this header passes is what libeasel-runtime reads. Checked when the library is built. */
#include "easel_runtime.h"

EASEL_STATIC_ASSERT(sizeof(easel_runtime_options) == 64, "easel_runtime_options is 64 bytes");
EASEL_STATIC_ASSERT(offsetof(easel_runtime_options, worker_program) == 24, "worker_program at 24");
EASEL_STATIC_ASSERT(offsetof(easel_runtime_options, reload) == 32, "reload at 32");
EASEL_STATIC_ASSERT(offsetof(easel_runtime_options, warning) == 40, "warning at 40");
EASEL_STATIC_ASSERT(offsetof(easel_runtime_options, context) == 56, "context at 56");
EASEL_STATIC_ASSERT(sizeof(easel_view_callbacks) == 32, "easel_view_callbacks is 32 bytes");
EASEL_STATIC_ASSERT(sizeof(easel_runtime_error) == 56, "easel_runtime_error is 56 bytes");
