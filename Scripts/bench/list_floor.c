/* The floor of a warm `host list` (Scripts/bench-registry's baseline for it): what any lister of a
 * plugin folder must do when nothing changed and nothing is loaded — read the directory, sort the
 * names, stat every file (a rebuilt plugin must be noticed) and print two lines per plugin — and
 * nothing else: no cache to decode, no registry to build.
 * Usage: list_floor DIR */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int compare(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: list_floor DIR\n"); return 64; }
    DIR *d = opendir(argv[1]);
    if (!d) { perror(argv[1]); return 66; }
    size_t count = 0, capacity = 1024;
    char **names = malloc(capacity * sizeof *names);
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (e->d_name[0] == '.' || n < 3 || strcmp(e->d_name + n - 3, ".so") != 0) continue;
        if (count == capacity) names = realloc(names, (capacity *= 2) * sizeof *names);
        names[count++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, count, sizeof *names, compare);
    char path[4096];
    for (size_t i = 0; i < count; i++) {
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", argv[1], names[i]);
        if (stat(path, &st) != 0) continue;
        printf("%s %lld %lld  %s\n", names[i], (long long)st.st_size, (long long)st.st_mtime, path);
        printf("  %-26s %s\n", names[i], "a summary");
    }
    return 0;
}
