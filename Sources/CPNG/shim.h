/* PNG encoding on zlib, for Swift. The PNG container is small (a signature, IHDR, one IDAT holding
 * the zlib stream of the filtered rows, IEND; each chunk with its CRC-32), so it is written here
 * directly: one pass converts Cairo's premultiplied pixels into filtered rows, one compress2 call
 * deflates them all. That is what a preview frame costs beyond raw zlib: the conversion.
 *
 * Filters: none (levels 0…2, previews: the fastest, and at level 1 smaller than Sub) or Sub on
 * every row (levels 3…9, files). zlib is exported too, so tests can inflate PDF streams; libpng
 * (its simplified API) reads PNG files, for snapshot references. The live frames of one view are
 * encoded by frames.h, which deflates again only the bands of rows that changed. */
#ifndef EASEL_CPNG_SHIM_H
#define EASEL_CPNG_SHIM_H
#include <png.h>
#include <zlib.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static inline void easel_png_put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

/* Appends a chunk (length, type, data, CRC) at *at; returns the new end. */
static inline uint8_t *easel_png_chunk(uint8_t *at, const char *type, const uint8_t *data, size_t length) {
    easel_png_put32(at, (uint32_t)length);
    memcpy(at + 4, type, 4);
    if (length) memmove(at + 8, data, length);
    uLong crc = crc32(0L, at + 4, (uInt)(length + 4));
    easel_png_put32(at + 8 + length, (uint32_t)crc);
    return at + 12 + length;
}

/* Sub filter, in place, on one row of `bytes` bytes (after its filter byte). */
static inline void easel_png_sub(uint8_t *row, size_t bytes, int bpp) {
    for (size_t i = bytes; i-- > (size_t)bpp;) row[i] = (uint8_t)(row[i] - row[i - (size_t)bpp]);
}

/* Writes the signature and IHDR at `png`; returns where the IDAT chunk goes. */
static inline uint8_t *easel_png_begin(uint8_t *png, uint32_t width, uint32_t height, int bpp) {
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    memcpy(png, signature, 8);
    uint8_t header[13];
    easel_png_put32(header, width);
    easel_png_put32(header + 4, height);
    header[8] = 8;                    /* bit depth */
    header[9] = bpp == 4 ? 6 : 2;     /* RGBA or RGB */
    header[10] = 0; header[11] = 0; header[12] = 0;
    return easel_png_chunk(png + 8, "IHDR", header, 13);
}

/* The bytes a PNG takes beyond its zlib stream: signature, IHDR, the IDAT chunk's frame, IEND. */
#define EASEL_PNG_OVERHEAD (8 + 25 + 12 + 12)

/* Ends a PNG whose zlib stream (`compressed` bytes) was written at `at` + 8 (`at` from
 * easel_png_begin): the IDAT chunk around it, and IEND. Returns the end of the file. */
static inline uint8_t *easel_png_end(uint8_t *at, size_t compressed) {
    at = easel_png_chunk(at, "IDAT", at + 8, compressed);
    return easel_png_chunk(at, "IEND", NULL, 0);
}

static inline int easel_png_fail(char *message, size_t message_size, const char *text) {
    strncpy(message, text, message_size - 1);
    message[message_size - 1] = 0;
    return -1;
}

/* Deflates `raw` (height rows of 1 + width*bpp bytes, filter bytes set) and writes the PNG into a
 * new malloc'd buffer (*out, *out_size; the caller frees it). Returns 0, or -1 with a message. */
static inline int easel_png_finish(uint8_t *raw, size_t raw_size, uint32_t width, uint32_t height, int bpp, int level,
                                   uint8_t **out, size_t *out_size, char *message, size_t message_size) {
    uLongf bound = compressBound((uLong)raw_size);
    uint8_t *png = (uint8_t *)malloc(EASEL_PNG_OVERHEAD + bound);
    if (!png) return easel_png_fail(message, message_size, "out of memory for the compressed image");
    uint8_t *at = easel_png_begin(png, width, height, bpp);
    uLongf compressed = bound;
    int status = compress2(at + 8, &compressed, raw, (uLong)raw_size, level);
    if (status != Z_OK) {
        free(png);
        return easel_png_fail(message, message_size, status == Z_MEM_ERROR ? "zlib ran out of memory" : "zlib failed");
    }
    *out = png;
    *out_size = (size_t)(easel_png_end(at, compressed) - png);
    return 0;
}

/* Whether every pixel of Cairo's ARGB32 `pixels` is opaque. */
static inline int easel_png_opaque(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride) {
    for (uint32_t y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * stride);
        for (uint32_t x = 0; x < width; x++) if ((row[x] >> 24) != 255) return 0;
    }
    return 1;
}

/* Cairo's premultiplied native-endian 0xAARRGGBB words → `raw`: height rows of a filter byte and
 * width*bpp bytes, straight RGB (bpp 3: every pixel opaque) or RGBA (bpp 4), colours
 * un-premultiplied, rounded to nearest; each row filtered with Sub when `sub`, else none. */
static inline void easel_png_filter_rows(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                                         int bpp, int sub, uint8_t *raw) {
    size_t row_bytes = (size_t)width * (size_t)bpp;
    for (uint32_t y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * stride);
        uint8_t *o = raw + (size_t)y * (row_bytes + 1);
        *o++ = sub ? 1 : 0;
        if (bpp == 3) {
            for (uint32_t x = 0; x < width; x++) {
                uint32_t p = row[x];
                o[0] = (uint8_t)(p >> 16); o[1] = (uint8_t)(p >> 8); o[2] = (uint8_t)p;
                o += 3;
            }
        } else {
            for (uint32_t x = 0; x < width; x++) {
                uint32_t p = row[x], a = p >> 24;
                uint32_t r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF;
                if (a == 0) { r = g = b = 0; }
                else if (a < 255) {
                    r = (r * 255 + a / 2) / a; if (r > 255) r = 255;
                    g = (g * 255 + a / 2) / a; if (g > 255) g = 255;
                    b = (b * 255 + a / 2) / a; if (b > 255) b = 255;
                }
                o[0] = (uint8_t)r; o[1] = (uint8_t)g; o[2] = (uint8_t)b; o[3] = (uint8_t)a;
                o += 4;
            }
        }
        if (sub) easel_png_sub(raw + (size_t)y * (row_bytes + 1) + 1, row_bytes, bpp);
    }
}

/* Cairo's premultiplied native-endian 0xAARRGGBB words (ARGB32 when has_alpha, else RGB24) → a PNG:
 * straight RGBA, or RGB when every pixel is opaque; colours un-premultiplied, rounded to nearest. */
static inline int easel_png_encode_cairo(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                                         int has_alpha, int level, uint8_t **out, size_t *out_size,
                                         char *message, size_t message_size) {
    int bpp = has_alpha && !easel_png_opaque(pixels, width, height, stride) ? 4 : 3;
    size_t raw_size = ((size_t)width * (size_t)bpp + 1) * height;
    uint8_t *raw = (uint8_t *)malloc(raw_size ? raw_size : 1);
    if (!raw) return easel_png_fail(message, message_size, "out of memory for the image rows");
    easel_png_filter_rows(pixels, width, height, stride, bpp, level >= 3, raw);
    int result = easel_png_finish(raw, raw_size, width, height, bpp, level, out, out_size, message, message_size);
    free(raw);
    return result;
}

/* Straight RGBA rows (`stride` bytes apart) → a PNG; `opaque` writes RGB. */
static inline int easel_png_encode_rgba(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                                        int opaque, int level, uint8_t **out, size_t *out_size,
                                        char *message, size_t message_size) {
    int bpp = opaque ? 3 : 4;
    size_t row_bytes = (size_t)width * (size_t)bpp;
    size_t raw_size = (row_bytes + 1) * height;
    uint8_t *raw = (uint8_t *)malloc(raw_size ? raw_size : 1);
    if (!raw) return easel_png_fail(message, message_size, "out of memory for the image rows");
    int sub = level >= 3;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *in = pixels + (size_t)y * stride;
        uint8_t *o = raw + (size_t)y * (row_bytes + 1);
        *o++ = sub ? 1 : 0;
        if (opaque) {
            for (uint32_t x = 0; x < width; x++) { o[0] = in[0]; o[1] = in[1]; o[2] = in[2]; o += 3; in += 4; }
        } else {
            memcpy(o, in, row_bytes);
        }
        if (sub) easel_png_sub(raw + (size_t)y * (row_bytes + 1) + 1, row_bytes, bpp);
    }
    int result = easel_png_finish(raw, raw_size, width, height, bpp, level, out, out_size, message, message_size);
    free(raw);
    return result;
}
#endif
