/* Compiles easel_abi_1_0.h once, so its layout checks run with the host's build. Defines nothing. */
#include "easel_abi_1_0.h"
