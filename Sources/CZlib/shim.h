/* The system header of this module; the library comes from a Debian -dev package (see Package.swift). */
#include <zlib.h>

/* deflateInit2 is a macro, which Swift cannot call: a gzip stream (window bits 15 + 16, so zlib
 * writes the gzip header and trailer, with mtime 0) at `level`. */
static inline int CZlib_deflateInitGzip(z_stream *stream, int level) {
  return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
