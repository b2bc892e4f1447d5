/* The PNG encoders nearby could use, on the same decoded map image: libpng's
 * simplified writer (its fast flag, which is zlib level 3 and no filter, and
 * its default), libpng with zlib level 1 and one fixed filter, ISA-L's igzip
 * at levels 0–3, libspng (zlib underneath) at levels 1 and 3 with and
 * without its filter choice, and libdeflate at levels 1–6 with each filter, the rows
 * framed as PNG. Prints the median wall time of 31 encodes and the
 * bytes. Build and run: Benchmarks/png/run (see README.md beside it).
 * Filtering is done here as PNG specifies it (RFC 2083 §6), before deflate. */
#include <isa-l/igzip_lib.h>
#include <libdeflate.h>
#include <png.h>
#include <spng.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

enum { RUNS = 31 };
static int width, height;
static unsigned char *rgb, *filtered;

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct { unsigned char *bytes; size_t count, capacity; } sink;

static void sink_write(png_structp png, png_bytep data, size_t length) {
    sink *s = png_get_io_ptr(png);
    if (s->count + length > s->capacity) {
        s->capacity = (s->count + length) * 2;
        s->bytes = realloc(s->bytes, s->capacity);
    }
    memcpy(s->bytes + s->count, data, length);
    s->count += length;
}

static void sink_flush(png_structp png) { (void)png; }

static size_t libpng_simplified(int fast) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = PNG_FORMAT_RGB;
    image.flags = fast ? PNG_IMAGE_FLAG_FAST : 0;
    size_t size = (size_t)width * height * 4;
    unsigned char *out = malloc(size);
    png_image_write_to_memory(&image, out, &size, 0, rgb, width * 3, NULL);
    free(out);
    return size;
}

static size_t libpng_level(int level, int filter) {
    sink s = {malloc(1 << 20), 0, 1 << 20};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    png_set_write_fn(png, &s, sink_write, sink_flush);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, 0, 0, 0);
    png_set_compression_level(png, level);
    png_set_filter(png, 0, filter);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) png_write_row(png, rgb + (size_t)y * width * 3);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(s.bytes);
    return s.count;
}

static int paeth(int a, int b, int c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/* PNG filter types 0 none, 1 sub, 2 up, 4 paeth. */
static void filter_rows(int type) {
    int line = width * 3;
    for (int y = 0; y < height; y++) {
        const unsigned char *row = rgb + (size_t)y * line, *above = y ? row - line : NULL;
        unsigned char *out = filtered + (size_t)y * (line + 1);
        out[0] = type;
        if (type == 0) {
            memcpy(out + 1, row, line);
            continue;
        }
        for (int x = 0; x < line; x++) {
            int a = x >= 3 ? row[x - 3] : 0, b = above ? above[x] : 0, c = above && x >= 3 ? above[x - 3] : 0;
            int predicted = type == 0 ? 0 : type == 1 ? a : type == 2 ? b : paeth(a, b, c);
            out[1 + x] = (unsigned char)(row[x] - predicted);
        }
    }
}

static size_t libdeflate_level(int level, int filter) {
    filter_rows(filter);
    size_t count = (size_t)height * (width * 3 + 1);
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
    size_t bound = libdeflate_zlib_compress_bound(compressor, count);
    unsigned char *out = malloc(bound);
    size_t size = libdeflate_zlib_compress(compressor, filtered, count, out, bound);
    libdeflate_free_compressor(compressor);
    free(out);
    return size + 57; /* signature, IHDR, IDAT and IEND framing */
}

static size_t isal_level(int level, int filter) {
    static const unsigned sizes[] = {ISAL_DEF_LVL0_DEFAULT, ISAL_DEF_LVL1_DEFAULT, ISAL_DEF_LVL2_DEFAULT, ISAL_DEF_LVL3_DEFAULT};
    filter_rows(filter);
    size_t count = (size_t)height * (width * 3 + 1);
    struct isal_zstream stream;
    isal_deflate_stateless_init(&stream);
    unsigned char *levelBuffer = malloc(sizes[level] + 1);
    stream.level = level;
    stream.level_buf = levelBuffer;
    stream.level_buf_size = sizes[level];
    stream.gzip_flag = IGZIP_ZLIB;
    stream.end_of_stream = 1;
    stream.next_in = filtered;
    stream.avail_in = count;
    size_t bound = count + count / 16 + 1024;
    unsigned char *out = malloc(bound);
    stream.next_out = out;
    stream.avail_out = bound;
    int rc = isal_deflate_stateless(&stream);
    if (rc != COMP_OK) { fprintf(stderr, "isal %d\n", rc); exit(1); }
    free(out);
    free(levelBuffer);
    return stream.total_out + 57;
}

/* libspng to a buffer, RGB8; `filters` SPNG_FILTER_CHOICE_NONE or _ALL. */
static size_t libspng_level(int level, int filters) {
    spng_ctx *ctx = spng_ctx_new(SPNG_CTX_ENCODER);
    spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1);
    spng_set_option(ctx, SPNG_IMG_COMPRESSION_LEVEL, level);
    spng_set_option(ctx, SPNG_FILTER_CHOICE, filters);
    struct spng_ihdr ihdr = {.width = width, .height = height, .bit_depth = 8, .color_type = SPNG_COLOR_TYPE_TRUECOLOR};
    spng_set_ihdr(ctx, &ihdr);
    int error = spng_encode_image(ctx, rgb, (size_t)width * height * 3, SPNG_FMT_PNG, SPNG_ENCODE_FINALIZE);
    if (error) { fprintf(stderr, "spng: %s\n", spng_strerror(error)); exit(1); }
    size_t size = 0;
    void *png = spng_get_png_buffer(ctx, &size, &error);
    free(png);
    spng_ctx_free(ctx);
    return size;
}

#define MEASURE(label, call)                                                  \
    do {                                                                      \
        double times[RUNS];                                                   \
        size_t bytes = 0;                                                     \
        for (int run = 0; run < RUNS; run++) {                                \
            double start = now_ms();                                          \
            bytes = (call);                                                   \
            times[run] = now_ms() - start;                                    \
        }                                                                     \
        qsort(times, RUNS, sizeof times[0], by_value);                        \
        printf("%-32s %9zu bytes  median %6.2f ms\n", label, bytes, times[RUNS / 2]); \
    } while (0)

/* `--decode TILE.png...`: each tile as written, and the same pixels as
 * libpng's simplified writer writes them (a filter chosen per row: how
 * `tiles render` wrote tiles before), each decoded as TileSource decodes
 * it. Prints the median decode time of each and the bytes of all. */
static int decode_tiles(int count, char **paths) {
    double *as_written = calloc(count, sizeof(double)), *filtered = calloc(count, sizeof(double));
    size_t bytes_written = 0, bytes_filtered = 0;
    unsigned char *pixels = malloc(1024 * 1024 * 4);
    for (int i = 0; i < count; i++) {
        FILE *file = fopen(paths[i], "rb");
        if (!file) { fprintf(stderr, "%s: cannot open\n", paths[i]); return 66; }
        fseek(file, 0, SEEK_END);
        size_t size = ftell(file);
        rewind(file);
        unsigned char *data = malloc(size);
        size_t got = fread(data, 1, size, file);
        fclose(file);
        png_image image;
        memset(&image, 0, sizeof image);
        image.version = PNG_IMAGE_VERSION;
        if (got != size || !png_image_begin_read_from_memory(&image, data, size) || image.width > 1024 || image.height > 1024) {
            fprintf(stderr, "%s: not a PNG this reads\n", paths[i]);
            return 65;
        }
        image.format = PNG_FORMAT_BGRA;
        double start = now_ms();
        png_image_finish_read(&image, NULL, pixels, image.width * 4, NULL);
        as_written[i] = now_ms() - start;
        bytes_written += size;
        png_image again;
        memset(&again, 0, sizeof again);
        again.version = PNG_IMAGE_VERSION;
        again.width = image.width;
        again.height = image.height;
        again.format = PNG_FORMAT_RGB;
        size_t capacity = (size_t)image.width * image.height * 4, encoded_size = capacity;
        unsigned char *encoded = malloc(capacity), *rgb = malloc(capacity);
        png_image from;
        memset(&from, 0, sizeof from);
        from.version = PNG_IMAGE_VERSION;
        png_image_begin_read_from_memory(&from, data, size);
        from.format = PNG_FORMAT_RGB;
        png_image_finish_read(&from, NULL, rgb, image.width * 3, NULL);
        png_image_write_to_memory(&again, encoded, &encoded_size, 0, rgb, image.width * 3, NULL);
        bytes_filtered += encoded_size;
        png_image back;
        memset(&back, 0, sizeof back);
        back.version = PNG_IMAGE_VERSION;
        png_image_begin_read_from_memory(&back, encoded, encoded_size);
        back.format = PNG_FORMAT_BGRA;
        start = now_ms();
        png_image_finish_read(&back, NULL, pixels, image.width * 4, NULL);
        filtered[i] = now_ms() - start;
        free(encoded);
        free(rgb);
        free(data);
    }
    qsort(as_written, count, sizeof(double), by_value);
    qsort(filtered, count, sizeof(double), by_value);
    printf("%d tiles: as written %.3f ms median decode, %zu bytes; filtered per row %.3f ms, %zu bytes\n",
           count, as_written[count / 2], bytes_written, filtered[count / 2], bytes_filtered);
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 2 && strcmp(argv[1], "--decode") == 0) return decode_tiles(argc - 2, argv + 2);
    if (argc != 2) {
        fprintf(stderr, "usage: %s MAP.png | --decode TILE.png...\n", argv[0]);
        return 64;
    }
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, argv[1])) {
        fprintf(stderr, "%s: %s\n", argv[1], image.message);
        return 65;
    }
    image.format = PNG_FORMAT_RGB;
    width = image.width;
    height = image.height;
    rgb = malloc((size_t)width * height * 3);
    filtered = malloc((size_t)height * (width * 3 + 1));
    if (!png_image_finish_read(&image, NULL, rgb, width * 3, NULL)) {
        fprintf(stderr, "%s: %s\n", argv[1], image.message);
        return 65;
    }
    printf("%s, %d×%d\n", argv[1], width, height);
    MEASURE("libpng simplified, fast flag", libpng_simplified(1));
    MEASURE("libpng simplified, default", libpng_simplified(0));
    const char *names[] = {"none", "sub", "up", "", "paeth"};
    const int types[] = {0, 1, 2, 4};
    const int libpng_filters[] = {PNG_FILTER_NONE, PNG_FILTER_SUB, PNG_FILTER_UP, 0, PNG_FILTER_PAETH};
    char label[64];
    for (int i = 0; i < 4; i++) {
        snprintf(label, sizeof label, "libpng zlib 1, %s", names[types[i]]);
        MEASURE(label, libpng_level(1, libpng_filters[types[i]]));
    }
    for (int level = 1; level <= 3; level += 2) {
        snprintf(label, sizeof label, "libspng %d, none", level);
        MEASURE(label, libspng_level(level, SPNG_FILTER_CHOICE_NONE));
        snprintf(label, sizeof label, "libspng %d, adaptive", level);
        MEASURE(label, libspng_level(level, SPNG_FILTER_CHOICE_ALL));
    }
    for (int level = 0; level <= 3; level++) {
        for (int i = 0; i < 4; i++) {
            snprintf(label, sizeof label, "isa-l %d, %s", level, names[types[i]]);
            MEASURE(label, isal_level(level, types[i]));
        }
    }
    for (int level = 1; level <= 6; level++) {
        for (int i = 0; i < 4; i++) {
            snprintf(label, sizeof label, "libdeflate %d, %s", level, names[types[i]]);
            MEASURE(label, libdeflate_level(level, types[i]));
        }
    }
    return 0;
}
