/* Linux's epoll and eventfd, which Swift's Glibc module leaves out; part of glibc, no library to
   link. The preview server's event loops use them (Sources/WallKit/Preview/Epoll.swift). */
#include <sys/epoll.h>
#include <sys/eventfd.h>
