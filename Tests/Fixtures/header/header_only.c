#include "easel.h"
