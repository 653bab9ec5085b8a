import WallSupport

/// A WACZ that could not be written: the file it was writing or reading, and why.
public struct WACZError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file being written (the `.wacz`) or read (a file of the site).
  public var path: String
  /// What went wrong, as one sentence.
  public var reason: String

  /// Creates an error.
  /// - Parameters:
  ///   - path: The file being written or read.
  ///   - reason: What went wrong.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// The error of a list or scratch file (`WriteError`) met while writing a WACZ.
  init(_ error: WriteError) {
    self.init(path: error.path, reason: error.reason)
  }

  /// `path: error: reason`.
  public var description: String { "\(path): error: cannot write the WACZ: \(reason)" }
}

/// A `--base-url` that cannot be the prefix of an archive's URLs.
public struct WACZBaseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The value given.
  public var value: String
  /// Why it is refused.
  public var reason: String

  /// `--base-url 'value': reason`.
  public var description: String { "--base-url '\(value)': \(reason)" }
}
