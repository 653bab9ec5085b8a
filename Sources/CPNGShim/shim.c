#include "CPNGShim.h"

#include <stdlib.h>
#include <string.h>

#include <png.h>
#include <zlib.h>

#define SHIM_MESSAGE_CAPACITY 256

/* libpng's cap on one decompressed ancillary chunk (the iCCP profile is the only one still
 * inflated): libpng's own default, set explicitly so it does not depend on the build. */
#define SHIM_CHUNK_MALLOC_MAX 8000000
/* Ancillary chunks libpng may keep in memory (its default is 1000); with the text, sPLT and
 * eXIf chunks ignored, only unknown chunks could count against it, and they are discarded. */
#define SHIM_CHUNK_CACHE_MAX 32

/* Chunks wallgen never uses, listed for png_set_keep_unknown_chunks(PNG_HANDLE_CHUNK_NEVER):
 * libpng skips them (CRC checked, nothing inflated or stored). Text chunks (tEXt, zTXt, iTXt)
 * are the CPU bomb of issue #12: 990 zTXt chunks each inflating to libpng's 8 MB limit. */
static const png_byte shim_ignored_chunks[] = {
    't', 'E', 'X', 't', '\0', 'z', 'T', 'X', 't', '\0', 'i', 'T', 'X', 't', '\0',
    's', 'P', 'L', 'T', '\0', 'e', 'X', 'I', 'f', '\0'};

/* Every libpng allocation carries its size in a header, so the decoder can report the bytes
 * libpng holds now and at its peak (CPNGShim_peakBytes). */
typedef struct {
  size_t current;
  size_t peak;
} ShimAllocations;

typedef union {
  size_t size;
  max_align_t alignment;
} ShimAllocationHeader;

typedef struct {
  char errorMessage[SHIM_MESSAGE_CAPACITY];
  char firstWarning[SHIM_MESSAGE_CAPACITY];
  long warnings;
} ShimMessages;

struct CPNGShim_Decoder {
  png_structp png;
  png_infop info;
  const unsigned char *data;
  size_t size;
  size_t offset;
  int state; /* 0 new, 1 header read, 2 pixels read, 3 rows started, -1 failed */
  int passes;
  size_t rowBytes;
  png_uint_32 nextRow;
  ShimMessages messages;
  ShimAllocations allocations;
};

static png_voidp shim_malloc(png_structp png, png_alloc_size_t size) {
  ShimAllocations *allocations = png_get_mem_ptr(png);
  if (size > ((size_t)-1) - sizeof(ShimAllocationHeader)) return NULL;
  ShimAllocationHeader *header = malloc(sizeof(ShimAllocationHeader) + size);
  if (header == NULL) return NULL;
  header->size = size;
  if (allocations != NULL) {
    allocations->current += size;
    if (allocations->current > allocations->peak) allocations->peak = allocations->current;
  }
  return header + 1;
}

static void shim_free(png_structp png, png_voidp pointer) {
  if (pointer == NULL) return;
  ShimAllocationHeader *header = (ShimAllocationHeader *)pointer - 1;
  ShimAllocations *allocations = png == NULL ? NULL : png_get_mem_ptr(png);
  if (allocations != NULL) allocations->current -= header->size;
  free(header);
}

static void shim_copy(const char *source, char *buffer, size_t capacity) {
  if (buffer == NULL || capacity == 0) return;
  size_t length = strlen(source);
  if (length >= capacity) length = capacity - 1;
  memcpy(buffer, source, length);
  buffer[length] = '\0';
}

static void shim_error(png_structp png, png_const_charp message) {
  ShimMessages *messages = png_get_error_ptr(png);
  if (messages != NULL) shim_copy(message, messages->errorMessage, SHIM_MESSAGE_CAPACITY);
  png_longjmp(png, 1);
}

static void shim_warning(png_structp png, png_const_charp message) {
  ShimMessages *messages = png_get_error_ptr(png);
  if (messages == NULL) return;
  if (messages->warnings == 0) shim_copy(message, messages->firstWarning, SHIM_MESSAGE_CAPACITY);
  messages->warnings++;
}

static void shim_read(png_structp png, png_bytep out, size_t length) {
  CPNGShim_Decoder *decoder = png_get_io_ptr(png);
  if (length > decoder->size - decoder->offset) png_error(png, "unexpected end of PNG data");
  memcpy(out, decoder->data + decoder->offset, length);
  decoder->offset += length;
}

CPNGShim_Decoder *CPNGShim_decoderCreate(const unsigned char *data, size_t size,
                                         unsigned int maxWidth, unsigned int maxHeight) {
  CPNGShim_Decoder *decoder = calloc(1, sizeof(CPNGShim_Decoder));
  if (decoder == NULL) return NULL;
  decoder->data = data;
  decoder->size = data == NULL ? 0 : size;
  decoder->png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, &decoder->messages, shim_error,
                                          shim_warning, &decoder->allocations, shim_malloc,
                                          shim_free);
  if (decoder->png == NULL) {
    free(decoder);
    return NULL;
  }
  decoder->info = png_create_info_struct(decoder->png);
  if (decoder->info == NULL) {
    png_destroy_read_struct(&decoder->png, NULL, NULL);
    free(decoder);
    return NULL;
  }
  png_set_read_fn(decoder->png, decoder, shim_read);
  png_set_user_limits(decoder->png, maxWidth, maxHeight);
  png_set_chunk_malloc_max(decoder->png, SHIM_CHUNK_MALLOC_MAX);
  png_set_chunk_cache_max(decoder->png, SHIM_CHUNK_CACHE_MAX);
  png_set_keep_unknown_chunks(decoder->png, PNG_HANDLE_CHUNK_NEVER, shim_ignored_chunks,
                              (int)(sizeof(shim_ignored_chunks) / 5));
  return decoder;
}

void CPNGShim_decoderDestroy(CPNGShim_Decoder *decoder) {
  if (decoder == NULL) return;
  png_destroy_read_struct(&decoder->png, &decoder->info, NULL);
  free(decoder);
}

int CPNGShim_readHeader(CPNGShim_Decoder *decoder, CPNGShim_Header *header) {
  if (decoder == NULL || header == NULL) return CPNGShim_BAD_ARGUMENT;
  if (decoder->state != 0) return CPNGShim_BAD_STATE;
  memset(header, 0, sizeof(*header));
  png_structp png = decoder->png;
  png_infop info = decoder->info;
  if (setjmp(png_jmpbuf(png))) {
    decoder->state = -1;
    return CPNGShim_ERROR;
  }
#ifdef PNG_BENIGN_ERRORS_SUPPORTED
  png_set_benign_errors(png, 1); /* as the simplified API does */
#endif
  png_read_info(png, info);
  header->width = png_get_image_width(png, info);
  header->height = png_get_image_height(png, info);
  header->bitDepth = png_get_bit_depth(png, info);
  header->colorType = png_get_color_type(png, info);
  header->interlaced = png_get_interlace_type(png, info) == PNG_INTERLACE_ADAM7;
  header->hasTransparency = (header->colorType & PNG_COLOR_MASK_ALPHA) != 0 ||
                            png_get_valid(png, info, PNG_INFO_tRNS) != 0;
  header->hasSRGB = png_get_valid(png, info, PNG_INFO_sRGB) != 0;
  png_charp name = NULL;
  int compression = 0;
  png_bytep profile = NULL;
  png_uint_32 profileLength = 0;
  if (png_get_iCCP(png, info, &name, &compression, &profile, &profileLength) != 0 &&
      profile != NULL) {
    header->icc = profile;
    header->iccLength = profileLength;
  }
  decoder->state = 1;
  return CPNGShim_OK;
}

/* Like png_image_read_direct (pngread.c, libpng 1.6) for an 8-bit RGBA request, but for the
 * gamma of a file that states none: for RGB (`channels` 3, only when there is no alpha and no
 * tRNS) the filler is left out.
 *
 * png_set_alpha_mode sets the output gamma (sRGB) and, when the file has no gAMA or sRGB chunk,
 * takes the file's gamma to be the same, so its samples pass through unchanged. The simplified
 * API instead first calls it with PNG_GAMMA_LINEAR for 16-bit files, which makes libpng take an
 * untagged 16-bit file for linear light and brighten it ((156,39,233) became (204,109,245));
 * browsers and image viewers read an untagged PNG as sRGB whatever its depth. A gAMA chunk
 * still sets the file's gamma, and the samples are encoded from it to sRGB. */
static void shim_set_rgba8_transforms(png_structp png, png_infop info, int channels) {
  int colorType = png_get_color_type(png, info);
  int sixteen = png_get_bit_depth(png, info) == 16;
  int hasAlpha = (colorType & PNG_COLOR_MASK_ALPHA) != 0 ||
                 png_get_valid(png, info, PNG_INFO_tRNS) != 0;
  png_set_expand(png);
  if ((colorType & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(png);
  png_set_alpha_mode_fixed(png, PNG_ALPHA_PNG, PNG_DEFAULT_sRGB);
  if (sixteen) png_set_scale_16(png);
  if (!hasAlpha && channels == 4) png_set_add_alpha(png, 255, PNG_FILLER_AFTER);
}

int CPNGShim_startRows(CPNGShim_Decoder *decoder, int channels, int *passes) {
  if (decoder == NULL || passes == NULL || (channels != 3 && channels != 4))
    return CPNGShim_BAD_ARGUMENT;
  if (decoder->state != 1) return CPNGShim_BAD_STATE;
  png_structp png = decoder->png;
  png_infop info = decoder->info;
  png_uint_32 width = png_get_image_width(png, info);
  if (channels == 3 && ((png_get_color_type(png, info) & PNG_COLOR_MASK_ALPHA) != 0 ||
                        png_get_valid(png, info, PNG_INFO_tRNS) != 0))
    return CPNGShim_BAD_ARGUMENT;
  if (setjmp(png_jmpbuf(png))) {
    decoder->state = -1;
    return CPNGShim_ERROR;
  }
  shim_set_rgba8_transforms(png, info, channels);
  decoder->passes = png_set_interlace_handling(png);
  png_read_update_info(png, info);
  decoder->rowBytes = (size_t)width * (size_t)channels;
  if (png_get_rowbytes(png, info) != decoder->rowBytes)
    png_error(png, "unexpected row size after transforms");
  decoder->nextRow = 0;
  *passes = decoder->passes;
  decoder->state = 3;
  return CPNGShim_OK;
}

int CPNGShim_readRows(CPNGShim_Decoder *decoder, unsigned char *pixels, size_t capacity,
                      int maxRows, int *rowsRead) {
  if (decoder == NULL || pixels == NULL || rowsRead == NULL || maxRows <= 0)
    return CPNGShim_BAD_ARGUMENT;
  *rowsRead = 0;
  if (decoder->state != 3 || decoder->passes != 1) return CPNGShim_BAD_STATE;
  if (capacity / decoder->rowBytes < (size_t)maxRows) return CPNGShim_BAD_ARGUMENT;
  png_structp png = decoder->png;
  png_uint_32 height = png_get_image_height(png, decoder->info);
  if (setjmp(png_jmpbuf(png))) {
    decoder->state = -1;
    return CPNGShim_ERROR;
  }
  int count = 0;
  while (count < maxRows && decoder->nextRow < height) {
    png_read_row(png, pixels + decoder->rowBytes * (size_t)count, NULL);
    decoder->nextRow++;
    count++;
  }
  *rowsRead = count;
  return CPNGShim_OK;
}

int CPNGShim_readImage(CPNGShim_Decoder *decoder, unsigned char *pixels, size_t capacity) {
  if (decoder == NULL || pixels == NULL) return CPNGShim_BAD_ARGUMENT;
  if (decoder->state != 3 || decoder->nextRow != 0) return CPNGShim_BAD_STATE;
  png_structp png = decoder->png;
  png_uint_32 height = png_get_image_height(png, decoder->info);
  if (capacity / decoder->rowBytes < (size_t)height) return CPNGShim_BAD_ARGUMENT;
  if (setjmp(png_jmpbuf(png))) {
    decoder->state = -1;
    return CPNGShim_ERROR;
  }
  /* Each pass writes its pixels into the full-size rows (png_combine_row). */
  for (int pass = 0; pass < decoder->passes; pass++) {
    for (png_uint_32 y = 0; y < height; y++) {
      png_read_row(png, pixels + decoder->rowBytes * y, NULL);
    }
  }
  decoder->nextRow = height;
  return CPNGShim_OK;
}

int CPNGShim_finish(CPNGShim_Decoder *decoder) {
  if (decoder == NULL) return CPNGShim_BAD_ARGUMENT;
  if (decoder->state != 3) return CPNGShim_BAD_STATE;
  png_structp png = decoder->png;
  if (decoder->nextRow < png_get_image_height(png, decoder->info)) return CPNGShim_BAD_STATE;
  if (setjmp(png_jmpbuf(png))) {
    decoder->state = -1;
    return CPNGShim_ERROR;
  }
  png_read_end(png, NULL);
  decoder->state = 2;
  return CPNGShim_OK;
}

int CPNGShim_readRGBA(CPNGShim_Decoder *decoder, unsigned char *rgba, size_t capacity) {
  if (decoder == NULL || rgba == NULL) return CPNGShim_BAD_ARGUMENT;
  if (decoder->state != 1) return CPNGShim_BAD_STATE;
  png_uint_32 width = png_get_image_width(decoder->png, decoder->info);
  png_uint_32 height = png_get_image_height(decoder->png, decoder->info);
  size_t rowBytes = (size_t)width * 4;
  if (rowBytes == 0 || capacity / rowBytes < (size_t)height) return CPNGShim_BAD_ARGUMENT;
  int passes = 0;
  int status = CPNGShim_startRows(decoder, 4, &passes);
  if (status == CPNGShim_OK) status = CPNGShim_readImage(decoder, rgba, capacity);
  if (status == CPNGShim_OK) status = CPNGShim_finish(decoder);
  return status;
}

size_t CPNGShim_peakBytes(const CPNGShim_Decoder *decoder) {
  return decoder == NULL ? 0 : decoder->allocations.peak;
}

long CPNGShim_warningCount(const CPNGShim_Decoder *decoder) {
  return decoder == NULL ? 0 : decoder->messages.warnings;
}

void CPNGShim_copyFirstWarning(const CPNGShim_Decoder *decoder, char *buffer, size_t capacity) {
  shim_copy(decoder == NULL ? "" : decoder->messages.firstWarning, buffer, capacity);
}

void CPNGShim_copyErrorMessage(const CPNGShim_Decoder *decoder, char *buffer, size_t capacity) {
  shim_copy(decoder == NULL ? "" : decoder->messages.errorMessage, buffer, capacity);
}

/* State that must survive a longjmp out of the encoder, so it lives on the heap. */
typedef struct {
  ShimMessages messages;
  unsigned char *buffer;
  size_t size;
  size_t capacity;
  png_bytep *rows;
} ShimEncoder;

static void shim_write(png_structp png, png_bytep data, size_t length) {
  ShimEncoder *enc = png_get_io_ptr(png);
  if (length > enc->capacity - enc->size) {
    size_t capacity = enc->capacity == 0 ? 4096 : enc->capacity;
    while (length > capacity - enc->size) {
      if (capacity > ((size_t)-1) / 2) png_error(png, "PNG output too large");
      capacity *= 2;
    }
    unsigned char *grown = realloc(enc->buffer, capacity);
    if (grown == NULL) png_error(png, "out of memory for PNG output");
    enc->buffer = grown;
    enc->capacity = capacity;
  }
  memcpy(enc->buffer + enc->size, data, length);
  enc->size += length;
}

static void shim_flush(png_structp png) { (void)png; }

int CPNGShim_encode(const unsigned char *pixels, int width, int height, int channels,
                    int runLengthOnly, unsigned char **output, size_t *outputSize,
                    char *message, size_t messageCapacity) {
  if (output == NULL || outputSize == NULL) return CPNGShim_BAD_ARGUMENT;
  *output = NULL;
  *outputSize = 0;
  if (pixels == NULL || width <= 0 || height <= 0 || (channels != 3 && channels != 4)) {
    shim_copy("invalid bitmap", message, messageCapacity);
    return CPNGShim_BAD_ARGUMENT;
  }
  ShimEncoder *enc = calloc(1, sizeof(ShimEncoder));
  if (enc == NULL) {
    shim_copy("out of memory", message, messageCapacity);
    return CPNGShim_ERROR;
  }
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &enc->messages, shim_error,
                                            shim_warning);
  png_infop info = png == NULL ? NULL : png_create_info_struct(png);
  if (png == NULL || info == NULL) {
    png_destroy_write_struct(&png, NULL);
    free(enc);
    shim_copy("out of memory", message, messageCapacity);
    return CPNGShim_ERROR;
  }
  if (setjmp(png_jmpbuf(png))) {
    shim_copy(enc->messages.errorMessage, message, messageCapacity);
    png_destroy_write_struct(&png, &info);
    free(enc->rows);
    free(enc->buffer);
    free(enc);
    return CPNGShim_ERROR;
  }
  enc->rows = malloc(sizeof(png_bytep) * (size_t)height);
  if (enc->rows == NULL) png_error(png, "out of memory for row pointers");
  size_t rowBytes = (size_t)width * (size_t)channels;
  for (int y = 0; y < height; y++) enc->rows[y] = (png_bytep)(pixels + rowBytes * (size_t)y);
  png_set_write_fn(png, enc, shim_write, shim_flush);
  /* Run-length matching only (zlib's Z_RLE) after libpng's adaptive filters: measured on the
   * translucent variants of the benchmark corpus, 3.6x faster than libpng's default (level 6,
   * Z_FILTERED) for 5.8 % more bytes (docs/performance.md). */
  if (runLengthOnly) png_set_compression_strategy(png, Z_RLE);
  png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
               channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  png_write_image(png, enc->rows);
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);
  *output = enc->buffer;
  *outputSize = enc->size;
  free(enc->rows);
  free(enc);
  return CPNGShim_OK;
}

void CPNGShim_free(void *pointer) { free(pointer); }
