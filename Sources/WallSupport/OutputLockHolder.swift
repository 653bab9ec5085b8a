#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A process that holds an output's lock, as its lock file names it (`OutputLock`).
public struct OutputLockHolder: Sendable, Equatable, CustomStringConvertible {
  /// Its process id.
  public var pid: Int32
  /// Its command line.
  public var command: String

  /// A holder of `pid` running `command`.
  public init(pid: Int32, command: String) {
    self.pid = pid
    self.command = command
  }

  /// `pid 1234: wallgen build demo -o _site`.
  public var description: String { "pid \(pid): \(command)" }

  /// "another wallgen (pid 1234: wallgen build demo -o _site)", or the shards holding it.
  /// - Parameter holders: The holders a lock file names.
  public static func naming(_ holders: [OutputLockHolder]) -> String {
    guard let first = holders.first else { return "another wallgen" }
    guard holders.count > 1 else { return "another wallgen (\(first))" }
    let shown = holders.prefix(3).map(\.description).joined(separator: "; ")
    let more = holders.count > 3 ? "; and \(holders.count - 3) more" : ""
    return "\(holders.count) other wallgen processes (\(shown)\(more))"
  }

  /// The holders a lock file names (a line each: the pid, a space, the command line).
  ///
  /// Lines of processes that are gone are left out (a shard killed left its line); when no line
  /// names a living process here (the holders run on another machine sharing the output), the
  /// last line is kept.
  /// - Parameter text: The lock file's text.
  public static func holders(in text: String) -> [OutputLockHolder] {
    let all = text.split(separator: "\n").compactMap { line -> OutputLockHolder? in
      guard let space = line.firstIndex(of: " "), let pid = Int32(line[..<space]), pid > 0
      else { return nil }
      return OutputLockHolder(pid: pid, command: String(line[line.index(after: space)...]))
    }
    let living = all.filter { kill($0.pid, 0) == 0 || errno == EPERM }
    return living.isEmpty ? Array(all.suffix(1)) : living
  }

  /// The holders named in the lock file open as `descriptor` (at most its first 64 KiB).
  static func read(_ descriptor: Int32) -> [OutputLockHolder] {
    var bytes = [UInt8](repeating: 0, count: 1 << 16)
    let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return [] }
    return holders(in: String(decoding: bytes[..<count], as: UTF8.self))
  }
}

/// Why an output's lock could not be taken.
public enum OutputLockError: Error, Equatable, Sendable {
  /// Another process holds it: those its lock file names (none when it names none yet).
  case busy(holders: [OutputLockHolder])
  /// The state folder or its lock file cannot be made, opened or locked.
  case unusable(path: String, reason: String)
}
