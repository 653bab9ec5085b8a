/*
 * jpeg-settings: what the JPEG encoder settings cost (a benchmark, not part of wallgen).
 *
 *   jpeg-settings PROGRESSIVE OPTIMIZE IFAST FILE.jpg...
 *
 * Decodes each file to RGB, encodes it three times at quality 82 with the given settings
 * (progressive scans 0/1, optimized Huffman tables 0/1, forward DCT ISLOW 0 / IFAST 1) and
 * prints the time of the third encodes and their bytes, summed over the files. Used on the
 * variants of a wallgen build (`find SITE/media -name '*-w*.jpg'`), docs/performance.md.
 * Build: gcc -O2 -o jpeg-settings jpeg-settings.c -ljpeg
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <jpeglib.h>
static unsigned char *readall(const char *p, size_t *n) { FILE *f = fopen(p, "rb"); fseek(f, 0, 2); *n = ftell(f); rewind(f); unsigned char *b = malloc(*n); fread(b, 1, *n, f); fclose(f); return b; }
int main(int argc, char **argv) {
  int progressive = atoi(argv[1]), optimize = atoi(argv[2]), dct = atoi(argv[3]);
  double total = 0; size_t bytes = 0;
  for (int i = 4; i < argc; i++) {
    size_t n; unsigned char *src = readall(argv[i], &n);
    struct jpeg_decompress_struct d; struct jpeg_error_mgr e; d.err = jpeg_std_error(&e);
    jpeg_create_decompress(&d); jpeg_mem_src(&d, src, n); jpeg_read_header(&d, 1); d.out_color_space = JCS_RGB; jpeg_start_decompress(&d);
    int w = d.output_width, h = d.output_height; unsigned char *px = malloc((size_t)w * h * 3);
    while (d.output_scanline < d.output_height) { JSAMPROW r = px + (size_t)d.output_scanline * w * 3; jpeg_read_scanlines(&d, &r, 1); }
    jpeg_finish_decompress(&d); jpeg_destroy_decompress(&d);
    for (int rep = 0; rep < 3; rep++) {
      struct timespec a, z; clock_gettime(CLOCK_MONOTONIC, &a);
      struct jpeg_compress_struct c; c.err = jpeg_std_error(&e); jpeg_create_compress(&c);
      unsigned char *out = NULL; unsigned long size = 0; jpeg_mem_dest(&c, &out, &size);
      c.image_width = w; c.image_height = h; c.input_components = 3; c.in_color_space = JCS_RGB;
      jpeg_set_defaults(&c); jpeg_set_quality(&c, 82, 1); c.dct_method = dct ? JDCT_IFAST : JDCT_ISLOW; c.optimize_coding = optimize;
      if (progressive) jpeg_simple_progression(&c);
      jpeg_start_compress(&c, 1);
      while (c.next_scanline < c.image_height) { JSAMPROW r = px + (size_t)c.next_scanline * w * 3; jpeg_write_scanlines(&c, &r, 1); }
      jpeg_finish_compress(&c); jpeg_destroy_compress(&c);
      clock_gettime(CLOCK_MONOTONIC, &z);
      if (rep == 2) { total += (z.tv_sec - a.tv_sec) + (z.tv_nsec - a.tv_nsec) / 1e9; bytes += size; }
      free(out);
    }
    free(px); free(src);
  }
  printf("progressive %d optimize %d ifast %d: %.3f s, %zu bytes\n", progressive, optimize, dct, total, bytes);
}
