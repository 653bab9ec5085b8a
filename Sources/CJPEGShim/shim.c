#include "CJPEGShim.h"
#include <stdio.h>
#include <jpeglib.h>
int CJPEGShim_version(void) { return JPEG_LIB_VERSION; }
