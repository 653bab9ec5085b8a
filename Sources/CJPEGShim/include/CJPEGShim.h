#ifndef CJPEGSHIM_H
#define CJPEGSHIM_H

/*
 * A thin C layer over libjpeg(-turbo). libjpeg reports errors with longjmp; every setjmp and
 * longjmp stays inside this file's functions, which return status codes, so no Swift frame is
 * ever crossed. Nothing is printed: libjpeg's messages are copied into the decoder object.
 */

#include <stddef.h>

/** Status codes returned by every CJPEGShim_ function that can fail. */
enum {
  CJPEGShim_OK = 0,
  CJPEGShim_ERROR = 1,       /* libjpeg error; see CJPEGShim_errorMessage */
  CJPEGShim_BAD_STATE = 2,   /* functions called out of order, or after an error */
  CJPEGShim_BAD_ARGUMENT = 3 /* a size or buffer passed in is inconsistent */
};

/** The colour model of the stored JPEG data, simplified from J_COLOR_SPACE. */
enum {
  CJPEGShim_COLOR_UNKNOWN = 0,
  CJPEGShim_COLOR_GRAYSCALE = 1,
  CJPEGShim_COLOR_RGB = 2,
  CJPEGShim_COLOR_YCBCR = 3,
  CJPEGShim_COLOR_CMYK = 4,
  CJPEGShim_COLOR_YCCK = 5
};

/** What the header says, read without decoding any scan. */
typedef struct {
  int width;            /* stored width */
  int height;           /* stored height */
  int components;       /* number of colour components */
  int colorSpace;       /* CJPEGShim_COLOR_* */
  int progressive;      /* 1 when SOF2/SOF10 */
  int adobeInverted;    /* 1 when an Adobe APP14 marker was seen (inverted CMYK) */
  const unsigned char *exif; /* first APP1 "Exif\0\0" payload (TIFF data after the 6-byte id); owned by the decoder */
  size_t exifLength;
  const unsigned char *icc; /* the ICC profile joined from APP2 "ICC_PROFILE" markers; owned by the decoder */
  size_t iccLength;
} CJPEGShim_Header;

/** How to decode. Zeroed fields mean "default". */
typedef struct {
  int scaleNum;         /* explicit DCT scale numerator (1...16); 0 = choose from minWidth/minHeight */
  int scaleDenom;       /* explicit DCT scale denominator (usually 8) */
  int minWidth;         /* choose the smallest scale M/8 whose output width is >= minWidth */
  int minHeight;        /* ... and whose output height is >= minHeight */
  int disableFancyUpsampling; /* 1 = do_fancy_upsampling FALSE (like djpeg -nosmooth) */
  long maxMemory;       /* > 0: max_memory_to_use; a decode needing more (a progressive or
                           multi-scan file's coefficient buffer) fails with a clear message */
  int maxScans;         /* > 0: refuse files with more scans than this (a CPU bomb) */
} CJPEGShim_DecodeOptions;

typedef struct CJPEGShim_Decoder CJPEGShim_Decoder;

/** Allocates a decoder; returns NULL when out of memory. */
CJPEGShim_Decoder *CJPEGShim_decoderCreate(void);
/** Releases the decoder and everything it owns. Accepts NULL. */
void CJPEGShim_decoderDestroy(CJPEGShim_Decoder *decoder);

/**
 * Reads the markers up to the first scan. `data` must stay valid until the decoder is destroyed.
 */
int CJPEGShim_readHeader(CJPEGShim_Decoder *decoder, const unsigned char *data, size_t size,
                         CJPEGShim_Header *header);

/** Chooses the output scale and starts decompression; reports the RGB output size. */
int CJPEGShim_startDecode(CJPEGShim_Decoder *decoder, const CJPEGShim_DecodeOptions *options,
                          int *outputWidth, int *outputHeight);

/** Decodes every row as packed RGB8 into `rgb` (capacity >= outputWidth * outputHeight * 3). */
int CJPEGShim_readPixels(CJPEGShim_Decoder *decoder, unsigned char *rgb, size_t capacity);

/**
 * Decodes up to `maxRows` further rows as packed RGB8 into `rgb` (capacity >= maxRows *
 * outputWidth * 3); `*rowsRead` is how many were written (0 once every row has been read).
 */
int CJPEGShim_readRows(CJPEGShim_Decoder *decoder, unsigned char *rgb, size_t capacity,
                       int maxRows, int *rowsRead);

/** Finishes a decode whose rows were all read with CJPEGShim_readRows. */
int CJPEGShim_finishDecode(CJPEGShim_Decoder *decoder);

/** Number of corrupt-data warnings (emit_message level -1) seen so far. */
long CJPEGShim_warningCount(const CJPEGShim_Decoder *decoder);
/** Copies the first warning's text into `buffer` (NUL-terminated, truncated to capacity). */
void CJPEGShim_copyFirstWarning(const CJPEGShim_Decoder *decoder, char *buffer, size_t capacity);
/** Copies the fatal error's text into `buffer` (NUL-terminated, truncated to capacity). */
void CJPEGShim_copyErrorMessage(const CJPEGShim_Decoder *decoder, char *buffer, size_t capacity);

/**
 * Encodes packed RGB8 (channels 3) or RGBA8 (channels 4, alpha ignored) as a baseline or
 * progressive JPEG with optimized Huffman tables and no metadata besides the JFIF header and,
 * when `icc` is not NULL, the ICC profile in APP2 markers (jpeg_write_icc_profile).
 * On success `*output` is a malloc'd buffer the caller releases with CJPEGShim_free.
 * On failure the message is copied into `message`.
 */
int CJPEGShim_encode(const unsigned char *pixels, int width, int height, int channels,
                     int quality, int progressive, const unsigned char *icc, size_t iccLength,
                     unsigned char **output, size_t *outputSize, char *message,
                     size_t messageCapacity);

/** Releases a buffer returned by CJPEGShim_encode. */
void CJPEGShim_free(void *pointer);

#endif
