import Foundation
import Testing
import WallKit
import WallKitTestSupport

@Suite(.fullTier) struct HostileExportTests {
  /// Every file of a built site, by path relative to its root.
  func files(in root: String) throws -> [String: [UInt8]] {
    var result: [String: [UInt8]] = [:]
    let walker = FileManager.default.enumerator(atPath: root)
    while let relative = walker?.nextObject() as? String {
      let path = "\(root)/\(relative)"
      if FileSystem.kind(of: path) == .regular {
        result[relative] = try FileSystem.readFile(path, limit: 1 << 26)
      }
    }
    return result
  }

  @Test("a hostile export builds: text escaped, nothing read outside, no secret in any byte")
  func hostileExportIsContained() throws {
    let folder = try TemporaryDirectory("hostile")
    let export = try HostileExport.write(in: folder.path)
    var settings = SiteBuilder.Settings(export: export, output: folder.url("site"))
    settings.pipeline.jobs = 2
    let result = try SiteBuilder(settings: settings).build()
    let site = try files(in: folder.url("site"))
    #expect(site["index.html"] != nil)
    #expect(site["walls/uEvil/index.html"] != nil)

    for (path, bytes) in site {
      let text = String(decoding: bytes, as: UTF8.self)
      for secret in HostileExport.secrets {
        #expect(!text.contains(secret), "secret '\(secret)' leaked into \(path)")
      }
      guard path.hasSuffix(".html") else { continue }
      for markup in HostileExport.markup {
        #expect(!text.contains(markup), "unescaped '\(markup)' in \(path)")
      }
      #expect(!text.contains("<script>alert"), "a script tag from the data in \(path)")
    }
    // The hostile names are on the pages, escaped.
    let wall = String(decoding: try #require(site["walls/uGood/index.html"]), as: UTF8.self)
    #expect(wall.contains("&lt;img src=x onerror=alert(2)&gt;"))
    #expect(wall.contains("Good {{owner.name}}"))
    #expect(wall.contains("}}{{{raw}}}{{&gt; layout}}\nsecond line"))
    #expect(wall.contains("&lt;script&gt;alert(1)&lt;/script&gt;\nsecond line"))
    // The unsafe objectId got a safe folder; no file escaped the output folder.
    #expect(site.keys.allSatisfy { !$0.contains("..") })
    #expect(FileSystem.kind(of: folder.url("escape")) == .missing)
    // Every unsafe file reference is reported, not read.
    let reasons = result.report.problems.map { "\($0.objectId): \($0.reason)" }
    #expect(
      reasons.contains { $0.hasPrefix("i-dots: file name \"../outside.jpg\" would leave files/") })
    #expect(reasons.contains { $0.hasPrefix("i-link: missing file") })
    #expect(
      reasons.contains { $0.hasPrefix("i-abs: file name \"/etc/passwd\" would leave files/") })
    // The linked-out graph folder was not read: Mallory's name is nowhere.
    #expect(site.values.allSatisfy { !String(decoding: $0, as: UTF8.self).contains("Mallory") })
  }
}
