/* glibc's malloc tuning (mallopt), which Swift's Glibc module leaves out; part of glibc, no
   library to link. wallgen's entry point sets the mmap threshold (Sources/wallgen/main.swift). */
#include <malloc.h>
