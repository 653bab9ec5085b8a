/*
 * limit: the yardstick for wallgen's media stage (a benchmark, not part of wallgen).
 *
 * Makes, for every photo named on the command line, what `wallgen build` makes of it, with the
 * least work libjpeg-turbo and libpng allow:
 *
 *   read the file once -> SHA-256 of its bytes (wallgen names its outputs by a SHA-256 of the
 *   source) -> decode once (JPEG: one DCT-scaled decode at the smallest M/8 that still covers the
 *   largest width; PNG: libpng, full size), rows streamed 16 at a time through box pre-reduction
 *   + Lanczos-3 to the largest width -> ICC profile to sRGB (lcms2, only for non-sRGB RGB profiles) -> EXIF orientation -> encode;
 *   640 is resized from 1280 and 320 from 640 (as wallgen) -> copy the original.
 *
 * The variants match wallgen's (Sources/WallKit/Imaging/Thumbnailer.swift and the shims):
 *   widths 320, 640, 1280, those above the upright source width dropped (the source width itself
 *   if none fits); height = round(h * w' / w), at least 1; never upscaled;
 *   decode: JDCT_ISLOW, fancy upsampling off when DCT-scaled (merged upsampling), on at 8/8;
 *   filter: box average by max(1, floor(source / target / 2)) per axis, then Lanczos-3 widened
 *   by the remaining scale, in float, RGBA premultiplied;
 *   output: opaque -> progressive JPEG (wallgen's five spectral-selection scans), quality 82,
 *   optimized Huffman tables, JDCT_ISLOW,
 *   4:2:0, JFIF only; any alpha below 255 -> 8-bit RGBA PNG, adaptive filters, zlib Z_RLE.
 * Output names: OUT/<k0k1>/<key>-w<width>.<ext> and <key>-original.<ext>, key = the first 32 hex
 * digits of SHA-256(file), written straight to the file (no temporary file and rename).
 *
 * Less than wallgen does (on purpose: least work): the key hashes the file alone (wallgen also
 * hashes the pipeline version and recipe, a few bytes); a profile counts as sRGB by its description (wallgen
 * compares colorants and curves); no pages, records or temporary files. Not handled: CMYK JPEGs
 * (the corpus has none; the photo counts as failed).
 *
 *   limit [-j JOBS] [-o OUT] [-d] FILE...
 * -d (decode floor): only read, hash and decode each file (JPEG at the same DCT scale), and make
 * nothing; the work no build of these outputs can avoid.
 * prints "images <n> seconds <s> failed <k>" on stdout; errors go to stderr.
 * Build: gcc -O3 -o limit limit.c $(pkg-config --cflags --libs libjpeg libpng lcms2 libcrypto) -lm -lpthread
 */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <jpeglib.h>
#include <lcms2.h>
#include <openssl/sha.h>
#include <png.h>
#include <zlib.h>

enum { QUALITY = 82, WIDTH_COUNT = 3 };
static const int WIDTHS[WIDTH_COUNT] = {320, 640, 1280};

/* ------------------------------------------------------------------------------------------ */
/* Images and the resampler                                                                     */

typedef struct {
  int width, height, channels; /* channels: 3 (RGB) or 4 (RGBA) */
  uint8_t *pixels;
} Image;

static void image_free(Image *image) {
  free(image->pixels);
  image->pixels = NULL;
}

/* Source pixels and weights for every output pixel along one axis (as wallgen's
 * Resampler.Axis): Lanczos-3, widened by the scale when shrinking, rows summing to 1. */
typedef struct {
  int taps;
  int *starts;
  float *weights; /* output * taps */
} Axis;

static double lanczos3(double x) {
  x = fabs(x);
  if (x >= 3) return 0;
  if (x < 1e-9) return 1;
  double pix = M_PI * x;
  return 3 * sin(pix) * sin(pix / 3) / (pix * pix);
}

static Axis axis_make(int source, int output) {
  Axis axis;
  double scale = (double)source / output;
  double filterScale = scale > 1 ? scale : 1;
  double support = 3 * filterScale;
  axis.taps = (int)ceil(2 * support) + 1;
  if (axis.taps > source) axis.taps = source;
  axis.starts = malloc(sizeof(int) * (size_t)output);
  axis.weights = malloc(sizeof(float) * (size_t)output * (size_t)axis.taps);
  double *row = malloc(sizeof(double) * (size_t)axis.taps);
  for (int i = 0; i < output; i++) {
    double center = (i + 0.5) * scale;
    int start = (int)floor(center - support);
    if (start > source - axis.taps) start = source - axis.taps;
    if (start < 0) start = 0;
    axis.starts[i] = start;
    double total = 0;
    for (int t = 0; t < axis.taps; t++) {
      row[t] = lanczos3((start + t + 0.5 - center) / filterScale);
      total += row[t];
    }
    for (int t = 0; t < axis.taps; t++) axis.weights[i * axis.taps + t] = (float)(row[t] / total);
  }
  free(row);
  return axis;
}

static void axis_free(Axis *axis) {
  free(axis->starts);
  free(axis->weights);
}

static uint8_t clamp8(float value) {
  value += 0.5f;
  return value <= 0 ? 0 : value >= 255 ? 255 : (uint8_t)value;
}

/* One row of the horizontal Lanczos pass, for C channels (a constant once inlined, so the sums
 * stay in registers). */
static inline __attribute__((always_inline)) void filter_row(const float *row, float *out,
                                                             const Axis *h, int width, int c) {
  for (int x = 0; x < width; x++) {
    const float *w = h->weights + x * h->taps;
    const float *p = row + h->starts[x] * c;
    float s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (int t = 0; t < h->taps; t++, p += c) {
      s0 += p[0] * w[t], s1 += p[1] * w[t], s2 += p[2] * w[t];
      if (c == 4) s3 += p[3] * w[t];
    }
    out[x * c] = s0, out[x * c + 1] = s1, out[x * c + 2] = s2;
    if (c == 4) out[x * c + 3] = s3;
  }
}

/* A downscaler fed row by row, as wallgen's StreamingResizer: each source row goes into a box
 * (area) average by whole factors; each finished box row is filtered horizontally (Lanczos-3)
 * into a ring of `v.taps` rows; each output row is made (vertical Lanczos-3, back to 8 bits) as
 * soon as the rows it needs are in the ring. It holds a few rows, whatever the source size.
 * RGBA is filtered premultiplied by alpha. */
typedef struct {
  int width, height, channels;    /* source */
  int bx, by;                     /* box factors */
  int reducedWidth, reducedHeight;
  int identity;                   /* the box output is the target size: no Lanczos */
  Axis h, v;
  float *box;                     /* sums of the box row being filled, reducedWidth x channels */
  float *ring;                    /* v.taps filtered rows, target width x channels each */
  float *acc;
  int row, rowsInBox, reducedRow, nextOutput;
  Image out;
} Shrinker;

/* Box factors as in wallgen (and libvips): the largest whole factor that leaves Lanczos a
 * shrink of at least 2. */
static void shrinker_begin(Shrinker *s, int width, int height, int channels, int targetWidth,
                           int targetHeight) {
  memset(s, 0, sizeof *s);
  s->width = width, s->height = height, s->channels = channels;
  s->bx = width / targetWidth / 2, s->by = height / targetHeight / 2;
  if (s->bx < 1) s->bx = 1;
  if (s->by < 1) s->by = 1;
  s->reducedWidth = (width + s->bx - 1) / s->bx;
  s->reducedHeight = (height + s->by - 1) / s->by;
  s->identity = s->reducedWidth == targetWidth && s->reducedHeight == targetHeight;
  size_t rowLength = (size_t)targetWidth * (size_t)channels;
  s->box = calloc((size_t)s->reducedWidth * (size_t)channels, sizeof(float));
  if (!s->identity) {
    s->h = axis_make(s->reducedWidth, targetWidth);
    s->v = axis_make(s->reducedHeight, targetHeight);
    s->ring = malloc(sizeof(float) * rowLength * (size_t)s->v.taps);
    s->acc = malloc(sizeof(float) * rowLength);
  }
  s->out = (Image){targetWidth, targetHeight, channels,
                   malloc(rowLength * (size_t)targetHeight)};
}

static inline __attribute__((always_inline)) void box_add_row(Shrinker *s, const uint8_t *p,
                                                              int c) {
  for (int rx = 0; rx < s->reducedWidth; rx++) {
    int x0 = rx * s->bx, x1 = x0 + s->bx < s->width ? x0 + s->bx : s->width;
    uint32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (const uint8_t *q = p + x0 * c; q < p + x1 * c; q += c) {
      if (c == 3) {
        s0 += q[0], s1 += q[1], s2 += q[2];
      } else {
        s0 += q[0] * q[3], s1 += q[1] * q[3], s2 += q[2] * q[3], s3 += q[3];
      }
    }
    float *sums = s->box + rx * c;
    sums[0] += (float)s0, sums[1] += (float)s1, sums[2] += (float)s2;
    if (c == 4) sums[3] += (float)s3;
  }
}

/* Rounds one row of floats (premultiplied when RGBA) into an 8-bit output row. */
static void store_row(const float *acc, uint8_t *out, int width, int c) {
  if (c == 3) {
    for (int i = 0; i < width * 3; i++) out[i] = clamp8(acc[i]);
    return;
  }
  for (int x = 0; x < width; x++) {
    float a = acc[x * 4 + 3];
    a = a < 0 ? 0 : a > 255 ? 255 : a;
    float inv = a > 0 ? 1 / a : 0;
    for (int k = 0; k < 3; k++) out[x * 4 + k] = clamp8(acc[x * 4 + k] * inv);
    out[x * 4 + 3] = clamp8(a);
  }
}

/* Averages the finished box row, filters it into the ring, and makes every output row whose
 * source rows have all arrived. */
static void shrinker_finish_box(Shrinker *s) {
  int c = s->channels, width = s->out.width;
  size_t rowLength = (size_t)width * (size_t)c;
  for (int rx = 0; rx < s->reducedWidth; rx++) {
    int spanX = rx * s->bx + s->bx <= s->width ? s->bx : s->width - rx * s->bx;
    float scale = 1.0f / ((float)spanX * (float)s->rowsInBox);
    for (int k = 0; k < c; k++) s->box[rx * c + k] *= scale;
  }
  if (s->identity) {
    store_row(s->box, s->out.pixels + (size_t)s->reducedRow * rowLength, width, c);
  } else {
    float *slot = s->ring + (size_t)(s->reducedRow % s->v.taps) * rowLength;
    if (c == 3)
      filter_row(s->box, slot, &s->h, width, 3);
    else
      filter_row(s->box, slot, &s->h, width, 4);
    int taps = s->v.taps;
    while (s->nextOutput < s->out.height &&
           s->v.starts[s->nextOutput] + taps - 1 <= s->reducedRow) {
      const float *w = s->v.weights + s->nextOutput * taps;
      int start = s->v.starts[s->nextOutput];
      const float *first = s->ring + (size_t)(start % taps) * rowLength;
      for (size_t i = 0; i < rowLength; i++) s->acc[i] = first[i] * w[0];
      for (int t = 1; t < taps; t++) {
        const float *row = s->ring + (size_t)((start + t) % taps) * rowLength;
        float weight = w[t];
        for (size_t i = 0; i < rowLength; i++) s->acc[i] += row[i] * weight;
      }
      store_row(s->acc, s->out.pixels + (size_t)s->nextOutput * rowLength, width, c);
      s->nextOutput++;
    }
  }
  memset(s->box, 0, sizeof(float) * (size_t)s->reducedWidth * (size_t)c);
  s->rowsInBox = 0;
  s->reducedRow++;
}

/* Takes the next `count` packed source rows. */
static void shrinker_add(Shrinker *s, const uint8_t *rows, int count) {
  int c = s->channels;
  for (int i = 0; i < count && s->row < s->height; i++, s->row++) {
    const uint8_t *p = rows + (size_t)i * (size_t)s->width * (size_t)c;
    if (c == 3)
      box_add_row(s, p, 3);
    else
      box_add_row(s, p, 4);
    s->rowsInBox++;
    if (s->rowsInBox == s->by || s->row == s->height - 1) shrinker_finish_box(s);
  }
}

/* The output, once every source row has been added; frees the rest. */
static Image shrinker_finish(Shrinker *s) {
  free(s->box);
  free(s->ring);
  free(s->acc);
  if (!s->identity) {
    axis_free(&s->h);
    axis_free(&s->v);
  }
  return s->out;
}

/* Resizes a whole image (box pre-reduction, then Lanczos-3, as wallgen's resizers). */
static Image resize(const Image *src, int width, int height) {
  Shrinker s;
  shrinker_begin(&s, src->width, src->height, src->channels, width, height);
  shrinker_add(&s, src->pixels, src->height);
  return shrinker_finish(&s);
}

/* ------------------------------------------------------------------------------------------ */
/* Orientation, colour, alpha                                                                   */

/* EXIF orientation (1...8) from a TIFF block, 1 when absent or malformed. */
static int exif_orientation(const uint8_t *tiff, size_t length) {
  if (length < 8) return 1;
  int little = tiff[0] == 'I' && tiff[1] == 'I';
  if (!little && !(tiff[0] == 'M' && tiff[1] == 'M')) return 1;
#define U16(p) (little ? (uint32_t)(p)[0] | (uint32_t)(p)[1] << 8 : (uint32_t)(p)[1] | (uint32_t)(p)[0] << 8)
#define U32(p) (little ? U16(p) | U16((p) + 2) << 16 : U16((p) + 2) | U16(p) << 16)
  uint32_t ifd = U32(tiff + 4);
  if (ifd > length - 2) return 1;
  uint32_t count = U16(tiff + ifd);
  for (uint32_t i = 0; i < count && ifd + 2 + 12 * (i + 1) <= length; i++) {
    const uint8_t *entry = tiff + ifd + 2 + 12 * i;
    if (U16(entry) == 0x0112 && U16(entry + 2) == 3) {
      uint32_t value = U16(entry + 8);
      return value >= 1 && value <= 8 ? (int)value : 1;
    }
  }
#undef U32
#undef U16
  return 1;
}

/* The stored image turned upright for EXIF orientation 2...8. */
static Image orient(Image src, int orientation) {
  if (orientation <= 1) return src;
  int c = src.channels, w = src.width, h = src.height;
  int swap = orientation >= 5;
  Image dst = {swap ? h : w, swap ? w : h, c, malloc((size_t)w * (size_t)h * (size_t)c)};
  for (int y = 0; y < dst.height; y++) {
    for (int x = 0; x < dst.width; x++) {
      int sx, sy; /* the stored pixel shown at (x, y) */
      switch (orientation) {
      case 2: sx = w - 1 - x, sy = y; break;
      case 3: sx = w - 1 - x, sy = h - 1 - y; break;
      case 4: sx = x, sy = h - 1 - y; break;
      case 5: sx = y, sy = x; break;
      case 6: sx = y, sy = h - 1 - x; break;
      case 7: sx = w - 1 - y, sy = h - 1 - x; break;
      default: sx = w - 1 - y, sy = x; break; /* 8 */
      }
      memcpy(dst.pixels + ((size_t)y * dst.width + x) * c, src.pixels + ((size_t)sy * w + sx) * c,
             (size_t)c);
    }
  }
  image_free(&src);
  return dst;
}

/* Converts from an embedded RGB ICC profile to sRGB (perceptual), unless it is sRGB itself
 * (judged by its description, a cheaper test than wallgen's comparison of colorants). */
static void to_srgb(Image *image, const uint8_t *icc, size_t length) {
  if (icc == NULL || length == 0) return;
  cmsHPROFILE input = cmsOpenProfileFromMem(icc, (cmsUInt32Number)length);
  if (input == NULL) return;
  char name[256] = "";
  cmsGetProfileInfoASCII(input, cmsInfoDescription, "en", "US", name, sizeof name);
  if (cmsGetColorSpace(input) != cmsSigRgbData || strstr(name, "sRGB") != NULL) {
    cmsCloseProfile(input);
    return;
  }
  cmsHPROFILE srgb = cmsCreate_sRGBProfile();
  cmsUInt32Number format = image->channels == 4 ? TYPE_RGBA_8 : TYPE_RGB_8;
  cmsHTRANSFORM transform = cmsCreateTransform(input, format, srgb, format, INTENT_PERCEPTUAL,
                                               image->channels == 4 ? cmsFLAGS_COPY_ALPHA : 0);
  if (transform != NULL) {
    cmsDoTransform(transform, image->pixels, image->pixels,
                   (cmsUInt32Number)image->width * (cmsUInt32Number)image->height);
    cmsDeleteTransform(transform);
  }
  cmsCloseProfile(srgb);
  cmsCloseProfile(input);
}

/* Drops the alpha channel when every pixel is opaque (wallgen then writes JPEG). */
static void drop_opaque_alpha(Image *image) {
  if (image->channels != 4) return;
  size_t count = (size_t)image->width * (size_t)image->height;
  for (size_t i = 0; i < count; i++)
    if (image->pixels[i * 4 + 3] != 255) return;
  for (size_t i = 0; i < count; i++) memmove(image->pixels + i * 3, image->pixels + i * 4, 3);
  image->channels = 3;
}

/* ------------------------------------------------------------------------------------------ */
/* Codecs                                                                                       */

typedef struct {
  struct jpeg_error_mgr pub;
  jmp_buf jump;
} JPEGErrors;

static void jpeg_fail(j_common_ptr cinfo) {
  (*cinfo->err->output_message)(cinfo);
  longjmp(((JPEGErrors *)cinfo->err)->jump, 1);
}

static void jpeg_quiet(j_common_ptr cinfo, int level) { (void)cinfo, (void)level; }

/* What to make of one source. */
typedef struct {
  int kept[WIDTH_COUNT], count;   /* widths, ascending */
  int uprightWidth, uprightHeight;
  int targetWidth, targetHeight;  /* the largest variant, stored orientation */
} Plan;

static int height_for(int targetWidth, int width, int height) {
  long h = ((long)height * targetWidth * 2 + width) / (2L * width);
  return h < 1 ? 1 : (int)h;
}

/* Widths above the upright width are dropped (the upright width itself if none fits). */
static Plan plan_for(int width, int height, int orientation) {
  Plan plan = {.count = 0};
  int swap = orientation >= 5;
  plan.uprightWidth = swap ? height : width;
  plan.uprightHeight = swap ? width : height;
  for (int i = 0; i < WIDTH_COUNT; i++)
    if (WIDTHS[i] <= plan.uprightWidth) plan.kept[plan.count++] = WIDTHS[i];
  if (plan.count == 0) plan.kept[plan.count++] = plan.uprightWidth;
  int largest = plan.kept[plan.count - 1];
  int largestHeight = height_for(largest, plan.uprightWidth, plan.uprightHeight);
  plan.targetWidth = swap ? largestHeight : largest;
  plan.targetHeight = swap ? largest : largestHeight;
  return plan;
}

/* What a decoder hands on: the largest variant (stored orientation) and what it needs next. */
typedef struct {
  Image largest;
  Plan plan;
  int orientation; /* EXIF, 1...8 */
  uint8_t *icc;    /* malloc'd or NULL */
  size_t iccLength;
} Decoded;

enum { BATCH = 16 }; /* rows per decoder call */

/* -d: decode rows and drop them (no shrinker, no variants, no files). */
static int decodeOnly;

/* One DCT-scaled decode (the smallest M/8 whose output covers the largest variant), streamed
 * 16 rows at a time through the shrinker to the largest variant. */
static int decode_jpeg(const uint8_t *data, size_t size, Decoded *out) {
  struct jpeg_decompress_struct cinfo;
  JPEGErrors errors;
  cinfo.err = jpeg_std_error(&errors.pub);
  errors.pub.error_exit = jpeg_fail;
  errors.pub.emit_message = jpeg_quiet;
  uint8_t *volatile rows = NULL;
  Shrinker shrinker = {.box = NULL};
  if (setjmp(errors.jump)) {
    jpeg_destroy_decompress(&cinfo);
    free(rows);
    /* The shrinker's buffers are left: its fields are indeterminate after longjmp. */
    return -1;
  }
  jpeg_create_decompress(&cinfo);
  jpeg_mem_src(&cinfo, data, (unsigned long)size);
  jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
  jpeg_save_markers(&cinfo, JPEG_APP0 + 2, 0xFFFF);
  jpeg_read_header(&cinfo, TRUE);
  out->orientation = 1;
  for (jpeg_saved_marker_ptr m = cinfo.marker_list; m != NULL; m = m->next)
    if (m->marker == JPEG_APP0 + 1 && m->data_length > 6 && memcmp(m->data, "Exif\0\0", 6) == 0) {
      out->orientation = exif_orientation(m->data + 6, m->data_length - 6);
      break;
    }
  unsigned int iccLength = 0;
  JOCTET *icc = NULL;
  if (jpeg_read_icc_profile(&cinfo, &icc, &iccLength)) out->icc = icc, out->iccLength = iccLength;
  int w = (int)cinfo.image_width, h = (int)cinfo.image_height;
  out->plan = plan_for(w, h, out->orientation);
  int tw = out->plan.targetWidth, th = out->plan.targetHeight;
  int m = 1;
  while (m < 8 && ((w * m + 7) / 8 < tw || (h * m + 7) / 8 < th)) m++;
  cinfo.scale_num = (unsigned int)m;
  cinfo.scale_denom = 8;
  cinfo.dct_method = JDCT_ISLOW;
  cinfo.do_fancy_upsampling = m == 8;
  if (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK) {
    fprintf(stderr, "limit: CMYK JPEG not supported\n");
    longjmp(errors.jump, 1);
  }
  cinfo.out_color_space = JCS_RGB;
  jpeg_start_decompress(&cinfo);
  size_t rowBytes = (size_t)cinfo.output_width * 3;
  rows = malloc(rowBytes * BATCH);
  if (!decodeOnly)
    shrinker_begin(&shrinker, (int)cinfo.output_width, (int)cinfo.output_height, 3, tw, th);
  while (cinfo.output_scanline < cinfo.output_height) {
    JSAMPROW pointers[BATCH];
    int n = 0;
    while (n < BATCH && cinfo.output_scanline < cinfo.output_height) {
      for (int i = n; i < BATCH; i++) pointers[i] = rows + rowBytes * (size_t)i;
      n += (int)jpeg_read_scanlines(&cinfo, pointers + n, (JDIMENSION)(BATCH - n));
    }
    if (!decodeOnly) shrinker_add(&shrinker, rows, n);
  }
  jpeg_finish_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  free(rows);
  if (!decodeOnly) out->largest = shrinker_finish(&shrinker);
  return 0;
}

typedef struct {
  const uint8_t *data;
  size_t size, offset;
} PNGReader;

static void png_read_memory(png_structp png, png_bytep target, png_size_t length) {
  PNGReader *reader = png_get_io_ptr(png);
  if (length > reader->size - reader->offset) png_error(png, "truncated");
  memcpy(target, reader->data + reader->offset, length);
  reader->offset += length;
}

static void png_quiet(png_structp png, png_const_charp message) { (void)png, (void)message; }

/* libpng decode to RGB8, or RGBA8 when the file has alpha or tRNS, with the transforms of
 * wallgen's PNG shim (which mirror libpng's simplified API); rows streamed through the
 * shrinker 16 at a time (an interlaced file is read whole first). */
static int decode_png(const uint8_t *data, size_t size, Decoded *out) {
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, png_quiet);
  png_infop info = png_create_info_struct(png);
  PNGReader reader = {data, size, 0};
  uint8_t *volatile pixels = NULL;
  Shrinker shrinker = {.box = NULL};
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_read_struct(&png, &info, NULL);
    free(pixels);
    /* The shrinker's buffers are left: its fields are indeterminate after longjmp. */
    return -1;
  }
  png_set_read_fn(png, &reader, png_read_memory);
  png_set_benign_errors(png, 1);
  png_read_info(png, info);
  int w = (int)png_get_image_width(png, info), h = (int)png_get_image_height(png, info);
  int colorType = png_get_color_type(png, info);
  int sixteen = png_get_bit_depth(png, info) == 16;
  int alpha = (colorType & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS);
  png_charp name;
  int compression;
  png_bytep profile;
  png_uint_32 profileLength;
  if (png_get_iCCP(png, info, &name, &compression, &profile, &profileLength) && profile) {
    out->icc = malloc(profileLength);
    memcpy(out->icc, profile, profileLength);
    out->iccLength = profileLength;
  }
  png_set_expand(png);
  if (!(colorType & PNG_COLOR_MASK_COLOR)) png_set_gray_to_rgb(png);
  png_set_alpha_mode_fixed(png, PNG_ALPHA_PNG, sixteen ? PNG_GAMMA_LINEAR : PNG_DEFAULT_sRGB);
  if (sixteen) png_set_scale_16(png);
  png_set_alpha_mode_fixed(png, PNG_ALPHA_PNG, PNG_DEFAULT_sRGB);
  int passes = png_set_interlace_handling(png);
  png_read_update_info(png, info);
  int channels = alpha ? 4 : 3;
  out->orientation = 1;
  out->plan = plan_for(w, h, 1);
  int tw = out->plan.targetWidth, th = out->plan.targetHeight;
  size_t rowBytes = (size_t)w * (size_t)channels;
  int batch = passes == 1 ? BATCH : h;
  pixels = malloc(rowBytes * (size_t)batch);
  if (!decodeOnly) shrinker_begin(&shrinker, w, h, channels, tw, th);
  if (passes == 1) {
    for (int y = 0; y < h;) {
      int n = 0;
      for (; n < BATCH && y < h; n++, y++) png_read_row(png, pixels + rowBytes * (size_t)n, NULL);
      if (!decodeOnly) shrinker_add(&shrinker, pixels, n);
    }
  } else {
    for (int pass = 0; pass < passes; pass++)
      for (int y = 0; y < h; y++) png_read_row(png, pixels + rowBytes * (size_t)y, NULL);
    if (!decodeOnly) shrinker_add(&shrinker, pixels, h);
  }
  png_read_end(png, NULL);
  png_destroy_read_struct(&png, &info, NULL);
  free(pixels);
  if (!decodeOnly) out->largest = shrinker_finish(&shrinker);
  return 0;
}

/* Progressive JPEG, quality 82, optimized Huffman, ISLOW, written straight to `file`. */
static int encode_jpeg(const Image *image, FILE *file) {
  struct jpeg_compress_struct cinfo;
  JPEGErrors errors;
  cinfo.err = jpeg_std_error(&errors.pub);
  errors.pub.error_exit = jpeg_fail;
  if (setjmp(errors.jump)) {
    jpeg_destroy_compress(&cinfo);
    return -1;
  }
  jpeg_create_compress(&cinfo);
  jpeg_stdio_dest(&cinfo, file);
  cinfo.image_width = (JDIMENSION)image->width;
  cinfo.image_height = (JDIMENSION)image->height;
  cinfo.input_components = 3;
  cinfo.in_color_space = JCS_RGB;
  jpeg_set_defaults(&cinfo);
  jpeg_set_quality(&cinfo, QUALITY, TRUE);
  cinfo.dct_method = JDCT_ISLOW;
  cinfo.optimize_coding = TRUE;
  /* wallgen's scans (Sources/CJPEGShim/shim.c): spectral selection only, five scans. */
  static const jpeg_scan_info scans[] = {
      {3, {0, 1, 2, 0}, 0, 0, 0, 0}, {1, {0, 0, 0, 0}, 1, 5, 0, 0}, {1, {1, 0, 0, 0}, 1, 63, 0, 0},
      {1, {2, 0, 0, 0}, 1, 63, 0, 0}, {1, {0, 0, 0, 0}, 6, 63, 0, 0}};
  cinfo.scan_info = scans;
  cinfo.num_scans = 5;
  jpeg_start_compress(&cinfo, TRUE);
  size_t rowBytes = (size_t)image->width * 3;
  while (cinfo.next_scanline < cinfo.image_height) {
    JSAMPROW row = image->pixels + rowBytes * cinfo.next_scanline;
    jpeg_write_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_compress(&cinfo);
  jpeg_destroy_compress(&cinfo);
  return 0;
}

/* 8-bit RGBA PNG, libpng's default (adaptive) filters, zlib's Z_RLE, no ancillary chunks. */
static int encode_png(const Image *image, FILE *file) {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop info = png_create_info_struct(png);
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    return -1;
  }
  png_init_io(png, file);
  png_set_compression_strategy(png, Z_RLE); /* as wallgen's PNG shim */
  png_set_IHDR(png, info, (png_uint_32)image->width, (png_uint_32)image->height, 8,
               PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  for (int y = 0; y < image->height; y++)
    png_write_row(png, image->pixels + (size_t)y * (size_t)image->width * 4);
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);
  return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* One photo                                                                                    */

static const char *outputRoot = NULL;

static FILE *open_output(const char *key, const char *variant, const char *extension) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%.2s", outputRoot, key);
  if (mkdir(path, 0755) != 0 && errno != EEXIST) return NULL;
  snprintf(path, sizeof path, "%s/%.2s/%s-%s.%s", outputRoot, key, key, variant, extension);
  return fopen(path, "wb");
}

static int write_variant(const Image *image, const char *key) {
  char variant[32];
  snprintf(variant, sizeof variant, "w%d", image->width);
  int opaque = image->channels == 3;
  FILE *file = open_output(key, variant, opaque ? "jpg" : "png");
  if (file == NULL) return -1;
  int status = opaque ? encode_jpeg(image, file) : encode_png(image, file);
  return fclose(file) != 0 ? -1 : status;
}

static uint8_t *read_file(const char *path, size_t *size) {
  FILE *file = fopen(path, "rb");
  if (file == NULL) return NULL;
  struct stat info;
  uint8_t *data = NULL;
  if (fstat(fileno(file), &info) == 0 && info.st_size > 0) {
    data = malloc((size_t)info.st_size);
    if (data != NULL && fread(data, 1, (size_t)info.st_size, file) != (size_t)info.st_size) {
      free(data);
      data = NULL;
    }
    *size = (size_t)info.st_size;
  }
  fclose(file);
  return data;
}

static int process(const char *path) {
  size_t size = 0;
  uint8_t *data = read_file(path, &size);
  if (data == NULL) return -1;
  /* The key, as wallgen's media store: SHA-256 of the source bytes. */
  uint8_t digest[SHA256_DIGEST_LENGTH];
  SHA256(data, size, digest);
  char key[33];
  for (int i = 0; i < 16; i++) snprintf(key + 2 * i, 3, "%02x", digest[i]);
  int isJPEG = size > 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF;
  int isPNG = size > 8 && memcmp(data, "\x89PNG\r\n\x1a\n", 8) == 0;
  Decoded decoded = {.icc = NULL};
  int status = isJPEG ? decode_jpeg(data, size, &decoded) : isPNG ? decode_png(data, size, &decoded) : -1;
  if (status == 0 && !decodeOnly) {
    Plan plan = decoded.plan;
    Image current = decoded.largest;
    to_srgb(&current, decoded.icc, decoded.iccLength);
    drop_opaque_alpha(&current);
    current = orient(current, decoded.orientation);
    status = write_variant(&current, key);
    /* Each smaller width from the previous one. */
    for (int i = plan.count - 2; i >= 0 && status == 0; i--) {
      int height = height_for(plan.kept[i], plan.uprightWidth, plan.uprightHeight);
      Image smaller = resize(&current, plan.kept[i], height);
      image_free(&current);
      current = smaller;
      drop_opaque_alpha(&current);
      status = write_variant(&current, key);
    }
    image_free(&current);
    /* The original, bit for bit, from the bytes already read. */
    FILE *file = status == 0 ? open_output(key, "original", isJPEG ? "jpg" : "png") : NULL;
    if (file == NULL || fwrite(data, 1, size, file) != size) status = -1;
    if (file != NULL && fclose(file) != 0) status = -1;
  }
  free(decoded.icc);
  free(data);
  if (status != 0) fprintf(stderr, "limit: %s: failed\n", path);
  return status;
}

/* ------------------------------------------------------------------------------------------ */
/* Workers                                                                                      */

static char **files;
static int fileCount;
static atomic_int nextFile;
static atomic_int failures;

static void *worker(void *unused) {
  (void)unused;
  for (int i; (i = atomic_fetch_add(&nextFile, 1)) < fileCount;)
    if (process(files[i]) != 0) atomic_fetch_add(&failures, 1);
  return NULL;
}

int main(int argc, char **argv) {
  int jobs = 1;
  int first = 1;
  outputRoot = ".";
  while (first + 1 < argc && argv[first][0] == '-') {
    if (strcmp(argv[first], "-d") == 0) {
      decodeOnly = 1;
      first += 1;
      continue;
    }
    if (strcmp(argv[first], "-j") == 0) jobs = atoi(argv[first + 1]);
    else if (strcmp(argv[first], "-o") == 0) outputRoot = argv[first + 1];
    else break;
    first += 2;
  }
  if (jobs < 1 || first >= argc) {
    fprintf(stderr, "usage: limit [-j JOBS] [-o OUT] [-d] FILE...\n");
    return 64;
  }
  files = argv + first;
  fileCount = argc - first;
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  pthread_t threads[64];
  if (jobs > 64) jobs = 64;
  for (int i = 0; i < jobs; i++) pthread_create(&threads[i], NULL, worker, NULL);
  for (int i = 0; i < jobs; i++) pthread_join(threads[i], NULL);
  clock_gettime(CLOCK_MONOTONIC, &end);
  double seconds = (double)(end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
  printf("images %d seconds %.3f failed %d\n", fileCount, seconds, atomic_load(&failures));
  return atomic_load(&failures) == 0 ? 0 : 1;
}
