#include <easel_runtime.h>
