#include "CJPEGShim.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

/* libjpeg's error manager, extended with our jump target and message storage. */
typedef struct {
  struct jpeg_error_mgr pub;
  jmp_buf jump;
  char errorMessage[JMSG_LENGTH_MAX];
  char firstWarning[JMSG_LENGTH_MAX];
} ShimErrorManager;

struct CJPEGShim_Decoder {
  struct jpeg_decompress_struct cinfo;
  ShimErrorManager err;
  int created;       /* jpeg_create_decompress succeeded */
  int state;         /* 0 new, 1 header read, 2 started, 3 finished, -1 failed */
  int outputCMYK;    /* libjpeg outputs CMYK which we convert to RGB */
  int adobeInverted;
  unsigned char *scratch; /* one CMYK row */
  unsigned char *icc;     /* from jpeg_read_icc_profile (malloc'd) */
  long maxMemory;
  int maxScans;
  struct jpeg_progress_mgr progress;
};

static void shim_error_exit(j_common_ptr cinfo) {
  ShimErrorManager *err = (ShimErrorManager *)cinfo->err;
  if (err->pub.msg_code == JERR_NO_BACKING_STORE && cinfo->mem->max_memory_to_use > 0) {
    /* libjpeg wanted a temporary file because the whole-image coefficient buffer of a
     * progressive or multi-scan file would exceed max_memory_to_use. */
    snprintf(err->errorMessage, JMSG_LENGTH_MAX,
             "decoding needs more than the decoder memory limit of %ld bytes",
             cinfo->mem->max_memory_to_use);
  } else {
    (*cinfo->err->format_message)(cinfo, err->errorMessage);
  }
  longjmp(err->jump, 1);
}

/* Stops decoding a file with more scans than allowed (libjpeg-turbo's -maxscans). */
static void shim_progress(j_common_ptr cinfo) {
  if (!cinfo->is_decompressor) return;
  j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
  CJPEGShim_Decoder *decoder = (CJPEGShim_Decoder *)dinfo->client_data;
  if (decoder != NULL && decoder->maxScans > 0 && dinfo->input_scan_number > decoder->maxScans) {
    ShimErrorManager *err = (ShimErrorManager *)cinfo->err;
    snprintf(err->errorMessage, JMSG_LENGTH_MAX, "the file has more than %d scans",
             decoder->maxScans);
    longjmp(err->jump, 1);
  }
}

/* Never print anything: libjpeg's default writes to stderr. */
static void shim_output_message(j_common_ptr cinfo) { (void)cinfo; }

/* Count corrupt-data warnings (level -1) like libjpeg does, keeping the first one's text. */
static void shim_emit_message(j_common_ptr cinfo, int msg_level) {
  ShimErrorManager *err = (ShimErrorManager *)cinfo->err;
  if (msg_level < 0) {
    if (err->pub.num_warnings == 0) {
      (*cinfo->err->format_message)(cinfo, err->firstWarning);
    }
    err->pub.num_warnings++;
  }
}

static void shim_install_errors(ShimErrorManager *err) {
  jpeg_std_error(&err->pub);
  err->pub.error_exit = shim_error_exit;
  err->pub.output_message = shim_output_message;
  err->pub.emit_message = shim_emit_message;
  err->errorMessage[0] = '\0';
  err->firstWarning[0] = '\0';
}

static void shim_copy(const char *source, char *buffer, size_t capacity) {
  if (buffer == NULL || capacity == 0) return;
  size_t length = strlen(source);
  if (length >= capacity) length = capacity - 1;
  memcpy(buffer, source, length);
  buffer[length] = '\0';
}

CJPEGShim_Decoder *CJPEGShim_decoderCreate(void) {
  CJPEGShim_Decoder *decoder = calloc(1, sizeof(CJPEGShim_Decoder));
  if (decoder == NULL) return NULL;
  shim_install_errors(&decoder->err);
  decoder->cinfo.err = &decoder->err.pub;
  if (setjmp(decoder->err.jump)) {
    decoder->state = -1;
    return decoder;
  }
  jpeg_create_decompress(&decoder->cinfo);
  decoder->cinfo.client_data = decoder;
  decoder->progress.progress_monitor = shim_progress;
  decoder->cinfo.progress = &decoder->progress;
  decoder->created = 1;
  return decoder;
}

void CJPEGShim_decoderDestroy(CJPEGShim_Decoder *decoder) {
  if (decoder == NULL) return;
  if (decoder->created) jpeg_destroy_decompress(&decoder->cinfo);
  free(decoder->scratch);
  free(decoder->icc);
  free(decoder);
}

static int shim_color_space(J_COLOR_SPACE space) {
  switch (space) {
  case JCS_GRAYSCALE: return CJPEGShim_COLOR_GRAYSCALE;
  case JCS_RGB: return CJPEGShim_COLOR_RGB;
  case JCS_YCbCr: return CJPEGShim_COLOR_YCBCR;
  case JCS_CMYK: return CJPEGShim_COLOR_CMYK;
  case JCS_YCCK: return CJPEGShim_COLOR_YCCK;
  default: return CJPEGShim_COLOR_UNKNOWN;
  }
}

static void shim_find_exif(struct jpeg_decompress_struct *cinfo, CJPEGShim_Header *header) {
  static const unsigned char exifId[6] = {'E', 'x', 'i', 'f', 0, 0};
  for (jpeg_saved_marker_ptr marker = cinfo->marker_list; marker != NULL; marker = marker->next) {
    if (marker->marker == JPEG_APP0 + 1 && marker->data_length > 6 &&
        memcmp(marker->data, exifId, 6) == 0) {
      header->exif = marker->data + 6;
      header->exifLength = marker->data_length - 6;
      return;
    }
  }
}

int CJPEGShim_readHeader(CJPEGShim_Decoder *decoder, const unsigned char *data, size_t size,
                         CJPEGShim_Header *header) {
  if (decoder == NULL || header == NULL) return CJPEGShim_BAD_ARGUMENT;
  if (decoder->state != 0 || !decoder->created) return CJPEGShim_BAD_STATE;
  memset(header, 0, sizeof(*header));
  struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
  if (setjmp(decoder->err.jump)) {
    decoder->state = -1;
    return CJPEGShim_ERROR;
  }
  jpeg_mem_src(cinfo, data, (unsigned long)size);
  jpeg_save_markers(cinfo, JPEG_APP0 + 1, 0xFFFF);
  jpeg_save_markers(cinfo, JPEG_APP0 + 2, 0xFFFF);
  (void)jpeg_read_header(cinfo, TRUE);
  header->width = (int)cinfo->image_width;
  header->height = (int)cinfo->image_height;
  header->components = cinfo->num_components;
  header->colorSpace = shim_color_space(cinfo->jpeg_color_space);
  header->progressive = cinfo->progressive_mode ? 1 : 0;
  header->adobeInverted = cinfo->saw_Adobe_marker ? 1 : 0;
  decoder->adobeInverted = header->adobeInverted;
  shim_find_exif(cinfo, header);
  JOCTET *icc = NULL;
  unsigned int iccLength = 0;
  if (jpeg_read_icc_profile(cinfo, &icc, &iccLength) && icc != NULL) {
    decoder->icc = icc;
    header->icc = icc;
    header->iccLength = iccLength;
  }
  decoder->state = 1;
  return CJPEGShim_OK;
}

int CJPEGShim_startDecode(CJPEGShim_Decoder *decoder, const CJPEGShim_DecodeOptions *options,
                          int *outputWidth, int *outputHeight) {
  if (decoder == NULL || options == NULL || outputWidth == NULL || outputHeight == NULL)
    return CJPEGShim_BAD_ARGUMENT;
  if (decoder->state != 1) return CJPEGShim_BAD_STATE;
  struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
  if (setjmp(decoder->err.jump)) {
    decoder->state = -1;
    return CJPEGShim_ERROR;
  }
  J_COLOR_SPACE source = cinfo->jpeg_color_space;
  decoder->outputCMYK = (source == JCS_CMYK || source == JCS_YCCK);
  cinfo->out_color_space = decoder->outputCMYK ? JCS_CMYK : JCS_RGB;
  cinfo->dct_method = JDCT_ISLOW;
  cinfo->do_fancy_upsampling = options->disableFancyUpsampling ? FALSE : TRUE;
  decoder->maxScans = options->maxScans;
  if (options->maxMemory > 0) cinfo->mem->max_memory_to_use = options->maxMemory;

  if (options->scaleNum > 0 && options->scaleDenom > 0) {
    cinfo->scale_num = (unsigned int)options->scaleNum;
    cinfo->scale_denom = (unsigned int)options->scaleDenom;
  } else if (options->minWidth <= 0 && options->minHeight <= 0) {
    cinfo->scale_num = 1;
    cinfo->scale_denom = 1;
  } else {
    /* The smallest M/8 whose output is not below the requested minimum; 8/8 at most. */
    cinfo->scale_denom = 8;
    for (unsigned int m = 1; m <= 8; m++) {
      cinfo->scale_num = m;
      jpeg_calc_output_dimensions(cinfo);
      if ((int)cinfo->output_width >= options->minWidth &&
          (int)cinfo->output_height >= options->minHeight)
        break;
    }
  }
  jpeg_calc_output_dimensions(cinfo);
  if (decoder->outputCMYK) {
    decoder->scratch = malloc((size_t)cinfo->output_width * 4);
    if (decoder->scratch == NULL) {
      shim_copy("out of memory for a CMYK row", decoder->err.errorMessage, JMSG_LENGTH_MAX);
      decoder->state = -1;
      return CJPEGShim_ERROR;
    }
  }
  (void)jpeg_start_decompress(cinfo);
  *outputWidth = (int)cinfo->output_width;
  *outputHeight = (int)cinfo->output_height;
  decoder->state = 2;
  return CJPEGShim_OK;
}

/* Inverted (Adobe) CMYK stores 255 - ink, so R = C*K/255; plain CMYK stores ink. */
static void shim_cmyk_to_rgb(const unsigned char *cmyk, unsigned char *rgb, size_t width,
                             int inverted) {
  for (size_t x = 0; x < width; x++) {
    unsigned int c = cmyk[4 * x], m = cmyk[4 * x + 1], y = cmyk[4 * x + 2], k = cmyk[4 * x + 3];
    if (!inverted) {
      c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k;
    }
    rgb[3 * x] = (unsigned char)(c * k / 255);
    rgb[3 * x + 1] = (unsigned char)(m * k / 255);
    rgb[3 * x + 2] = (unsigned char)(y * k / 255);
  }
}

int CJPEGShim_readPixels(CJPEGShim_Decoder *decoder, unsigned char *rgb, size_t capacity) {
  if (decoder == NULL || rgb == NULL) return CJPEGShim_BAD_ARGUMENT;
  if (decoder->state != 2) return CJPEGShim_BAD_STATE;
  struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
  size_t rowBytes = (size_t)cinfo->output_width * 3;
  if (capacity / rowBytes < (size_t)cinfo->output_height) return CJPEGShim_BAD_ARGUMENT;
  if (setjmp(decoder->err.jump)) {
    decoder->state = -1;
    return CJPEGShim_ERROR;
  }
  while (cinfo->output_scanline < cinfo->output_height) {
    unsigned char *row = rgb + rowBytes * cinfo->output_scanline;
    JSAMPROW target = decoder->outputCMYK ? decoder->scratch : row;
    if (jpeg_read_scanlines(cinfo, &target, 1) != 1) break;
    if (decoder->outputCMYK)
      shim_cmyk_to_rgb(decoder->scratch, row, cinfo->output_width, decoder->adobeInverted);
  }
  (void)jpeg_finish_decompress(cinfo);
  decoder->state = 3;
  return CJPEGShim_OK;
}

int CJPEGShim_readRows(CJPEGShim_Decoder *decoder, unsigned char *rgb, size_t capacity,
                       int maxRows, int *rowsRead) {
  if (decoder == NULL || rgb == NULL || rowsRead == NULL || maxRows <= 0)
    return CJPEGShim_BAD_ARGUMENT;
  *rowsRead = 0;
  if (decoder->state != 2) return CJPEGShim_BAD_STATE;
  struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
  size_t rowBytes = (size_t)cinfo->output_width * 3;
  if (capacity / rowBytes < (size_t)maxRows) return CJPEGShim_BAD_ARGUMENT;
  if (setjmp(decoder->err.jump)) {
    decoder->state = -1;
    return CJPEGShim_ERROR;
  }
  int count = 0;
  while (count < maxRows && cinfo->output_scanline < cinfo->output_height) {
    unsigned char *row = rgb + rowBytes * (size_t)count;
    if (decoder->outputCMYK) {
      JSAMPROW target = decoder->scratch;
      if (jpeg_read_scanlines(cinfo, &target, 1) != 1) break;
      shim_cmyk_to_rgb(decoder->scratch, row, cinfo->output_width, decoder->adobeInverted);
      count++;
      continue;
    }
    /* Several rows per call: with merged upsampling libjpeg then writes both rows of an
     * iMCU row straight into ours instead of through its spare row. */
    enum { SHIM_ROWS_PER_CALL = 16 };
    JSAMPROW targets[SHIM_ROWS_PER_CALL];
    int wanted = maxRows - count < SHIM_ROWS_PER_CALL ? maxRows - count : SHIM_ROWS_PER_CALL;
    for (int i = 0; i < wanted; i++) targets[i] = row + rowBytes * (size_t)i;
    JDIMENSION got = jpeg_read_scanlines(cinfo, targets, (JDIMENSION)wanted);
    if (got == 0) break;
    count += (int)got;
  }
  *rowsRead = count;
  return CJPEGShim_OK;
}

int CJPEGShim_finishDecode(CJPEGShim_Decoder *decoder) {
  if (decoder == NULL) return CJPEGShim_BAD_ARGUMENT;
  if (decoder->state != 2) return CJPEGShim_BAD_STATE;
  if (setjmp(decoder->err.jump)) {
    decoder->state = -1;
    return CJPEGShim_ERROR;
  }
  /* Rows left unread (a caller that stopped early) are skipped by abort, not an error. */
  if (decoder->cinfo.output_scanline < decoder->cinfo.output_height)
    jpeg_abort_decompress(&decoder->cinfo);
  else
    (void)jpeg_finish_decompress(&decoder->cinfo);
  decoder->state = 3;
  return CJPEGShim_OK;
}

long CJPEGShim_warningCount(const CJPEGShim_Decoder *decoder) {
  return decoder == NULL ? 0 : decoder->err.pub.num_warnings;
}

void CJPEGShim_copyFirstWarning(const CJPEGShim_Decoder *decoder, char *buffer, size_t capacity) {
  shim_copy(decoder == NULL ? "" : decoder->err.firstWarning, buffer, capacity);
}

void CJPEGShim_copyErrorMessage(const CJPEGShim_Decoder *decoder, char *buffer, size_t capacity) {
  shim_copy(decoder == NULL ? "" : decoder->err.errorMessage, buffer, capacity);
}

/* State that must survive a longjmp out of the encoder, so it lives on the heap. */
typedef struct {
  struct jpeg_compress_struct cinfo;
  ShimErrorManager err;
  unsigned char *buffer;
  unsigned long size;
} ShimEncoder;

/* The progressive scans of wallgen's JPEGs (YCbCr): spectral selection only, each coefficient
 * sent once -- the DC of all three components (a whole low-resolution picture first), the
 * luma's lowest AC band, each chroma's AC, then the rest of the luma. Against libjpeg's
 * default script (jpeg_simple_progression: 10 scans with successive approximation) it encodes
 * in about 56 % of the time for 1.2 % more bytes, and stays 1.3 % smaller than an optimized
 * baseline file (Benchmarks/encoders/jpeg-settings.c, docs/performance.md). The decoded
 * pixels do not depend on the script. */
static const jpeg_scan_info shim_progressive_scans[] = {
    {3, {0, 1, 2, 0}, 0, 0, 0, 0},
    {1, {0, 0, 0, 0}, 1, 5, 0, 0},
    {1, {1, 0, 0, 0}, 1, 63, 0, 0},
    {1, {2, 0, 0, 0}, 1, 63, 0, 0},
    {1, {0, 0, 0, 0}, 6, 63, 0, 0},
};

int CJPEGShim_encode(const unsigned char *pixels, int width, int height, int channels,
                     int quality, int progressive, const unsigned char *icc, size_t iccLength,
                     unsigned char **output, size_t *outputSize, char *message,
                     size_t messageCapacity) {
  if (output == NULL || outputSize == NULL) return CJPEGShim_BAD_ARGUMENT;
  *output = NULL;
  *outputSize = 0;
  if (pixels == NULL || width <= 0 || height <= 0 || (channels != 3 && channels != 4)) {
    shim_copy("invalid bitmap", message, messageCapacity);
    return CJPEGShim_BAD_ARGUMENT;
  }
  ShimEncoder *enc = calloc(1, sizeof(ShimEncoder));
  if (enc == NULL) {
    shim_copy("out of memory", message, messageCapacity);
    return CJPEGShim_ERROR;
  }
  shim_install_errors(&enc->err);
  enc->cinfo.err = &enc->err.pub;
  if (setjmp(enc->err.jump)) {
    shim_copy(enc->err.errorMessage, message, messageCapacity);
    jpeg_destroy_compress(&enc->cinfo);
    free(enc->buffer);
    free(enc);
    return CJPEGShim_ERROR;
  }
  jpeg_create_compress(&enc->cinfo);
  jpeg_mem_dest(&enc->cinfo, &enc->buffer, &enc->size);
  enc->cinfo.image_width = (JDIMENSION)width;
  enc->cinfo.image_height = (JDIMENSION)height;
  enc->cinfo.input_components = channels;
  enc->cinfo.in_color_space = channels == 4 ? JCS_EXT_RGBA : JCS_RGB;
  jpeg_set_defaults(&enc->cinfo);
  jpeg_set_quality(&enc->cinfo, quality, TRUE);
  enc->cinfo.dct_method = JDCT_ISLOW;
  enc->cinfo.optimize_coding = TRUE;
  if (progressive && enc->cinfo.num_components == 3) {
    enc->cinfo.scan_info = shim_progressive_scans;
    enc->cinfo.num_scans = (int)(sizeof shim_progressive_scans / sizeof shim_progressive_scans[0]);
  } else if (progressive) {
    jpeg_simple_progression(&enc->cinfo);
  }
  jpeg_start_compress(&enc->cinfo, TRUE);
  if (icc != NULL && iccLength > 0 && iccLength <= 0xFFFFFFFFu)
    jpeg_write_icc_profile(&enc->cinfo, icc, (unsigned int)iccLength);
  size_t rowBytes = (size_t)width * (size_t)channels;
  while (enc->cinfo.next_scanline < enc->cinfo.image_height) {
    JSAMPROW row = (JSAMPROW)(pixels + rowBytes * enc->cinfo.next_scanline);
    (void)jpeg_write_scanlines(&enc->cinfo, &row, 1);
  }
  jpeg_finish_compress(&enc->cinfo);
  jpeg_destroy_compress(&enc->cinfo);
  *output = enc->buffer;
  *outputSize = (size_t)enc->size;
  free(enc);
  return CJPEGShim_OK;
}

void CJPEGShim_free(void *pointer) { free(pointer); }
