#include "CLCMSShim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <lcms2.h>

struct CLCMS_Transform {
  cmsHTRANSFORM transform;
  size_t channels;
};

static void clcms_silent(cmsContext context, cmsUInt32Number code, const char *text) {
  (void)context;
  (void)code;
  (void)text;
}

/* True when the profile's primaries, white and tone curves match the built-in sRGB ones closely
 * enough that a transform would change no 8-bit value (the usual camera "sRGB IEC61966-2.1"). */
static int clcms_is_srgb(cmsHPROFILE profile) {
  static const cmsTagSignature tags[3] = {cmsSigRedColorantTag, cmsSigGreenColorantTag,
                                          cmsSigBlueColorantTag};
  cmsHPROFILE srgb = cmsCreate_sRGBProfile();
  if (srgb == NULL) return 0;
  int same = 1;
  for (int i = 0; i < 3 && same; i++) {
    const cmsCIEXYZ *a = cmsReadTag(profile, tags[i]);
    const cmsCIEXYZ *b = cmsReadTag(srgb, tags[i]);
    if (a == NULL || b == NULL || fabs(a->X - b->X) > 0.002 || fabs(a->Y - b->Y) > 0.002 ||
        fabs(a->Z - b->Z) > 0.002)
      same = 0;
  }
  static const cmsTagSignature curves[3] = {cmsSigRedTRCTag, cmsSigGreenTRCTag,
                                            cmsSigBlueTRCTag};
  for (int i = 0; i < 3 && same; i++) {
    const cmsToneCurve *a = cmsReadTag(profile, curves[i]);
    const cmsToneCurve *b = cmsReadTag(srgb, curves[i]);
    if (a == NULL || b == NULL) {
      same = 0;
      break;
    }
    for (int v = 0; v <= 255 && same; v += 5) {
      float x = (float)v / 255.0f;
      if (fabsf(cmsEvalToneCurveFloat(a, x) - cmsEvalToneCurveFloat(b, x)) > 0.5f / 255.0f)
        same = 0;
    }
  }
  cmsCloseProfile(srgb);
  return same;
}

int CLCMS_transformCreate(const unsigned char *icc, size_t length, int channels,
                          CLCMS_Transform **transform) {
  if (transform == NULL) return CLCMS_BAD_ARGUMENT;
  *transform = NULL;
  if (icc == NULL || length == 0 || length > 0xFFFFFFFFu || (channels != 3 && channels != 4))
    return CLCMS_BAD_ARGUMENT;
  cmsSetLogErrorHandler(clcms_silent);
  cmsHPROFILE input = cmsOpenProfileFromMem(icc, (cmsUInt32Number)length);
  if (input == NULL) return CLCMS_UNREADABLE;
  if (cmsGetColorSpace(input) != cmsSigRgbData) {
    cmsCloseProfile(input);
    return CLCMS_NOT_RGB;
  }
  if (cmsIsMatrixShaper(input) && clcms_is_srgb(input)) {
    cmsCloseProfile(input);
    return CLCMS_IS_SRGB;
  }
  cmsHPROFILE output = cmsCreate_sRGBProfile();
  if (output == NULL) {
    cmsCloseProfile(input);
    return CLCMS_NO_TRANSFORM;
  }
  cmsUInt32Number format = channels == 4 ? TYPE_RGBA_8 : TYPE_RGB_8;
  cmsUInt32Number flags = channels == 4 ? cmsFLAGS_COPY_ALPHA : 0;
  cmsHTRANSFORM handle =
      cmsCreateTransform(input, format, output, format, INTENT_PERCEPTUAL, flags);
  cmsCloseProfile(input);
  cmsCloseProfile(output);
  if (handle == NULL) return CLCMS_NO_TRANSFORM;
  CLCMS_Transform *result = calloc(1, sizeof(CLCMS_Transform));
  if (result == NULL) {
    cmsDeleteTransform(handle);
    return CLCMS_NO_TRANSFORM;
  }
  result->transform = handle;
  result->channels = (size_t)channels;
  *transform = result;
  return CLCMS_OK;
}

void CLCMS_transformDestroy(CLCMS_Transform *transform) {
  if (transform == NULL) return;
  cmsDeleteTransform(transform->transform);
  free(transform);
}

void CLCMS_transformPixels(const CLCMS_Transform *transform, unsigned char *pixels,
                           size_t pixelCount) {
  if (transform == NULL || pixels == NULL) return;
  while (pixelCount > 0) {
    cmsUInt32Number chunk = pixelCount > 0x10000000u ? 0x10000000u : (cmsUInt32Number)pixelCount;
    cmsDoTransform(transform->transform, pixels, pixels, chunk);
    pixels += (size_t)chunk * transform->channels;
    pixelCount -= chunk;
  }
}

int CLCMS_makeRGBProfile(double whiteX, double whiteY, double redX, double redY, double greenX,
                         double greenY, double blueX, double blueY, double gamma,
                         const char *description, unsigned char *buffer, size_t *length) {
  if (length == NULL) return CLCMS_BAD_ARGUMENT;
  cmsSetLogErrorHandler(clcms_silent);
  cmsCIExyY white = {whiteX, whiteY, 1.0};
  cmsCIExyYTRIPLE primaries = {{redX, redY, 1.0}, {greenX, greenY, 1.0}, {blueX, blueY, 1.0}};
  /* IEC 61966-2.1 (sRGB) curve as lcms2 parametric type 4. */
  static const cmsFloat64Number srgbCurve[5] = {2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92,
                                                0.04045};
  cmsToneCurve *curve = gamma > 0 ? cmsBuildGamma(NULL, gamma)
                                  : cmsBuildParametricToneCurve(NULL, 4, srgbCurve);
  if (curve == NULL) return CLCMS_NO_TRANSFORM;
  cmsToneCurve *curves[3] = {curve, curve, curve};
  cmsHPROFILE profile = cmsCreateRGBProfile(&white, &primaries, curves);
  cmsFreeToneCurve(curve);
  if (profile == NULL) return CLCMS_NO_TRANSFORM;
  if (description != NULL) {
    cmsMLU *text = cmsMLUalloc(NULL, 1);
    if (text != NULL) {
      cmsMLUsetASCII(text, "en", "US", description);
      cmsWriteTag(profile, cmsSigProfileDescriptionTag, text);
      cmsMLUfree(text);
    }
  }
  cmsUInt32Number needed = 0;
  if (!cmsSaveProfileToMem(profile, NULL, &needed)) {
    cmsCloseProfile(profile);
    return CLCMS_NO_TRANSFORM;
  }
  if (buffer == NULL) {
    *length = needed;
    cmsCloseProfile(profile);
    return CLCMS_OK;
  }
  if (*length < needed) {
    *length = needed;
    cmsCloseProfile(profile);
    return CLCMS_BAD_ARGUMENT;
  }
  cmsUInt32Number written = (cmsUInt32Number)*length;
  int ok = cmsSaveProfileToMem(profile, buffer, &written);
  cmsCloseProfile(profile);
  *length = written;
  return ok ? CLCMS_OK : CLCMS_NO_TRANSFORM;
}
