#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The version of wallgen, printed by `wallgen --version` and written into build records,
/// plans and bags.
public let wallgenVersion = "0.1.0"

/// Which build of wallgen is running: its version and a digest of its executable.
///
/// The version alone has been "0.1.0" since the first commit, so a new binary that only
/// renders differently would find its last build "unchanged" and keep stale pages. The
/// executable's SHA-256 (about 15 ms for a 16 MB binary, once per process) tells two builds of
/// the program apart, so a build fingerprint, a plan and a shard record that hold this identity
/// are made again by another binary. Two builds of the same source with the same toolchain and
/// flags link to the same bytes and share it. The Swift runtime's shared libraries are not part
/// of it.
public enum ProgramIdentity {
  /// The running program's identity: `0.1.0+` and 16 hexadecimal digits of its executable.
  ///
  /// The digits are the first of the executable's SHA-256 (semantic versioning's build
  /// metadata). Where `/proc/self/exe`
  /// cannot be read it is `0.1.0+unreadable.<pid>`, never equal to another process's, so every
  /// build is then taken as another program's.
  public static let current: String = describe(executable: "/proc/self/exe")

  /// The identity of the program in `path`, as `current` describes the running one.
  /// - Parameter path: An executable.
  public static func describe(executable path: String) -> String {
    guard let digest = try? digestOfFile(path) else {
      return "\(wallgenVersion)+unreadable.\(getpid())"
    }
    return "\(wallgenVersion)+\(Hex.encode(Array(digest.prefix(8))))"
  }

  private static func digestOfFile(_ path: String) throws(FileSystemError) -> [UInt8] {
    let reader = try FileByteReader(path: path)
    let hasher = SHA256.hasher()
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { buffer.deallocate() }
    while true {
      let count = try reader.read(into: buffer)
      if count == 0 { break }
      hasher.update(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
    }
    return hasher.finalize()
  }
}
