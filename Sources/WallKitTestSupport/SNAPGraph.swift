import WallKit
import WallSynth

/// Reads the SNAP ego-Facebook edge list (`graphs/facebook_combined.txt`).
public enum SNAPGraph {
  /// The edge list inside the shared test data.
  public static let file = "graphs/facebook_combined.txt"

  /// True when the edge list is present; use as
  /// `.enabled(if: SNAPGraph.isAvailable, "needs ../shared/testdata/graphs")`.
  public static var isAvailable: Bool { SharedTestData.has(file) }

  /// The export the SNAP tests share, generated once; nil when the shared test data is absent.
  ///
  /// 4039 users linked as the graph says, 1.5 images a user, 1.2 comments an image, seed 42.
  public static let syntheticExport: Result<SyntheticExport?, any Error> = Result {
    try load().map {
      SyntheticExport.generate(
        userCount: $0.nodes, edges: $0.edges, imagesPerUser: 1.5, commentsPerImage: 1.2, seed: 42)
    }
  }

  /// The node count and edges, or nil when the shared test data is absent.
  /// - Throws: when the file exists but cannot be read or parsed.
  public static func load() throws -> (nodes: Int, edges: [(Int, Int)])? {
    guard let path = SharedTestData.path(file) else { return nil }
    let bytes = try FileSystem.readFile(path, limit: 16 << 20)
    var edges: [(Int, Int)] = []
    var nodes = 0
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
      let parts = line.split(separator: " ")
      guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]) else {
        throw SNAPFormatError(line: String(line))
      }
      edges.append((a, b))
      nodes = max(nodes, a + 1, b + 1)
    }
    return (nodes, edges)
  }
}

/// A line of the edge list that is not "u v".
public struct SNAPFormatError: Error, Equatable {
  public var line: String
}
