/* The libmicrohttpd measurement of docs/serve.md ("Measured"): libmicrohttpd serving one folder
   with epoll and an internal thread pool, for wrk. Measurement only, never part of wallgen.

     apt-get install -y libmicrohttpd-dev
     gcc -O2 -Wall -o mhd Benchmarks/serve/mhd-harness.c $(pkg-config --cflags --libs libmicrohttpd)
     ./mhd ROOT PORT THREADS          the file sent by sendfile, no checks
     ./mhd ROOT PORT THREADS like     the file work of wallgen's responder: realpath inside ROOT
                                      (give ROOT as a real path), stat, open, fstat, the page
                                      read whole and a 3 KB script put before </body>

   Stop it with Ctrl-C or SIGTERM. */
#include <microhttpd.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <limits.h>
#include <strings.h>
#include <signal.h>

static const char *root;
static int like_wallgen;
static char script[3072];

static enum MHD_Result answer(void *cls, struct MHD_Connection *c, const char *url,
                              const char *method, const char *version, const char *data,
                              size_t *size, void **state) {
  (void)cls; (void)version; (void)data; (void)size;
  if (*state == NULL) { *state = (void *)1; return MHD_YES; }
  if (strcmp(method, "GET") != 0) return MHD_NO;
  char path[4096], real[PATH_MAX];
  snprintf(path, sizeof path, "%s%s", root, url);
  if (like_wallgen) {
    /* What wallgen's responder does besides: realpath inside the root, a stat, the page read
       whole (it is under 64 KiB) and a 3 KB script inserted before </body>. */
    struct stat kind;
    if (!realpath(path, real) || strncmp(real, root, strlen(root)) != 0 || stat(real, &kind) != 0)
      return MHD_NO;
    int fd = open(real, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    struct stat info;
    if (fd < 0 || fstat(fd, &info) != 0) { if (fd >= 0) close(fd); return MHD_NO; }
    size_t size = (size_t)info.st_size;
    char *page = malloc(size + sizeof script);
    ssize_t got = pread(fd, page, size, 0);
    close(fd);
    if (got != (ssize_t)size) { free(page); return MHD_NO; }
    char *at = NULL;
    for (char *p = page + size - 7; p >= page && p >= page + size - 4096; p--)
      if (strncasecmp(p, "</body", 6) == 0) { at = p; break; }
    size_t head = at ? (size_t)(at - page) : size;
    memmove(page + head + sizeof script - 1, page + head, size - head);
    memcpy(page + head, script, sizeof script - 1);
    struct MHD_Response *r = MHD_create_response_from_buffer(size + sizeof script - 1, page,
                                                             MHD_RESPMEM_MUST_FREE);
    MHD_add_response_header(r, "Content-Type", "text/html; charset=utf-8");
    MHD_add_response_header(r, "Cache-Control", "no-cache");
    enum MHD_Result ret = MHD_queue_response(c, MHD_HTTP_OK, r);
    MHD_destroy_response(r);
    return ret;
  }
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  struct stat info;
  struct MHD_Response *r;
  unsigned status = MHD_HTTP_OK;
  if (fd < 0 || fstat(fd, &info) != 0) {
    if (fd >= 0) close(fd);
    r = MHD_create_response_from_buffer(9, "not found", MHD_RESPMEM_PERSISTENT);
    status = MHD_HTTP_NOT_FOUND;
  } else {
    r = MHD_create_response_from_fd((uint64_t)info.st_size, fd);
    MHD_add_response_header(r, "Content-Type", "text/html; charset=utf-8");
  }
  enum MHD_Result ret = MHD_queue_response(c, status, r);
  MHD_destroy_response(r);
  return ret;
}

int main(int argc, char **argv) {
  if (argc < 4) { fprintf(stderr, "usage: mhd ROOT PORT THREADS\n"); return 64; }
  root = argv[1];
  like_wallgen = argc > 4;
  memset(script, 'x', sizeof script - 1);
  script[sizeof script - 1] = 0;
  struct MHD_Daemon *d = MHD_start_daemon(
      MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_TURBO, (uint16_t)atoi(argv[2]), NULL, NULL,
      answer, NULL, MHD_OPTION_THREAD_POOL_SIZE, (unsigned)atoi(argv[3]),
      MHD_OPTION_CONNECTION_LIMIT, 1024u, MHD_OPTION_CONNECTION_TIMEOUT, 10u, MHD_OPTION_END);
  if (!d) { perror("MHD_start_daemon"); return 1; }
  sigset_t set; sigemptyset(&set); sigaddset(&set, SIGTERM); sigaddset(&set, SIGINT);
  sigprocmask(SIG_BLOCK, &set, NULL);
  int sig; sigwait(&set, &sig);
  MHD_stop_daemon(d);
  return 0;
}
