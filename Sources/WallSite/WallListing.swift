import WallSupport

/// A wall of a site: its owner's objectId and names, and the site-relative path of its first
/// page.
public struct WallEntry: Sendable, Equatable {
  /// The owner's objectId.
  public var objectId: String
  /// The site-relative path of the wall's first page.
  public var page: String
  /// The owner's names.
  public var names: OwnerNames

  /// Creates an entry from its parts.
  public init(objectId: String, page: String, names: OwnerNames) {
    self.objectId = objectId
    self.page = page
    self.names = names
  }
}

/// Every wall of a built site, read as a stream in objectId order as Swift compares strings
/// (`String <`, Unicode canonical equivalence), each objectId once: what a private build's list
/// of links, a web archive's pages and the build record list.
///
/// A one-process build holds its walls in memory (`WallsInMemory`); a sharded build's finalize
/// step keeps them on disk, so that its memory does not grow with the users.
public protocol WallListing: Sendable {
  /// Calls `body` with every wall, in objectId order.
  /// - Throws: `WriteError` when the walls cannot be read, or what `body` throws.
  func forEachWall(_ body: (WallEntry) throws(WriteError) -> Void) throws(WriteError)
}

extension WallListing {
  /// Every wall's first page, by owner objectId, in memory: for small sites and tests.
  /// - Throws: `WriteError` when the walls cannot be read.
  public func pages() throws(WriteError) -> [String: String] {
    var pages: [String: String] = [:]
    try forEachWall { entry throws(WriteError) in pages[entry.objectId] = entry.page }
    return pages
  }

  /// Every wall, in objectId order, in memory: for small sites and tests.
  /// - Throws: `WriteError` when the walls cannot be read.
  public func entries() throws(WriteError) -> [WallEntry] {
    var entries: [WallEntry] = []
    try forEachWall { entry throws(WriteError) in entries.append(entry) }
    return entries
  }

  /// Every wall's owner's names, by objectId, in memory: for small sites and tests.
  /// - Throws: `WriteError` when the walls cannot be read.
  public func names() throws(WriteError) -> [String: OwnerNames] {
    var names: [String: OwnerNames] = [:]
    try forEachWall { entry throws(WriteError) in names[entry.objectId] = entry.names }
    return names
  }
}

/// The walls of a build held in memory, as a one-process build keeps them.
public struct WallsInMemory: WallListing {
  /// Each wall's first page, by owner objectId.
  public var pages: [String: String]
  /// Each owner's names, by objectId (a wall whose owner is missing has empty names).
  public var owners: [String: OwnerNames]

  /// Creates the listing of `pages` and their owners' names.
  public init(pages: [String: String] = [:], owners: [String: OwnerNames] = [:]) {
    self.pages = pages
    self.owners = owners
  }

  /// Calls `body` with every wall of `pages`, sorted by objectId.
  /// - Throws: What `body` throws.
  public func forEachWall(_ body: (WallEntry) throws(WriteError) -> Void) throws(WriteError) {
    for (objectId, page) in pages.sorted(by: { $0.key < $1.key }) {
      try body(
        WallEntry(
          objectId: objectId, page: page,
          names: owners[objectId] ?? OwnerNames(username: "", displayName: "")))
    }
  }
}
