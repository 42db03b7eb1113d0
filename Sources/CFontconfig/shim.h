/* fontconfig, for the renderer's pinned font configuration (EaselRender/FontConfiguration.swift). */
#include <fontconfig/fontconfig.h>
