/* libcurl (Debian libcurl4-openssl-dev, see Package.swift) for `wallgen fetch`. Swift cannot call
   C's variadic curl_easy_setopt and curl_easy_getinfo, so each use has a typed wrapper here;
   Sources/WallFetch/Curl.swift is the only Swift file that imports this module. */
#include <curl/curl.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

/* The settings of one transfer. */
typedef struct {
  const char *url;
  int head;                      /* 1: a HEAD request (CURLOPT_NOBODY) */
  long connectTimeoutMs;
  long timeoutMs;                /* the whole transfer, 0 for no limit */
  long lowSpeedLimit;            /* bytes per second ... */
  long lowSpeedTime;             /* ... under which, this many seconds long, is a stall */
  long maxRedirects;
  curl_off_t maxFileSize;        /* a Content-Length over this is refused before the body */
  const char *userAgent;
  char *errorBuffer;             /* CURL_ERROR_SIZE bytes */
  curl_write_callback write;
  void *writeContext;
  curl_opensocket_callback openSocket; /* sees, and may refuse, every address connected to */
  void *openSocketContext;
} CCurl_Settings;

/* Applies `settings` to `handle`; the first failing option's code, else CURLE_OK.
   Only http and https, also after a redirect; no proxy (not even one named by the
   environment), so that the address the socket callback checks is the server's own. */
static inline CURLcode CCurl_prepare(CURL *handle, const CCurl_Settings *settings) {
  CURLcode code = CURLE_OK;
#define CCURL_SET(option, value) \
  if ((code = curl_easy_setopt(handle, option, value)) != CURLE_OK) return code
  CCURL_SET(CURLOPT_URL, settings->url);
  CCURL_SET(CURLOPT_PROTOCOLS_STR, "http,https");
  CCURL_SET(CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  CCURL_SET(CURLOPT_FOLLOWLOCATION, 1L);
  CCURL_SET(CURLOPT_MAXREDIRS, settings->maxRedirects);
  CCURL_SET(CURLOPT_NOBODY, settings->head ? 1L : 0L);
  CCURL_SET(CURLOPT_CONNECTTIMEOUT_MS, settings->connectTimeoutMs);
  CCURL_SET(CURLOPT_TIMEOUT_MS, settings->timeoutMs);
  CCURL_SET(CURLOPT_LOW_SPEED_LIMIT, settings->lowSpeedLimit);
  CCURL_SET(CURLOPT_LOW_SPEED_TIME, settings->lowSpeedTime);
  CCURL_SET(CURLOPT_MAXFILESIZE_LARGE, settings->maxFileSize);
  CCURL_SET(CURLOPT_USERAGENT, settings->userAgent);
  CCURL_SET(CURLOPT_ERRORBUFFER, settings->errorBuffer);
  CCURL_SET(CURLOPT_NOSIGNAL, 1L);
  CCURL_SET(CURLOPT_ACCEPT_ENCODING, "identity");
  CCURL_SET(CURLOPT_WRITEFUNCTION, settings->write);
  CCURL_SET(CURLOPT_WRITEDATA, settings->writeContext);
  CCURL_SET(CURLOPT_PROXY, "");
  CCURL_SET(CURLOPT_OPENSOCKETFUNCTION, settings->openSocket);
  CCURL_SET(CURLOPT_OPENSOCKETDATA, settings->openSocketContext);
#undef CCURL_SET
  return code;
}

/* The last response's HTTP status (0 when none arrived). */
static inline long CCurl_responseCode(CURL *handle) {
  long code = 0;
  if (curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &code) != CURLE_OK) return 0;
  return code;
}

/* The last response's Retry-After in seconds (either form), or -1 when it has none. */
static inline curl_off_t CCurl_retryAfter(CURL *handle) {
  curl_off_t seconds = 0;
  if (curl_easy_getinfo(handle, CURLINFO_RETRY_AFTER, &seconds) != CURLE_OK || seconds <= 0)
    return -1;
  return seconds;
}

/* The last response's Content-Length, or -1 when it has none. */
static inline curl_off_t CCurl_contentLength(CURL *handle) {
  curl_off_t length = -1;
  if (curl_easy_getinfo(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length) != CURLE_OK)
    return -1;
  return length;
}

/* The bytes of the last response's body as they travelled (before any Content-Encoding is
   decoded), which is what its Content-Length counts; -1 when unknown. */
static inline curl_off_t CCurl_bytesReceived(CURL *handle) {
  curl_off_t bytes = -1;
  if (curl_easy_getinfo(handle, CURLINFO_SIZE_DOWNLOAD_T, &bytes) != CURLE_OK) return -1;
  return bytes;
}

/* The number of redirects followed. */
static inline long CCurl_redirectCount(CURL *handle) {
  long count = 0;
  if (curl_easy_getinfo(handle, CURLINFO_REDIRECT_COUNT, &count) != CURLE_OK) return 0;
  return count;
}

/* The URL of the transfer's current request, the one asked for or a redirect's. */
static inline const char *CCurl_currentURL(CURL *handle) {
  char *url = NULL;
  if (curl_easy_getinfo(handle, CURLINFO_EFFECTIVE_URL, &url) != CURLE_OK || url == NULL)
    return "";
  return url;
}

/* Copies the IP address `address` holds (network order) into `bytes` (16 bytes long).
   Returns its length: 4 for IPv4, 16 for IPv6, 0 for any other family. */
static inline int CCurl_addressBytes(const struct curl_sockaddr *address, unsigned char *bytes) {
  if (address->family == AF_INET && address->addrlen >= sizeof(struct sockaddr_in)) {
    memcpy(bytes, &((const struct sockaddr_in *)&address->addr)->sin_addr, 4);
    return 4;
  }
  if (address->family == AF_INET6 && address->addrlen >= sizeof(struct sockaddr_in6)) {
    memcpy(bytes, &((const struct sockaddr_in6 *)&address->addr)->sin6_addr, 16);
    return 16;
  }
  return 0;
}

/* A part of `url` as libcurl reads it (CURLUPART_HOST: "127.0.0.1" for "0x7f000001", "[::1]"),
   with the parts in `dropped` (a mask: 1 user, 2 password) removed first, to be freed with
   curl_free; NULL when `url` cannot be read or has no such part. */
static inline char *CCurl_urlPart(const char *url, CURLUPart part, int dropped) {
  CURLU *parsed = curl_url();
  char *value = NULL;
  if (parsed == NULL) return NULL;
  int ready = curl_url_set(parsed, CURLUPART_URL, url, 0) == CURLUE_OK;
  if (ready && (dropped & 1)) ready = curl_url_set(parsed, CURLUPART_USER, NULL, 0) == CURLUE_OK;
  if (ready && (dropped & 2))
    ready = curl_url_set(parsed, CURLUPART_PASSWORD, NULL, 0) == CURLUE_OK;
  if (ready && curl_url_get(parsed, part, &value, 0) != CURLUE_OK) {
    curl_free(value);
    value = NULL;
  }
  curl_url_cleanup(parsed);
  return value;
}

/* The next finished transfer of `multi`: its handle and result; 0 when none is left. */
static inline int CCurl_nextDone(CURLM *multi, CURL **handle, CURLcode *result) {
  int queued = 0;
  CURLMsg *message;
  while ((message = curl_multi_info_read(multi, &queued)) != NULL) {
    if (message->msg == CURLMSG_DONE) {
      *handle = message->easy_handle;
      *result = message->data.result;
      return 1;
    }
  }
  return 0;
}

/* curl_global_init with the default flags (a macro Swift cannot import). */
static inline CURLcode CCurl_globalInit(void) { return curl_global_init(CURL_GLOBAL_DEFAULT); }
