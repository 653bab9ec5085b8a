import CCurl
import WallSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// libcurl's global setup, done once per process before the first handle.
private let curlSetup: CURLcode = CCurl_globalInit()

/// Where a transfer's body goes: a temporary file (or nowhere, for a HEAD), with the size caps
/// (the file's and the run's) enforced while it arrives and the first bytes kept to tell JPEG
/// and PNG from the rest.
///
/// Used only on the thread that drives the transfers (libcurl calls `write` from
/// `CurlMulti.perform`).
final class TransferSink {
  fileprivate var handle: UnsafeMutableRawPointer?
  /// The file written, or -1 to keep nothing.
  let descriptor: Int32
  /// The most bytes accepted.
  let cap: Int64
  /// The run's bytes, shared by every transfer.
  let budget: ByteBudget
  /// Bytes of a 2xx body received so far.
  private(set) var bytes: Int64 = 0
  /// The body's first bytes (up to 8).
  private(set) var magic: [UInt8] = []
  /// Whether the body went over `cap` (the transfer was then stopped).
  private(set) var overCap = false
  /// Whether the body went over the run's `budget` (the transfer was then stopped).
  private(set) var overBudget = false
  /// The `errno` of a failed write, 0 when none failed.
  private(set) var writeError: Int32 = 0
  private var keeping: Bool?

  init(descriptor: Int32, cap: Int64, budget: ByteBudget) {
    self.descriptor = descriptor
    self.cap = cap
    self.budget = budget
  }

  /// Takes `count` bytes at `data`; false stops the transfer.
  fileprivate func take(_ data: UnsafeRawPointer, _ count: Int) -> Bool {
    if keeping == nil {
      // A 404 page or a 500's body is not the file: only a 2xx body is written.
      let status = handle.map { CCurl_responseCode($0) } ?? 0
      keeping = (200..<300).contains(status) && descriptor >= 0
    }
    guard keeping == true else { return true }
    guard bytes + Int64(count) <= cap else {
      overCap = true
      return false
    }
    guard budget.take(Int64(count)) else {
      overBudget = true
      return false
    }
    if magic.count < 8 {
      let bytesIn = UnsafeRawBufferPointer(start: data, count: count)
      magic += bytesIn.prefix(8 - magic.count)
    }
    var offset = 0
    while offset < count {
      let written = write(descriptor, data + offset, count - offset)
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else {
        writeError = errno
        return false
      }
      offset += written
    }
    bytes += Int64(count)
    return true
  }
}

/// libcurl's write callback: hands the bytes to the transfer's `TransferSink`.
private func receive(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
  _ context: UnsafeMutableRawPointer?
) -> Int {
  let total = size * count
  guard let data, let context else { return total }
  let sink = Unmanaged<TransferSink>.fromOpaque(context).takeUnretainedValue()
  return sink.take(UnsafeRawPointer(data), total) ? total : 0
}

/// libcurl's socket callback: a socket only for an address the transfer's check permits.
///
/// Nothing in it throws (no Swift error may cross libcurl's C frames); a refusal is kept in
/// the transfer's `ConnectionCheck`, and `CURL_SOCKET_BAD` makes libcurl try the next address
/// or fail with `CURLE_COULDNT_CONNECT` before any packet is sent.
private func openSocket(
  _ context: UnsafeMutableRawPointer?, _ purpose: curlsocktype,
  _ address: UnsafeMutablePointer<curl_sockaddr>?
) -> curl_socket_t {
  guard let context, let address else { return CURL_SOCKET_BAD }
  let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
  var bytes = [UInt8](repeating: 0, count: 16)
  let length = Int(CCurl_addressBytes(address, &bytes))
  let permitted = transfer.check.permits(
    address: Array(bytes.prefix(length)), url: String(cString: CCurl_currentURL(transfer.handle)),
    redirected: CCurl_redirectCount(transfer.handle) > 0)
  guard permitted else { return CURL_SOCKET_BAD }
  return socket(address.pointee.family, address.pointee.socktype, address.pointee.protocol)
}

/// URLs read as libcurl reads them.
enum CurlURL {
  /// The host of `url` as libcurl connects to it, lowercased: `127.0.0.1` for `0x7f000001`,
  /// `[::1]`; nil when `url` cannot be read or has none.
  static func host(of url: String) -> String? {
    part(CURLUPART_HOST, of: url, dropping: 0)?.lowercased()
  }

  /// `url` without its user and password, nil when it cannot be read.
  static func withoutCredentials(_ url: String) -> String? {
    part(CURLUPART_URL, of: url, dropping: 3)
  }

  private static func part(_ part: CURLUPart, of url: String, dropping: Int32) -> String? {
    guard let value = CCurl_urlPart(url, part, dropping) else { return nil }
    defer { curl_free(value) }
    return String(cString: value)
  }
}

/// How a transfer ended, before its HTTP status is looked at.
enum TransportOutcome: Equatable {
  /// A response arrived whole.
  case completed
  /// No response, or not all of it: why, and whether trying again may help.
  case failed(reason: String, retryable: Bool)
  /// The body is larger than the cap.
  case tooLarge
  /// The body would take the run past its total cap.
  case overBudget
  /// Every address tried was refused (an internal one, of a host the user did not name).
  case refused(AddressRefusal)
}

/// One HTTP request on a libcurl easy handle.
final class CurlTransfer {
  /// The easy handle, which also names the transfer in `CurlMulti`.
  let handle: UnsafeMutableRawPointer
  /// Where the body goes.
  let sink: TransferSink
  /// The check of the addresses connected to.
  let check: ConnectionCheck
  private let errorBuffer: UnsafeMutablePointer<CChar>

  /// Prepares a GET (or a HEAD, `head`) of `url` whose body goes to `sink`, connecting only
  /// where `check` permits, within `timeout` seconds (nil: no limit).
  /// - Throws: `FetchFailureReason` when libcurl refuses a setting (such as the URL).
  init(
    url: String, head: Bool, settings: FetchSettings, sink: TransferSink,
    check: ConnectionCheck, timeout: Double?
  ) throws(FetchFailureReason) {
    guard curlSetup == CURLE_OK, let handle = curl_easy_init() else {
      throw FetchFailureReason("libcurl could not make a transfer")
    }
    self.handle = handle
    self.sink = sink
    self.check = check
    errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    sink.handle = handle
    let code = url.withCString { url in
      "wallgen/\(wallgenVersion)".withCString { agent in
        var options = CCurl_Settings(
          url: url, head: head ? 1 : 0,
          connectTimeoutMs: Int(max(settings.connectTimeout * 1000, 1)),
          timeoutMs: timeout.map { Int(max($0 * 1000, 1)) } ?? 0,
          lowSpeedLimit: settings.stallBytesPerSecond, lowSpeedTime: settings.stallTimeout,
          maxRedirects: settings.maxRedirects, maxFileSize: curl_off_t(settings.maxFileBytes),
          userAgent: agent, errorBuffer: errorBuffer, write: receive,
          writeContext: Unmanaged.passUnretained(sink).toOpaque(), openSocket: openSocket,
          openSocketContext: Unmanaged.passUnretained(self).toOpaque())
        return CCurl_prepare(handle, &options)
      }
    }
    guard code == CURLE_OK else { throw FetchFailureReason(describe(code)) }
  }

  deinit {
    curl_easy_cleanup(handle)
    errorBuffer.deallocate()
  }

  /// The last response's HTTP status, 0 when none arrived.
  var status: Int { CCurl_responseCode(handle) }
  /// The last response's `Retry-After`, in seconds.
  var retryAfter: Int64? {
    let seconds = CCurl_retryAfter(handle)
    return seconds > 0 ? Int64(seconds) : nil
  }
  /// The last response's `Content-Length`.
  var contentLength: Int64? {
    let length = CCurl_contentLength(handle)
    return length >= 0 ? Int64(length) : nil
  }

  /// The bytes of the last response's body as they travelled, before a `Content-Encoding`
  /// (gzip, say) was decoded: what its `Content-Length` counts.
  var bytesReceived: Int64? {
    let bytes = CCurl_bytesReceived(handle)
    return bytes >= 0 ? Int64(bytes) : nil
  }

  /// What libcurl's result `code` (from `CurlMulti.nextDone`) means for this transfer.
  func outcome(code: UInt32) -> TransportOutcome {
    let code = CURLcode(rawValue: code)
    if code == CURLE_COULDNT_CONNECT, let refusal = check.refusal { return .refused(refusal) }
    switch code {
    case CURLE_OK: return .completed
    case CURLE_FILESIZE_EXCEEDED: return .tooLarge
    case CURLE_WRITE_ERROR where sink.overCap: return .tooLarge
    case CURLE_WRITE_ERROR where sink.overBudget: return .overBudget
    case CURLE_WRITE_ERROR:
      return .failed(
        reason: "cannot write the download: \(FileSystem.errorReason(sink.writeError))",
        retryable: false)
    case CURLE_OPERATION_TIMEDOUT:
      return .failed(reason: "timed out: \(describe(code))", retryable: true)
    case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING:
      return .failed(reason: "the connection broke: \(describe(code))", retryable: true)
    case CURLE_TOO_MANY_REDIRECTS:
      return .failed(reason: "too many redirects: \(describe(code))", retryable: false)
    case CURLE_UNSUPPORTED_PROTOCOL:
      return .failed(
        reason: "refused a URL that is not http or https: \(describe(code))", retryable: false)
    default: return .failed(reason: describe(code), retryable: false)
    }
  }

  /// libcurl's detailed message for `code`, else its generic one.
  private func describe(_ code: CURLcode) -> String {
    let detail = String(cString: errorBuffer)
    return detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
  }
}

/// A libcurl multi handle: many transfers driven by one thread.
final class CurlMulti {
  private let multi: UnsafeMutableRawPointer

  /// Creates a multi handle.
  /// - Throws: `FetchError.curl` when libcurl cannot be set up.
  init() throws(FetchError) {
    guard curlSetup == CURLE_OK else {
      throw .curl(reason: String(cString: curl_easy_strerror(curlSetup)))
    }
    guard let multi = curl_multi_init() else { throw .curl(reason: "curl_multi_init failed") }
    self.multi = multi
  }

  deinit { curl_multi_cleanup(multi) }

  /// Starts `transfer`; false when libcurl refuses it.
  func add(_ transfer: CurlTransfer) -> Bool {
    curl_multi_add_handle(multi, transfer.handle) == CURLM_OK
  }

  /// Stops driving `transfer`.
  func remove(_ transfer: CurlTransfer) {
    curl_multi_remove_handle(multi, transfer.handle)
  }

  /// Moves every transfer on as far as it can without waiting.
  func perform() {
    var running: Int32 = 0
    curl_multi_perform(multi, &running)
  }

  /// Waits up to `milliseconds` for any transfer's socket (or just waits, with none).
  func wait(milliseconds: Int32) {
    curl_multi_poll(multi, nil, 0, max(milliseconds, 0), nil)
  }

  /// The next finished transfer's handle and libcurl result code, nil when none is left.
  func nextDone() -> (handle: UnsafeMutableRawPointer, code: UInt32)? {
    var handle: UnsafeMutableRawPointer?
    var code = CURLE_OK
    guard CCurl_nextDone(multi, &handle, &code) == 1, let handle else { return nil }
    return (handle, code.rawValue)
  }
}
