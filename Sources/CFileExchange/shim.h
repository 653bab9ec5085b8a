/* Linux's renameat2, which Swift's Glibc module leaves out (glibc declares it only under
   _GNU_SOURCE); part of glibc since 2.28, no library to link. Publishing a staged build swaps
   each file with the one it replaces in one call (FileSystem.exchange,
   Sources/WallSupport/FileSystem+Exchange.swift). */
int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath,
              unsigned int flags);

/* RENAME_EXCHANGE of <linux/fs.h>: both names must exist; each then names the other's file. */
static const unsigned int wallgen_rename_exchange = 1u << 1;
