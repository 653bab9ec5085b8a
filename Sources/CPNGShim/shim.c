#include "CPNGShim.h"
#include <png.h>
unsigned int CPNGShim_version(void) { return (unsigned int)png_access_version_number(); }
