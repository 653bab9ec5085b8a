/* libcurl (Debian libcurl4-openssl-dev, see Package.swift) for `wallgen fetch`. Swift cannot call
   C's variadic curl_easy_setopt and curl_easy_getinfo, so each use has a typed wrapper here;
   Sources/WallFetch/Curl.swift is the only Swift file that imports this module. */
#include <curl/curl.h>
#include <string.h>

/* The settings of one transfer. */
typedef struct {
  const char *url;
  int head;                      /* 1: a HEAD request (CURLOPT_NOBODY) */
  long connectTimeoutMs;
  long lowSpeedLimit;            /* bytes per second ... */
  long lowSpeedTime;             /* ... under which, this many seconds long, is a stall */
  long maxRedirects;
  curl_off_t maxFileSize;        /* a Content-Length over this is refused before the body */
  const char *userAgent;
  char *errorBuffer;             /* CURL_ERROR_SIZE bytes */
  curl_write_callback write;
  void *writeContext;
} CCurl_Settings;

/* Applies `settings` to `handle`; the first failing option's code, else CURLE_OK.
   Only http and https, also after a redirect. */
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
  CCURL_SET(CURLOPT_LOW_SPEED_LIMIT, settings->lowSpeedLimit);
  CCURL_SET(CURLOPT_LOW_SPEED_TIME, settings->lowSpeedTime);
  CCURL_SET(CURLOPT_MAXFILESIZE_LARGE, settings->maxFileSize);
  CCURL_SET(CURLOPT_USERAGENT, settings->userAgent);
  CCURL_SET(CURLOPT_ERRORBUFFER, settings->errorBuffer);
  CCURL_SET(CURLOPT_NOSIGNAL, 1L);
  CCURL_SET(CURLOPT_ACCEPT_ENCODING, "identity");
  CCURL_SET(CURLOPT_WRITEFUNCTION, settings->write);
  CCURL_SET(CURLOPT_WRITEDATA, settings->writeContext);
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
