import WallSupport
import WallZip

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--precompress`: a gzip copy, `<file>.gz`, beside each text file of the site.
///
/// Hosts serve the copy when the browser accepts gzip (nginx `gzip_static`, Apache
/// `MultiViews`, most static hosts). Text is about 97 % of a site's bytes; gzip makes a sixth of
/// it or less.
///
/// Run once a build's files are in place (`SiteBuilder.finishSite`, both engines): a copy is
/// made when it is missing or older than its file, at level 9 with no name and time in its
/// header, so the same file always gives the same copy. A copy goes with its file
/// (`BuildManifest.prune`), and a build without the option removes the copies a build with it
/// left. Copies are not in the manifest: a WACZ and a bag hold the site's own files only.
package enum Precompression {
  /// The file name extensions of the files that get a copy.
  package static let textExtensions: Set<String> = ["html", "js", "json", "css", "xml", "svg"]

  /// The suffix of a copy.
  package static let suffix = ".gz"

  /// zlib's level: the copies are made once and served many times.
  static let level: Int32 = 9

  /// The marker in the state folder saying the site has copies: a build without the option
  /// then looks for them to remove.
  static let markerName = "precompressed"

  /// Whether the site file `path` gets a copy.
  package static func isText(_ path: String) -> Bool {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
    return textExtensions.contains(String(path[path.index(after: dot)...]))
  }

  /// Makes or removes the copies of the text files `lines` (a manifest) lists.
  /// - Parameters:
  ///   - lines: The site's manifest, as lines.
  ///   - on: Whether the site has copies (`--precompress`).
  ///   - siteRoot: The site's folder.
  ///   - stateRoot: The state folder (its marker).
  /// - Returns: How many copies were written.
  /// - Throws: `WriteError` naming the file that could not be read or written.
  package static func update(
    lines: any LineSource, on: Bool, siteRoot: String, stateRoot: String
  ) throws(WriteError) -> Int {
    let marker = "\(stateRoot)/\(markerName)"
    let hadCopies = FileSystem.linkKind(of: marker) == .regular
    guard on || hadCopies else { return 0 }
    var written = 0
    while let line = try lines.next() {
      guard line.hasPrefix(BuildManifest.filePrefix) else { continue }
      let path = BuildManifest.path(of: line)
      guard isText(path) else { continue }
      let file = "\(siteRoot)/\(path)"
      let copy = file + suffix
      if !on {
        if FileSystem.linkKind(of: copy) == .regular { try FileSystem.removeFile(copy) }
        continue
      }
      if isFresh(copy, of: file) { continue }
      try compress(file, into: copy)
      written += 1
    }
    if on {
      if !hadCopies { try FileSystem.writeAtomically([], to: marker) }
    } else {
      try FileSystem.removeFile(marker)
    }
    return written
  }

  /// Writes the gzip copy of `file` as `copy` (atomically), reading a megabyte at a time.
  static func compress(_ file: String, into copy: String) throws(WriteError) {
    let input = open(file, O_RDONLY | O_CLOEXEC)
    guard input >= 0, let size = FileSystem.size(of: file) else {
      if input >= 0 { close(input) }
      throw WriteError(path: file, reason: FileSystem.lastErrorReason)
    }
    defer { close(input) }
    let output = ChangedFileStream(writing: copy)
    let gzip = try GzipMember(
      level: level, failure: { WriteError(path: copy, reason: $0) },
      sink: { bytes throws(WriteError) in output.append(Array(bytes)) })
    var offset = 0
    while offset < size {
      guard
        let chunk = FileSystem.readBytes(of: input, count: min(1 << 20, size - offset), at: offset)
      else { throw WriteError(path: file, reason: "it changed while it was being compressed") }
      try gzip.append(chunk)
      offset += chunk.count
    }
    try gzip.finish()
    // An unchanged copy keeps its bytes; its time says it was checked against its file.
    if try !output.finish() { utimensat(AT_FDCWD, copy, nil, 0) }
  }

  /// Whether `copy` is a regular file modified no earlier than `file`.
  static func isFresh(_ copy: String, of file: String) -> Bool {
    func modified(_ path: String) -> (Int, Int)? {
      var info = stat()
      guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
      return (info.st_mtim.tv_sec, info.st_mtim.tv_nsec)
    }
    guard let made = modified(copy), let source = modified(file) else { return false }
    return made >= source
  }
}
