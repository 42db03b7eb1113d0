/* Compiles easel.h once with the package's build, so its layout checks (the _Static_asserts at the
 * end of the header, the numbers of its LAYOUT table) run on every build. Defines no symbols: this
 * target is linked into the host, EaselKit and the example components. */
#include "easel.h"
