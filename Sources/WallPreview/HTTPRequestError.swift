/// Why a request head was refused before it reached the responder.
///
/// Each maps to a 4xx (or
/// 505) answer after which the connection is closed.
public enum HTTPRequestError: Error, Equatable, CustomStringConvertible {
  /// The head breaks HTTP/1.1 syntax; the reason quotes what is wrong.
  case malformed(String)
  /// The request line is longer than the limit.
  case requestLineTooLong(limit: Int)
  /// The head (request line and header fields) is larger than the limit, in bytes.
  case headersTooLarge(limit: Int)
  /// The head has more header fields than the limit.
  case tooManyFields(limit: Int)
  /// The request carries a body (`Content-Length` above 0 or `Transfer-Encoding`).
  case bodyNotAccepted(method: String)
  /// The version is well formed but not HTTP/1.0 or HTTP/1.1.
  case unsupportedVersion(String)
  /// The client sent nothing complete before the read timeout.
  case timedOut

  /// The status answered.
  public var status: HTTPStatus {
    switch self {
    case .malformed: .badRequest
    case .requestLineTooLong: .uriTooLong
    case .headersTooLarge, .tooManyFields: .headerFieldsTooLarge
    case .bodyNotAccepted(let method):
      PreviewResponder.allowedMethods.contains(method) ? .contentTooLarge : .methodNotAllowed
    case .unsupportedVersion: .httpVersionNotSupported
    case .timedOut: .requestTimeout
    }
  }

  public var description: String {
    switch self {
    case .malformed(let reason): "malformed request: \(reason)"
    case .requestLineTooLong(let limit): "request line longer than \(limit) bytes"
    case .headersTooLarge(let limit): "request head larger than \(limit) bytes"
    case .tooManyFields(let limit): "more than \(limit) header fields"
    case .bodyNotAccepted(let method): "a \(method) request with a body is not accepted"
    case .unsupportedVersion(let version): "unsupported protocol version '\(version)'"
    case .timedOut: "no complete request before the read timeout"
    }
  }

  /// The answer: a small error page; the connection is closed after it.
  public var response: HTTPResponse {
    var response = HTTPResponse.errorPage(status, detail: description, closesConnection: true)
    if status == .methodNotAllowed {
      response.headers.append(("Allow", PreviewResponder.allowedMethods.joined(separator: ", ")))
    }
    return response
  }
}
