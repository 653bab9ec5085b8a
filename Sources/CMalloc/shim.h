/* glibc's malloc tuning (mallopt), which Swift's Glibc module leaves out; part of glibc, no
   library to link. wallgen's allocator settings are in
   Sources/WallSupport/AllocatorSettings.swift. */
#include <malloc.h>
