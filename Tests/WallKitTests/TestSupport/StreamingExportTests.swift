import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// The streamed synthetic export of `scale-bench generate --degree`: importable without a
/// problem, symmetric, skewed, one object per line, and the same bytes for the same seed.
@Suite struct StreamingExportTests {
  /// A small export: 400 users, friends drawn in 3 passes so that slicing is exercised.
  static func export(seed: UInt64 = 1, degree: StreamingExport.Degree = .skewed)
    -> StreamingExport
  {
    var export = StreamingExport(users: 400, degree: degree)
    export.seed = seed
    export.entriesPerPass = 3_000
    export.width = 8
    export.height = 6
    return export
  }

  /// Every file below `root`, by relative path, with its bytes.
  static func files(_ root: String) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: root)
    while let relative = enumerator?.nextObject() as? String {
      var isFolder: ObjCBool = false
      let path = "\(root)/\(relative)"
      if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
        result[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
      }
    }
    return result
  }

  @Test("it imports without a problem, with symmetric friends and a skewed degree")
  func imports() throws {
    let folder = try TemporaryDirectory("streamed")
    let summary = try Self.export().write(to: folder.path)
    #expect(summary.friendPasses == 3)
    let result = try ExportImporter.load(folder.path)
    #expect(result.report.problems.isEmpty, "\(result.report.problems.prefix(3))")
    #expect(result.dataset.users.count == 400)
    #expect(result.dataset.images.count == 800)
    #expect(result.dataset.comments.count == 1_200)
    var entries = 0
    for (user, friends) in result.dataset.friends {
      entries += friends.count
      for friend in friends {
        #expect(result.dataset.friends[friend]?.contains(user) == true, "\(user) \(friend)")
      }
    }
    #expect(entries == summary.friendEntries)
    let mean = Double(entries) / 400
    #expect(mean > 15 && mean <= 20)
    // Hubs: the largest degree is several times the mean (a uniform graph's is about twice).
    #expect(Double(summary.maximumDegree) > 4 * mean)
    let withACL = result.dataset.images.values.count { $0.acl != nil }
    #expect(withACL > 800 / 10 && withACL < 800 * 3 / 10)
  }

  @Test("class files hold one object per line inside the array")
  func oneObjectPerLine() throws {
    let folder = try TemporaryDirectory("streamed")
    _ = try Self.export().write(to: folder.path)
    let text = try String(contentsOfFile: folder.url("WallImage.json"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "[")
    #expect(lines.dropLast().last == "]")
    #expect(lines.count == 800 + 3)
    for line in lines.dropFirst().dropLast(2) {
      let row = line.hasSuffix(",") ? line.dropLast() : line
      #expect(try JSONSerialization.jsonObject(with: Data(row.utf8)) is [String: Any])
    }
  }

  @Test("the same seed writes the same bytes; another seed, other friends")
  func deterministic() throws {
    let first = try TemporaryDirectory("streamed")
    let second = try TemporaryDirectory("streamed")
    let third = try TemporaryDirectory("streamed")
    _ = try Self.export().write(to: first.path)
    _ = try Self.export().write(to: second.path)
    _ = try Self.export(seed: 2).write(to: third.path)
    let files = try Self.files(first.path)
    #expect(files.count > 800 + 6)
    #expect(files == (try Self.files(second.path)))
    #expect(
      files["_Join:friends:_User.json"] != (try Self.files(third.path))["_Join:friends:_User.json"])
  }
}
