// A PNG of unfiltered rows: libpng writes the signature, IHDR, PLTE and
// tRNS, and either frames a zlib stream the caller has already made as one
// IDAT chunk (so that a faster deflate, ISA-L's igzip, can sit under
// libpng, whose own writer can only use zlib), or deflates the rows itself
// with zlib at a given level. setjmp/longjmp stay inside this C function: a
// libpng error comes back as a message, never as a jump across Swift frames.
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    unsigned char *bytes;
    size_t count;
    size_t capacity;
    char message[200];
} nearby_png_output;

static void nearby_png_output_write(png_structp png, png_bytep data, size_t length) {
    nearby_png_output *output = (nearby_png_output *)png_get_io_ptr(png);
    if (output->count + length > output->capacity) {
        size_t capacity = (output->count + length) * 2;
        unsigned char *grown = (unsigned char *)realloc(output->bytes, capacity);
        if (grown == NULL) png_error(png, "out of memory");
        output->bytes = grown;
        output->capacity = capacity;
    }
    memcpy(output->bytes + output->count, data, length);
    output->count += length;
}

static void nearby_png_output_flush(png_structp png) { (void)png; }

static void nearby_png_error(png_structp png, png_const_charp message) {
    nearby_png_output *output = (nearby_png_output *)png_get_error_ptr(png);
    strncpy(output->message, message, sizeof output->message - 1);
    png_longjmp(png, 1);
}

static void nearby_png_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

/// Returns 1 and the file in `output->bytes` (malloc'd, the caller frees it),
/// or 0 with the reason in `output->message`. `colorType` is a
/// PNG_COLOR_TYPE_*; `palette` (RGB triples) and `alphas` only for a palette
/// image. The image is `idat`, a zlib stream of the filtered rows, or when
/// that is NULL `lines`: each row a filter byte (0) and `lineBytes` − 1
/// samples, deflated here by zlib at `level`.
static inline int nearby_png_write(
    nearby_png_output *output, unsigned width, unsigned height, int colorType,
    const unsigned char *palette, int paletteCount, const unsigned char *alphas, int alphaCount,
    const unsigned char *idat, size_t idatCount, const unsigned char *lines, size_t lineBytes, int level)
{
    memset(output, 0, sizeof *output);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, output, nearby_png_error, nearby_png_warning);
    if (png == NULL) { strcpy(output->message, "libpng could not start"); return 0; }
    png_infop info = png_create_info_struct(png);
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(output->bytes);
        output->bytes = NULL;
        output->count = 0;
        if (output->message[0] == 0) strcpy(output->message, "libpng could not start");
        return 0;
    }
    png_set_write_fn(png, output, nearby_png_output_write, nearby_png_output_flush);
    png_set_IHDR(png, info, width, height, 8, colorType, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (colorType == PNG_COLOR_TYPE_PALETTE) {
        png_color colors[256];
        for (int i = 0; i < paletteCount && i < 256; i++) {
            colors[i].red = palette[3 * i];
            colors[i].green = palette[3 * i + 1];
            colors[i].blue = palette[3 * i + 2];
        }
        png_set_PLTE(png, info, colors, paletteCount);
        if (alphaCount > 0) png_set_tRNS(png, info, alphas, alphaCount, NULL);
    }
    if (idat == NULL) {
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
        png_set_compression_level(png, level);
    }
    png_write_info(png, info);
    if (idat != NULL) {
        png_write_chunk(png, (png_const_bytep)"IDAT", idat, idatCount);
        png_write_chunk(png, (png_const_bytep)"IEND", NULL, 0);
    } else {
        for (unsigned row = 0; row < height; row++) png_write_row(png, lines + (size_t)row * lineBytes + 1);
        png_write_end(png, info);
    }
    png_destroy_write_struct(&png, &info);
    return 1;
}
