import WallSupport

/// The files of a web archive, one at a time, in bytewise path order, each once.
///
/// A site's archive reads them from its manifest (`WACZFolderFiles`), so that memory does not
/// grow with the site; a bag's few files are a `WACZResourceList`.
public protocol WACZResourceSource: AnyObject {
  /// The next file, or nil after the last.
  /// - Throws: `WACZError` when the list cannot be read.
  func next() throws(WACZError) -> WACZResource?

  /// Where the bytes of the page at `path` come from, to read its title; nil when it is not
  /// one of the files.
  func source(ofPage path: String) -> WACZResource.Source?
}

/// Resources held in memory, sorted bytewise by path when made.
public final class WACZResourceList: WACZResourceSource {
  private let resources: [WACZResource]
  private let byPath: [String: WACZResource.Source]
  private var position = 0

  /// A list of `resources`, in any order.
  public init(_ resources: [WACZResource]) {
    self.resources = resources.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    byPath = Dictionary(resources.map { ($0.path, $0.source) }) { first, _ in first }
  }

  public func next() throws(WACZError) -> WACZResource? {
    guard position < resources.count else { return nil }
    defer { position += 1 }
    return resources[position]
  }

  public func source(ofPage path: String) -> WACZResource.Source? { byPath[path] }
}

/// The files under a folder that a sorted list of folder-relative paths names: a build's
/// manifest, so that an archive holds exactly the files that build made, and nothing else
/// that lies in the folder (`.env`, `.git/`, what an earlier build left).
public final class WACZFolderFiles: WACZResourceSource {
  private let root: String
  private let paths: any LineSource

  /// The files `paths` names under `root`.
  /// - Parameters:
  ///   - root: The folder (a site's output).
  ///   - paths: Its files' relative paths, sorted bytewise.
  public init(root: String, paths: any LineSource) {
    self.root = root
    self.paths = paths
  }

  public func next() throws(WACZError) -> WACZResource? {
    let path: String?
    do {
      path = try paths.next()
    } catch {
      throw WACZError(error)
    }
    return path.map { WACZResource(path: $0, source: .file("\(root)/\($0)")) }
  }

  public func source(ofPage path: String) -> WACZResource.Source? {
    FileSystem.linkKind(of: "\(root)/\(path)") == .regular ? .file("\(root)/\(path)") : nil
  }
}
