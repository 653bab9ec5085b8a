// simdjson's own header is C++ and is included only by CSimdjsonShim/shim.cpp; this module only
// carries the pkg-config flags and the link to libsimdjson.
#include <stddef.h>
