/* The system headers of this module; the library comes from a Debian -dev package (see Package.swift). */
#include <webp/decode.h>
#include <webp/encode.h>
