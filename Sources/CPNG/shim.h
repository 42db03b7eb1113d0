/* libpng for Swift. libpng reports errors by longjmp, which must never cross Swift frames, so the
 * whole encoding runs in this one C function: its setjmp catches libpng's errors and turns them
 * into a return value. The write callback (Swift) only appends bytes and never calls png_error. */
#ifndef EASEL_CPNG_SHIM_H
#define EASEL_CPNG_SHIM_H
#include <png.h>
#include <zlib.h> /* libpng's compressor; exported too, so tests can inflate PDF streams */
#include <setjmp.h>
#include <stdint.h>
#include <string.h>

/** Receives encoded bytes; `user` is the pointer given to easel_png_encode. */
typedef void (*easel_png_write_fn)(void *user, const uint8_t *bytes, size_t count);

typedef struct easel_png_sink {
    easel_png_write_fn write;
    void *user;
    char *message;        /* where the error message is copied */
    size_t message_size;
} easel_png_sink;

static inline void easel_png_write_data(png_structp png, png_bytep data, png_size_t length) {
    easel_png_sink *sink = (easel_png_sink *)png_get_io_ptr(png);
    sink->write(sink->user, data, length);
}

static inline void easel_png_flush(png_structp png) { (void)png; }

static inline void easel_png_error(png_structp png, png_const_charp message) {
    easel_png_sink *sink = (easel_png_sink *)png_get_error_ptr(png);
    if (sink && sink->message && sink->message_size > 0) {
        strncpy(sink->message, message ? message : "unknown libpng error", sink->message_size - 1);
        sink->message[sink->message_size - 1] = '\0';
    }
    png_longjmp(png, 1);
}

static inline void easel_png_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

/**
 * Encode rows of 8-bit RGBA pixels as a PNG with zlib level `level` (0…9): RGBA when has_alpha,
 * else RGB (the fourth byte of each pixel is then skipped).
 * `filter_all`: true lets libpng choose among all row filters (smaller files), false uses only the
 * Sub filter (faster). Returns 0 on success, -1 on a libpng error (message copied into `message`).
 */
static inline int easel_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height,
                                   size_t stride, int has_alpha, int level, int filter_all,
                                   easel_png_write_fn write, void *user,
                                   char *message, size_t message_size) {
    easel_png_sink sink = {write, user, message, message_size};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, easel_png_error,
                                              easel_png_warning);
    if (!png) {
        if (message && message_size > 0) {
            strncpy(message, "png_create_write_struct failed", message_size - 1);
            message[message_size - 1] = '\0';
        }
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        if (message && message_size > 0) {
            strncpy(message, "png_create_info_struct failed", message_size - 1);
            message[message_size - 1] = '\0';
        }
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    png_set_write_fn(png, &sink, easel_png_write_data, easel_png_flush);
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filter_all ? PNG_ALL_FILTERS : PNG_FILTER_SUB);
    png_set_IHDR(png, info, width, height, 8, has_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_write_info(png, info);
    if (!has_alpha) png_set_filler(png, 0, PNG_FILLER_AFTER);
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(pixels + (size_t)y * stride));
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return 0;
}
#endif
