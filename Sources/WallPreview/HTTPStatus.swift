/// The HTTP status codes wallgen's preview server sends.
public enum HTTPStatus: Int, Sendable, Equatable {
  case ok = 200
  case partialContent = 206
  case movedPermanently = 301
  case notModified = 304
  case badRequest = 400
  case notFound = 404
  case methodNotAllowed = 405
  case requestTimeout = 408
  case contentTooLarge = 413
  case uriTooLong = 414
  case rangeNotSatisfiable = 416
  case misdirectedRequest = 421
  case headerFieldsTooLarge = 431
  case internalServerError = 500
  case serviceUnavailable = 503
  case httpVersionNotSupported = 505

  /// The reason phrase of the status line.
  public var reason: String {
    switch self {
    case .ok: "OK"
    case .partialContent: "Partial Content"
    case .movedPermanently: "Moved Permanently"
    case .notModified: "Not Modified"
    case .badRequest: "Bad Request"
    case .notFound: "Not Found"
    case .methodNotAllowed: "Method Not Allowed"
    case .requestTimeout: "Request Timeout"
    case .contentTooLarge: "Content Too Large"
    case .uriTooLong: "URI Too Long"
    case .rangeNotSatisfiable: "Range Not Satisfiable"
    case .misdirectedRequest: "Misdirected Request"
    case .headerFieldsTooLarge: "Request Header Fields Too Large"
    case .internalServerError: "Internal Server Error"
    case .serviceUnavailable: "Service Unavailable"
    case .httpVersionNotSupported: "HTTP Version Not Supported"
    }
  }
}
