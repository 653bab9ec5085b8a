#ifndef CLCMS_H
#define CLCMS_H

/*
 * A thin C layer over Little CMS 2 (lcms2): builds a transform from an embedded ICC profile to
 * sRGB and applies it to rows of 8-bit pixels. lcms2 reports errors by return values (never
 * longjmp); its error log handler is replaced by a silent one so nothing is printed.
 */

#include <stddef.h>

/** Status codes returned by every CLCMS_ function that can fail. */
enum {
  CLCMS_OK = 0,
  CLCMS_UNREADABLE = 1,    /* the ICC data is not a profile lcms2 can parse */
  CLCMS_NOT_RGB = 2,       /* the profile's colour space is not RGB (gray, CMYK, Lab...) */
  CLCMS_NO_TRANSFORM = 3,  /* lcms2 could not build a transform to sRGB */
  CLCMS_BAD_ARGUMENT = 4,
  CLCMS_IS_SRGB = 5        /* the profile describes sRGB: no conversion needed */
};

typedef struct CLCMS_Transform CLCMS_Transform;

/**
 * Builds a perceptual transform from the RGB profile `icc` to sRGB for packed 8-bit pixels with
 * `channels` 3 (RGB) or 4 (RGBA, alpha copied). Returns a status; on CLCMS_OK `*transform` must
 * be released with CLCMS_transformDestroy.
 */
int CLCMS_transformCreate(const unsigned char *icc, size_t length, int channels,
                          CLCMS_Transform **transform);

/** Releases a transform. Accepts NULL. */
void CLCMS_transformDestroy(CLCMS_Transform *transform);

/** Converts `pixelCount` packed pixels in place. */
void CLCMS_transformPixels(const CLCMS_Transform *transform, unsigned char *pixels,
                           size_t pixelCount);

/**
 * Writes an RGB matrix/TRC ICC profile with the given D65-relative xy primaries and the sRGB
 * tone curve (as Display P3 uses) or, when `gamma` > 0, a pure power curve (Adobe RGB: 563/256).
 * `whiteX/whiteY` is the white point. Call with `buffer` NULL to learn the size in `*length`.
 */
int CLCMS_makeRGBProfile(double whiteX, double whiteY, double redX, double redY, double greenX,
                         double greenY, double blueX, double blueY, double gamma,
                         const char *description, unsigned char *buffer, size_t *length);

#endif
