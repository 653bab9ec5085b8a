import WallSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `make-demo [DIR]`: regenerates the demo export (default `Examples/demo-export`).
public enum DemoCommand {
  /// How make-demo ends: its process exit code.
  public enum Status: Int32, Sendable {
    /// The demo was written, or help was shown.
    case success = 0
    /// Writing the demo failed.
    case failure = 1
    /// The arguments were wrong.
    case usage = 64
  }

  /// Where make-demo writes its lines: standard output and standard error, replaceable in tests.
  public struct Output: Sendable {
    /// Writes a line to standard output.
    public var out: @Sendable (String) -> Void
    /// Writes a line to standard error.
    public var err: @Sendable (String) -> Void

    /// Creates an output from two line writers.
    /// - Parameters:
    ///   - out: Receives the lines for standard output.
    ///   - err: Receives the lines for standard error.
    public init(
      out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void
    ) {
      self.out = out
      self.err = err
    }

    /// The process's standard output and error.
    public static var standard: Output {
      Output(
        out: { line in FileSystem.writeAll(line + "\n", to: STDOUT_FILENO) },
        err: { line in FileSystem.writeAll(line + "\n", to: STDERR_FILENO) })
    }
  }

  /// The usage line.
  static let usage = "usage: make-demo [DIR]   (default: \(DemoExport.defaultRoot))"

  /// Runs make-demo with the arguments after the program name.
  /// - Parameters:
  ///   - arguments: At most one folder.
  ///   - output: Where the summary and errors go.
  /// - Returns: `.success` when written, `.failure` when writing failed, `.usage` for bad
  ///   arguments.
  public static func run(_ arguments: [String], output: Output = .standard) -> Status {
    if arguments == ["-h"] || arguments == ["--help"] {
      output.out(usage)
      return .success
    }
    guard arguments.count <= 1, !(arguments.first?.hasPrefix("-") ?? false) else {
      output.err("make-demo: error: unexpected arguments '\(arguments.joined(separator: " "))'")
      output.err(usage)
      return .usage
    }
    let root = arguments.first ?? DemoExport.defaultRoot
    do {
      let summary = try DemoExport.write(to: root)
      output.out("make-demo: wrote \(root): \(summary)")
      return .success
    } catch {
      output.err("make-demo: error: \(error)")
      return .failure
    }
  }
}
