/* Compile-time checks that the C representation of every ABI type is what easel.h promises.
 * A failure here means a compiler or platform lays the contract out differently: do not ship. */
#include "easel.h"

_Static_assert(sizeof(int64_t) == 8, "Int and Enum are 64-bit");
_Static_assert(sizeof(easel_point) == 2 * sizeof(double), "Point is two doubles");
_Static_assert(sizeof(easel_size) == 2 * sizeof(double), "Size is two doubles");
_Static_assert(sizeof(easel_rect) == 4 * sizeof(double), "Rect is four doubles");
_Static_assert(sizeof(easel_color) == 4 * sizeof(double), "Color is four doubles");
_Static_assert(sizeof(easel_insets) == 4 * sizeof(double), "Insets are four doubles");
_Static_assert(sizeof(easel_value) == 4 * sizeof(double), "the default-value union is as large as a Rect");
_Static_assert(offsetof(easel_plugin, abi) == 0, "the ABI version comes first in the plugin descriptor");

/* This file defines no symbols: it is linked into every component and into the host. */
