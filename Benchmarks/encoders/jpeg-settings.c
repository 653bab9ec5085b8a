/*
 * jpeg-settings: what the JPEG encoder settings cost (a benchmark, not part of wallgen).
 *
 *   jpeg-settings PROGRESSIVE OPTIMIZE IFAST FILE.jpg...
 *
 * Decodes each file to RGB, encodes it three times at quality 82 with the given settings
 * (PROGRESSIVE: 0 baseline, 1 libjpeg's default progressive script (jpeg_simple_progression,
 * 10 scans with successive approximation), 2 spectral selection only (5 scans: DC, Y AC 1-5, Cb
 * AC, Cr AC, Y AC 6-63), 3 the same in 4 scans (DC, Y AC, Cb AC, Cr AC); optimized Huffman tables 0/1; forward DCT ISLOW 0 / IFAST 1) and
 * prints the time of the third encodes and their bytes, summed over the files. Used on the
 * variants of a wallgen build (`find SITE/media -name '*-w*.jpg'`), docs/performance.md.
 * Build: gcc -O2 -o jpeg-settings jpeg-settings.c -ljpeg
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <jpeglib.h>
/* Progressive without successive approximation: each coefficient is sent once. */
static void spectral_only(struct jpeg_compress_struct *c, int count) {
  static jpeg_scan_info scans[5];
  const int comps[2][5][2] = {{{3, 0}, {1, 0}, {1, 1}, {1, 2}, {1, 0}}, {{3, 0}, {1, 0}, {1, 1}, {1, 2}}};
  const int bands[2][5][2] = {{{0, 0}, {1, 5}, {1, 63}, {1, 63}, {6, 63}}, {{0, 0}, {1, 63}, {1, 63}, {1, 63}}};
  int which = count == 5 ? 0 : 1;
  for (int i = 0; i < count; i++) {
    scans[i].comps_in_scan = comps[which][i][0];
    for (int k = 0; k < comps[which][i][0]; k++)
      scans[i].component_index[k] = comps[which][i][0] == 3 ? k : comps[which][i][1];
    scans[i].Ss = bands[which][i][0]; scans[i].Se = bands[which][i][1]; scans[i].Ah = 0; scans[i].Al = 0;
  }
  c->scan_info = scans; c->num_scans = count;
}
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
      if (progressive == 1) jpeg_simple_progression(&c);
      if (progressive == 2) spectral_only(&c, 5);
      if (progressive == 3) spectral_only(&c, 4);
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
