/*
 * What loading libraries costs, and nothing else: dlopen(RTLD_NOW | RTLD_GLOBAL) of each argument in
 * order, then exit. Scripts/bench-startup pairs runs of it to price the renderer's dependencies
 * (Cairo, Pango, Foundation) against a process that loads less.
 */
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        if (!dlopen(argv[i], RTLD_NOW | RTLD_GLOBAL)) {
            fprintf(stderr, "dlopen_only: %s\n", dlerror());
            return 1;
        }
    }
    return 0;
}
