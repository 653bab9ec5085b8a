import Foundation
import WallKit
import WallKitTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Why a test server could not start.
struct ServerFailure: Error, CustomStringConvertible {
  var description: String
}

/// nginx from Debian serving a folder on 127.0.0.1, run in the foreground by the test with a
/// configuration of its own (no daemon, no master process, every file in a temporary folder).
final class LocalNginx {
  /// The nginx executable, nil when it is not installed.
  static let executable: String? = ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }
  /// Whether the tests that need nginx can run.
  static var isAvailable: Bool { executable != nil }

  let port: Int
  private let process: Process
  private let folder: TemporaryDirectory

  /// Starts nginx serving `root` on a free port of 127.0.0.1.
  /// - Parameter autoindex: Whether nginx lists a folder that has no `index.html`.
  /// - Throws: `ServerFailure` when it does not answer within five seconds (three tries).
  init(root: String, autoindex: Bool = false) throws {
    guard let executable = Self.executable else { throw ServerFailure(description: "no nginx") }
    folder = try TemporaryDirectory("nginx")
    var lastError = ""
    for _ in 0..<3 {
      let port = try freePort()
      let conf = """
        daemon off;
        master_process off;
        worker_processes 1;
        pid \(folder.path)/nginx.pid;
        error_log \(folder.path)/error.log warn;
        events { worker_connections 64; }
        http {
          access_log \(folder.path)/access.log;
          client_body_temp_path \(folder.path)/body;
          proxy_temp_path \(folder.path)/proxy;
          fastcgi_temp_path \(folder.path)/fastcgi;
          uwsgi_temp_path \(folder.path)/uwsgi;
          scgi_temp_path \(folder.path)/scgi;
          types { image/jpeg jpg jpeg; image/png png; }
          default_type application/octet-stream;
          server {
            listen 127.0.0.1:\(port);
            root \(root);
            autoindex \(autoindex ? "on" : "off");
          }
        }
        """
      try conf.write(toFile: folder.url("nginx.conf"), atomically: true, encoding: .utf8)
      TestTier.checkMayStart(executable)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = [
        "-e", folder.url("error.log"), "-p", folder.path, "-c", folder.url("nginx.conf"),
      ]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      if waitForListener(port: port, while: { process.isRunning }) {
        self.port = port
        self.process = process
        return
      }
      stopServer(process)
      lastError = (try? String(contentsOfFile: folder.url("error.log"), encoding: .utf8)) ?? ""
    }
    throw ServerFailure(description: "nginx did not start: \(lastError)")
  }

  deinit {
    stopServer(process)
  }

  /// `http://127.0.0.1:<port>/<path>`.
  func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

  /// The request lines nginx logged, once there are at least `count` of them or 5 s passed:
  /// nginx logs a request after sending its response, so the client may finish first.
  func requests(atLeast count: Int) -> [String] {
    let deadline = ContinuousClock.now + .seconds(5)
    var logged = requests
    while logged.count < count && ContinuousClock.now < deadline {
      usleep(20_000)
      logged = requests
    }
    return logged
  }

  /// The request lines nginx logged so far (`GET /a/b.jpg HTTP/1.1`).
  var requests: [String] {
    let text = (try? String(contentsOfFile: folder.url("access.log"), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line in
      line.split(separator: "\"", omittingEmptySubsequences: false).dropFirst().first.map(
        String.init)
    }
  }
}

/// The fault-injecting server, `Tests/Servers/fetch-fault-server.py`, on 127.0.0.1.
///
/// It fails on purpose (see the script for its paths) and stops when this value goes away.
final class FaultServer {
  /// Whether python3 is there to run it.
  static let python: String? = ExternalTool.path("python3")

  let port: Int
  private let process: Process
  private let input: Pipe
  private let folder: TemporaryDirectory

  /// Starts the server.
  /// - Throws: `ServerFailure` when it does not print its port.
  init() throws {
    guard let python = Self.python else { throw ServerFailure(description: "no python3") }
    folder = try TemporaryDirectory("fault-server")
    TestTier.checkMayStart(python)
    process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [
      RepositoryPaths.path("Tests/Servers/fetch-fault-server.py"), folder.url("requests.log"),
    ]
    input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var line: [UInt8] = []
    while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != 10 {
      line.append(byte)
    }
    let text = String(decoding: line, as: UTF8.self)
    guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
      process.terminate()
      throw ServerFailure(description: "the fault server printed '\(text)'")
    }
    self.port = port
  }

  deinit {
    try? input.fileHandleForWriting.close()
    stopServer(process)
  }

  /// `http://127.0.0.1:<port>/<path>`.
  func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

  /// The requests so far, `METHOD /path` each.
  var requests: [String] {
    let text = (try? String(contentsOfFile: folder.url("requests.log"), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init)
  }
}

/// Stops a test's server with SIGKILL and waits for it: a child started from a test's thread
/// may inherit a signal mask that blocks SIGTERM (nginx then never sees `terminate()`, and the
/// test waits for ever), and a test server has nothing to clean up.
func stopServer(_ process: Process) {
  if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  process.waitUntilExit()
}

/// A TCP port of 127.0.0.1 free a moment ago.
func freePort() throws -> Int {
  let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard descriptor >= 0 else { throw ServerFailure(description: "socket failed") }
  defer { close(descriptor) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  address.sin_port = 0
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafeMutablePointer(to: &address) { pointer in
    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
      bind(descriptor, socketAddress, length) == 0
        && getsockname(descriptor, socketAddress, &length) == 0
    }
  }
  guard bound else { throw ServerFailure(description: "bind failed") }
  return Int(UInt16(bigEndian: address.sin_port))
}

/// Whether something accepts connections on 127.0.0.1:`port` within five seconds.
private func waitForListener(port: Int, while alive: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(5)
  while Date() < deadline && alive() {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    close(descriptor)
    if connected { return true }
    usleep(20_000)
  }
  return false
}
