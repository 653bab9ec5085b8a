#ifndef CPNGSHIM_H
#define CPNGSHIM_H

/*
 * A thin C layer over libpng's traditional (full) API. libpng reports errors with longjmp;
 * every setjmp and longjmp stays inside this file's functions, which return status codes,
 * so no Swift frame is ever crossed. Nothing is printed: messages are copied into the decoder.
 */

#include <stddef.h>

/** Status codes returned by every CPNGShim_ function that can fail. */
enum {
  CPNGShim_OK = 0,
  CPNGShim_ERROR = 1,       /* libpng error; see CPNGShim_copyErrorMessage */
  CPNGShim_BAD_STATE = 2,   /* functions called out of order, or after an error */
  CPNGShim_BAD_ARGUMENT = 3 /* a size or buffer passed in is inconsistent */
};

/** The IHDR fields plus whether a tRNS chunk was seen. */
typedef struct {
  unsigned int width;
  unsigned int height;
  int bitDepth;
  int colorType;  /* PNG_COLOR_TYPE_* */
  int interlaced; /* 1 for Adam7 */
  int hasTransparency; /* alpha channel or tRNS chunk */
  int hasSRGB;         /* an sRGB chunk was seen */
  const unsigned char *icc; /* the decompressed iCCP profile (png_get_iCCP); owned by the decoder */
  size_t iccLength;
} CPNGShim_Header;

typedef struct CPNGShim_Decoder CPNGShim_Decoder;

/**
 * Creates a decoder reading from `data`, which must stay valid until the decoder is destroyed.
 * `maxWidth`/`maxHeight` go to png_set_user_limits. Text, sPLT and eXIf chunks are skipped
 * unread (png_set_keep_unknown_chunks NEVER); one decompressed ancillary chunk (iCCP) is capped
 * at 8 MB (png_set_chunk_malloc_max) and at most 32 are cached (png_set_chunk_cache_max).
 * Returns NULL when out of memory.
 */
CPNGShim_Decoder *CPNGShim_decoderCreate(const unsigned char *data, size_t size,
                                         unsigned int maxWidth, unsigned int maxHeight);
/** Releases the decoder and everything it owns. Accepts NULL. */
void CPNGShim_decoderDestroy(CPNGShim_Decoder *decoder);

/** Reads the signature and every chunk up to the first IDAT (png_read_info). */
int CPNGShim_readHeader(CPNGShim_Decoder *decoder, CPNGShim_Header *header);

/**
 * Decodes the image as packed RGBA8 into `rgba` (capacity >= width * height * 4), using the
 * transformations of libpng's simplified API for PNG_FORMAT_RGBA: expand palette/tRNS/low bit
 * depths, gray to RGB, 16-bit scaled down, output gamma-encoded to sRGB from the file's gAMA,
 * opaque alpha filler; Adam7 via png_set_interlace_handling. Unlike the simplified API, a file
 * without gAMA or sRGB is taken as sRGB at every bit depth (its samples pass through), not as
 * linear light when it is 16-bit.
 */
int CPNGShim_readRGBA(CPNGShim_Decoder *decoder, unsigned char *rgba, size_t capacity);

/**
 * Starts a row-by-row decode with the transformations of CPNGShim_readRGBA, but 3-channel RGB
 * output when `channels` is 3 (the caller knows there is no alpha or tRNS; no filler is added).
 * `*passes` is 1, or 7 for Adam7 files, which must be read with CPNGShim_readImage.
 */
int CPNGShim_startRows(CPNGShim_Decoder *decoder, int channels, int *passes);

/** Reads up to `maxRows` further rows (non-interlaced files); `*rowsRead` of them were written. */
int CPNGShim_readRows(CPNGShim_Decoder *decoder, unsigned char *pixels, size_t capacity,
                      int maxRows, int *rowsRead);

/** Reads every pass of the image into `pixels` (capacity >= height * row bytes). */
int CPNGShim_readImage(CPNGShim_Decoder *decoder, unsigned char *pixels, size_t capacity);

/** Reads the chunks after the image data (png_read_end), once every row has been read. */
int CPNGShim_finish(CPNGShim_Decoder *decoder);

/** The most bytes libpng had allocated at once for this decoder so far (its own malloc_fn). */
size_t CPNGShim_peakBytes(const CPNGShim_Decoder *decoder);

/** Number of libpng warnings (including benign errors) seen so far. */
long CPNGShim_warningCount(const CPNGShim_Decoder *decoder);
/** Copies the first warning's text into `buffer` (NUL-terminated, truncated to capacity). */
void CPNGShim_copyFirstWarning(const CPNGShim_Decoder *decoder, char *buffer, size_t capacity);
/** Copies the fatal error's text into `buffer` (NUL-terminated, truncated to capacity). */
void CPNGShim_copyErrorMessage(const CPNGShim_Decoder *decoder, char *buffer, size_t capacity);

/**
 * Encodes packed 8-bit RGB (channels 3) or RGBA (channels 4) as a non-interlaced PNG with no
 * ancillary chunks; with `runLengthOnly`, zlib's Z_RLE strategy instead of libpng's default
 * (level 6, Z_FILTERED). On success `*output` is a malloc'd buffer the caller releases with
 * CPNGShim_free. On failure the message is copied into `message`.
 */
int CPNGShim_encode(const unsigned char *pixels, int width, int height, int channels,
                    int runLengthOnly, unsigned char **output, size_t *outputSize,
                    char *message, size_t messageCapacity);

/** Releases a buffer returned by CPNGShim_encode. */
void CPNGShim_free(void *pointer);

#endif
