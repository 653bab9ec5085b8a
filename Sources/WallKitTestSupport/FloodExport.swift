import WallKit
import WallSynth

/// Exports whose files, each under its size cap, are floods of bad elements: a
/// `WallImageComment.json` of empty rows (`{},` repeated: every row lacks an objectId) and Graph
/// files whose friends are all empty objects (every friend lacks an id).
///
/// Before problem reports were bounded, each bad element became a stored problem line: a
/// 250 MiB comment file reached 12 GiB, a 16 MiB Graph file 5 GiB.
public enum FloodExport {
  /// How many users there are (`u0`, `u1`, … with Facebook ids `1000`, `1001`, …).
  public static let userCount = 3

  /// Writes an export at `root`: three users, one image of `u0`, a comment file of about
  /// `commentBytes` bytes of empty rows (none when 0), and `graphFiles` Graph files (of users
  /// `u0`, `u1`, …) of about `graphBytes` bytes each, every friend an empty object.
  /// - Returns: How many empty comment rows and how many empty friends per Graph file.
  /// - Throws: `WriteError` when a file cannot be written.
  @discardableResult
  public static func write(
    to root: String, commentBytes: Int = 0, graphFiles: Int = 0, graphBytes: Int = 0
  ) throws(WriteError) -> (commentRows: Int, friendsPerGraph: Int) {
    let export = try ExportWriter(root: root)
    try export.writeClass(
      "_User",
      (0..<userCount).map {
        ParseFixtures.user("u\($0)", username: "user\($0)", fbId: "\(1000 + $0)")
      })
    try export.writeClass(
      "WallImage",
      [ParseFixtures.image("i1", uploaderFBId: "1000", username: "user0", fileName: "a", at: 0)])
    var rows = 0
    if commentBytes > 0 {
      let (bytes, count) = emptyObjects(
        head: #"{"results":["#, tail: "]}", totalBytes: commentBytes)
      try export.writeFile("WallImageComment.json", bytes)
      rows = count
    }
    var friends = 0
    for file in 0..<graphFiles {
      let id = 1000 + file
      let (bytes, count) = emptyObjects(
        head: #"{"id":"\#(id)","name":"Flood","friends":{"data":["#, tail: "]}}",
        totalBytes: graphBytes)
      try export.writeFile("graph/\(id).json", bytes)
      friends = count
    }
    return (rows, friends)
  }

  /// `head`, then `{}` separated by commas, then `tail`: at most `totalBytes` bytes in all.
  private static func emptyObjects(head: String, tail: String, totalBytes: Int) -> (
    bytes: [UInt8], count: Int
  ) {
    let count = max(1, (totalBytes - head.utf8.count - tail.utf8.count + 1) / 3)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(head.utf8.count + 3 * count + tail.utf8.count)
    bytes.append(contentsOf: head.utf8)
    for position in 0..<count {
      if position > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(UInt8(ascii: "{"))
      bytes.append(UInt8(ascii: "}"))
    }
    bytes.append(contentsOf: tail.utf8)
    return (bytes, count)
  }
}
