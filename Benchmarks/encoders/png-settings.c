/*
 * png-settings: what libpng's compression settings cost (a benchmark, not part of wallgen).
 *
 *   png-settings LEVEL STRATEGY FILTERS FILE.png...
 *
 * Decodes each file to RGBA, encodes it three times (zlib level, zlib strategy, libpng filter
 * mask; -1 keeps libpng's default) and prints the time of the third encodes and their bytes,
 * summed over the files. Used on the translucent variants of a wallgen build
 * (`find SITE/media -name '*-w*.png'`), docs/performance.md.
 * Build: gcc -O2 -o png-settings png-settings.c $(pkg-config --cflags --libs libpng)
 */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>
typedef struct { unsigned char *b; size_t n, cap; } Buf;
static void w(png_structp p, png_bytep d, size_t l) { Buf *b = png_get_io_ptr(p); if (b->n + l > b->cap) { b->cap = (b->n + l) * 2; b->b = realloc(b->b, b->cap); } memcpy(b->b + b->n, d, l); b->n += l; }
static void f(png_structp p) { (void)p; }
int main(int argc, char **argv) {
  int level = atoi(argv[1]), strategy = atoi(argv[2]), filters = atoi(argv[3]);
  double total = 0; size_t bytes = 0, raw = 0;
  for (int i = 4; i < argc; i++) {
    png_image img; memset(&img, 0, sizeof img); img.version = PNG_IMAGE_VERSION;
    png_image_begin_read_from_file(&img, argv[i]); img.format = PNG_FORMAT_RGBA;
    unsigned char *px = malloc(PNG_IMAGE_SIZE(img)); png_image_finish_read(&img, NULL, px, 0, NULL);
    raw += PNG_IMAGE_SIZE(img);
    for (int rep = 0; rep < 3; rep++) {
      struct timespec a, z; clock_gettime(CLOCK_MONOTONIC, &a);
      png_structp p = png_create_write_struct(PNG_LIBPNG_VER_STRING, 0, 0, 0); png_infop in = png_create_info_struct(p);
      Buf b = {0}; png_set_write_fn(p, &b, w, f);
      if (level >= 0) png_set_compression_level(p, level);
      if (strategy >= 0) png_set_compression_strategy(p, strategy);
      if (filters >= 0) png_set_filter(p, 0, filters);
      png_set_IHDR(p, in, img.width, img.height, 8, PNG_COLOR_TYPE_RGB_ALPHA, 0, 0, 0);
      png_write_info(p, in);
      for (unsigned y = 0; y < img.height; y++) png_write_row(p, px + (size_t)y * img.width * 4);
      png_write_end(p, NULL); png_destroy_write_struct(&p, &in);
      clock_gettime(CLOCK_MONOTONIC, &z);
      if (rep == 2) { total += (z.tv_sec - a.tv_sec) + (z.tv_nsec - a.tv_nsec) / 1e9; bytes += b.n; }
      free(b.b);
    }
    free(px);
  }
  printf("level %d strategy %d filters %d: %.3f s, %zu bytes (raw %zu)\n", level, strategy, filters, total, bytes, raw);
}
