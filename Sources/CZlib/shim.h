/* zlib, for content hashes (crc32) of plugin files in the registry cache. */
#include <zlib.h>
