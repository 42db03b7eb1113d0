/* Live frames: PNG encoding of successive frames of one view (the designer's live component), on
 * zlib. A frame's rows are cut into bands of about 64 KiB of filtered bytes, each deflated on its
 * own (a raw deflate stream ended by a sync flush, so the bands join into one zlib stream); a band
 * whose bytes are the same as in the previous frame keeps its deflated bytes, and the Adler-32 of
 * the whole stream is combined from the bands'. A pointer event that changes nothing, or a button's
 * highlight, deflates nothing or a few bands: the file decodes to the same pixels as one encoded
 * whole (easel_png_encode_cairo), a little larger (each band starts without a dictionary).
 *
 * Filters: none at levels 0…2, Sub at 3…9, as easel_png_encode_cairo. Not thread-safe: one frame at
 * a time per encoder (the caller locks). */
#ifndef EASEL_CPNG_FRAMES_H
#define EASEL_CPNG_FRAMES_H
#include "shim.h"

typedef struct easel_png_band {
    uint8_t *deflated;  /* malloc'd raw deflate bytes, ending with a sync flush */
    size_t size;
    uLong adler;        /* Adler-32 of the band's filtered bytes */
} easel_png_band;

typedef struct easel_png_frames {
    uint32_t width, height;
    int bpp, level;
    uint32_t band_rows, band_count;
    size_t raw_size;
    uint8_t *raw, *previous;   /* this frame's filtered rows and the last frame's */
    int previous_valid;
    easel_png_band *bands;
    z_stream stream;
    int stream_ready;
    uint32_t last_deflated;    /* bands deflated by the last frame (the others were kept) */
} easel_png_frames;

/* A new encoder with no frame yet (NULL when out of memory). Free it with easel_png_frames_free. */
static inline easel_png_frames *easel_png_frames_new(void) {
    return (easel_png_frames *)calloc(1, sizeof(easel_png_frames));
}

static inline void easel_png_frames_clear(easel_png_frames *f) {
    for (uint32_t i = 0; i < f->band_count; i++) free(f->bands[i].deflated);
    free(f->bands); free(f->raw); free(f->previous);
    f->bands = NULL; f->raw = NULL; f->previous = NULL;
    f->band_count = 0; f->previous_valid = 0;
    if (f->stream_ready) deflateEnd(&f->stream);
    f->stream_ready = 0;
}

/* Frees the encoder and everything it keeps. */
static inline void easel_png_frames_free(easel_png_frames *f) {
    if (!f) return;
    easel_png_frames_clear(f);
    free(f);
}

/* Bands deflated by the last frame (the rest were kept from the one before). */
static inline uint32_t easel_png_frames_last_deflated(const easel_png_frames *f) { return f->last_deflated; }

/* Cairo's premultiplied native-endian 0xAARRGGBB words (as easel_png_encode_cairo) → a PNG in a new
 * malloc'd buffer (*out, *out_size; the caller frees it). Returns 0, or -1 with a message (the
 * encoder then forgets the last frame and can be used again). */
static inline int easel_png_frames_encode(easel_png_frames *f, const uint8_t *pixels, uint32_t width, uint32_t height,
                                          size_t stride, int has_alpha, int level, uint8_t **out, size_t *out_size,
                                          char *message, size_t message_size) {
    int bpp = (has_alpha && !easel_png_opaque(pixels, width, height, stride)) ? 4 : 3;
    size_t row_bytes = (size_t)width * (size_t)bpp + 1;
    if (f->width != width || f->height != height || f->bpp != bpp || f->level != level || !f->raw) {
        easel_png_frames_clear(f);
        f->width = width; f->height = height; f->bpp = bpp; f->level = level;
        f->band_rows = (uint32_t)(65536 / row_bytes);
        if (f->band_rows < 1) f->band_rows = 1;
        f->band_count = (height + f->band_rows - 1) / f->band_rows;
        f->raw_size = row_bytes * height;
        f->raw = (uint8_t *)malloc(f->raw_size);
        f->previous = (uint8_t *)malloc(f->raw_size);
        f->bands = (easel_png_band *)calloc(f->band_count, sizeof(easel_png_band));
        if (!f->raw || !f->previous || !f->bands) {
            easel_png_frames_clear(f);
            return easel_png_fail(message, message_size, "out of memory for the image rows");
        }
        if (deflateInit2(&f->stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
            easel_png_frames_clear(f);
            return easel_png_fail(message, message_size, "zlib ran out of memory");
        }
        f->stream_ready = 1;
    }
    easel_png_filter_rows(pixels, width, height, stride, bpp, level >= 3, f->raw);
    size_t total = 2 + 2 + 4; /* zlib header, the final empty block, Adler-32 */
    uLong adler = 1;
    f->last_deflated = 0;
    for (uint32_t i = 0; i < f->band_count; i++) {
        size_t start = (size_t)i * f->band_rows * row_bytes;
        size_t length = (i + 1 == f->band_count ? f->raw_size : start + (size_t)f->band_rows * row_bytes) - start;
        easel_png_band *band = &f->bands[i];
        if (!(f->previous_valid && band->deflated && memcmp(f->raw + start, f->previous + start, length) == 0)) {
            free(band->deflated);
            band->deflated = NULL;
            uLong bound = deflateBound(&f->stream, (uLong)length) + 16;
            band->deflated = (uint8_t *)malloc(bound);
            if (!band->deflated) {
                f->previous_valid = 0;
                return easel_png_fail(message, message_size, "out of memory for the compressed image");
            }
            deflateReset(&f->stream);
            f->stream.next_in = f->raw + start;
            f->stream.avail_in = (uInt)length;
            f->stream.next_out = band->deflated;
            f->stream.avail_out = (uInt)bound;
            if (deflate(&f->stream, Z_SYNC_FLUSH) != Z_OK || f->stream.avail_in != 0) {
                free(band->deflated);
                band->deflated = NULL;
                f->previous_valid = 0;
                return easel_png_fail(message, message_size, "zlib failed");
            }
            band->size = bound - f->stream.avail_out;
            band->adler = adler32(1L, f->raw + start, (uInt)length);
            f->last_deflated++;
        }
        adler = i == 0 ? band->adler : adler32_combine(adler, band->adler, (z_off_t)length);
        total += band->size;
    }
    uint8_t *png = (uint8_t *)malloc(EASEL_PNG_OVERHEAD + total);
    if (!png) {
        f->previous_valid = 0;
        return easel_png_fail(message, message_size, "out of memory for the compressed image");
    }
    uint8_t *idat = easel_png_begin(png, width, height, bpp);
    uint8_t *at = idat + 8;
    *at++ = 0x78; *at++ = 0x01; /* deflate with a 32 KiB window, no dictionary: (0x78 * 256 + 0x01) % 31 == 0 */
    for (uint32_t i = 0; i < f->band_count; i++) {
        memcpy(at, f->bands[i].deflated, f->bands[i].size);
        at += f->bands[i].size;
    }
    *at++ = 0x03; *at++ = 0x00; /* the last block: fixed codes, holding nothing but its end */
    easel_png_put32(at, (uint32_t)adler);
    uint8_t *swap = f->previous; f->previous = f->raw; f->raw = swap;
    f->previous_valid = 1;
    *out = png;
    *out_size = (size_t)(easel_png_end(idat, total) - png);
    return 0;
}
#endif
