/* The system header of this module; the library comes from a Debian -dev package (see Package.swift). */
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/crypto.h>
