/// Why the preview server could not start or keep serving.
public enum PreviewError: Error, Equatable, CustomStringConvertible {
  /// The folder to serve does not exist.
  case rootMissing(path: String)
  /// The host is not an IPv4 address (or `localhost`).
  case badHost(String)
  /// Another process listens on the port already.
  case portInUse(host: String, port: Int)
  /// A socket call failed; `call` names it and `reason` is the system's text.
  case socket(call: String, reason: String)

  public var description: String {
    switch self {
    case .rootMissing(let path): "'\(path)' is not a folder that can be served"
    case .badHost(let host):
      "'\(host)' is not an IPv4 address; use e.g. --host 127.0.0.1 or --host 0.0.0.0"
    case .portInUse(_, let port):
      "port \(port) is in use; try --port \(port < 65535 ? port + 1 : 8080)"
    case .socket(let call, let reason): "cannot serve: \(call) failed: \(reason)"
    }
  }
}
