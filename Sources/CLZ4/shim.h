/* The system header of this module; the library comes from a Debian -dev package (see Package.swift). */
#include <lz4.h>
