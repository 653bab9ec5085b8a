import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// Checks `wallgen archive`'s bundles: BagIt structure, wall contents, links, deterministic zips.
@Suite(.fullTier) struct ArchiveBundleTests {
  func read(_ path: String) throws -> [UInt8] { try FileSystem.readFile(path, limit: 1 << 28) }
  func text(_ path: String) throws -> String { String(decoding: try read(path), as: UTF8.self) }

  /// Parses a manifest into path → digest.
  func manifest(_ path: String) throws -> [String: String] {
    var entries: [String: String] = [:]
    for line in try text(path).split(separator: "\n") {
      let parts = line.split(separator: " ", maxSplits: 1)
      entries[String(parts[1].drop { $0 == " " })] = String(parts[0])
    }
    return entries
  }

  @Test("a bundle is a BagIt bag whose manifests list every file with its SHA-256")
  func bagStructure() throws {
    let folder = try TemporaryDirectory("archive")
    let out = folder.url("out")
    let export = try ArchiveFixture.write(in: folder)
    let before = BagIt.date(unixSeconds: Int64(Date().timeIntervalSince1970))
    let result = try ArchiveFixture.archive(export, into: out)
    let days = [before, BagIt.date(unixSeconds: Int64(Date().timeIntervalSince1970))]
    #expect(result.bundles.map(\.userID) == ["uAnn", "uBob", "uEve"])
    let bag = "\(out)/ann-wall"
    #expect(
      try text("\(bag)/bagit.txt") == "BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n")
    let payload = try manifest("\(bag)/manifest-sha256.txt")
    let files = SiteTree.files(in: bag)
    #expect(Set(payload.keys) == Set(files.filter { $0.hasPrefix("data/") }))
    #expect(
      Set(files.filter { !$0.hasPrefix("data/") }) == [
        "bagit.txt", "bag-info.txt", "index.html", "manifest-sha256.txt",
        "tagmanifest-sha256.txt",
      ])
    var octets = 0
    for (path, digest) in payload {
      let bytes = try read("\(bag)/\(path)")
      octets += bytes.count
      #expect(Hex.encode(SHA256.digest(bytes)) == digest, "\(path)")
    }
    let tags = try manifest("\(bag)/tagmanifest-sha256.txt")
    #expect(Set(tags.keys) == ["bagit.txt", "bag-info.txt", "index.html", "manifest-sha256.txt"])
    for (path, digest) in tags {
      #expect(Hex.encode(SHA256.digest(try read("\(bag)/\(path)"))) == digest)
    }
    let info = try text("\(bag)/bag-info.txt")
    #expect(info.contains("Payload-Oxum: \(octets).\(payload.count)\n"))
    // Without SOURCE_DATE_EPOCH, the day of the run (the test's clock is read around it).
    #expect(days.contains { info.contains("Bagging-Date: \($0)\n") }, "\(info)")
    #expect(info.contains("External-Identifier: uAnn\n"))
    #expect(files.contains("data/index.html") && files.contains("data/wall.json"))
    #expect(files.contains("data/assets/wall.css"))
  }

  @Test("wall.json lists the wall's images, with original names, uploaders, comments and files")
  func wallDocument() throws {
    let folder = try TemporaryDirectory("archive")
    let out = folder.url("out")
    let export = try ArchiveFixture.write(in: folder)
    _ = try ArchiveFixture.archive(export, into: out, users: ["uAnn"], zip: false)
    let data = "\(out)/ann-wall/data"
    let document = try JSONReader.parse(try read("\(data)/wall.json"))
    #expect(document["owner"]?.stringValue == "uAnn")
    let images = try #require(document["images"]?.arrayValue)
    #expect(images.compactMap { $0["objectId"]?.stringValue } == ["imgAnn", "imgBobPublic"])
    #expect(images.compactMap { $0["originalName"]?.stringValue } == ["a1.png", "b1.jpg"])
    #expect(images.compactMap { $0["uploader"]?.stringValue } == ["uAnn", "uBob"])
    #expect(
      images.compactMap { $0["createdAt"]?.stringValue } == [
        "2014-01-01T00:05:00.000Z", "2014-01-01T00:01:40.000Z",
      ])
    let comments = try #require(images[1]["comments"]?.arrayValue)
    #expect(comments.compactMap { $0["objectId"]?.stringValue } == ["cAnn", "cBob"])
    #expect(comments.compactMap { $0["author"]?.stringValue } == ["uAnn", "uBob"])
    #expect(comments.compactMap { $0["text"]?.stringValue } == ["nice one", "thanks ann"])
    let people = try #require(document["people"]?.arrayValue)
    #expect(people.compactMap { $0["name"]?.stringValue } == ["Ann Archivist", "Bob Builder"])
    // Originals are bit-for-bit copies; every listed file is in the bundle.
    for (image, source) in zip(images, ["a1.png", "b1.jpg"]) {
      let original = try #require(image["original"]?["path"]?.stringValue)
      #expect(try read("\(data)/\(original)") == read("\(export)/files/\(source)"))
      for variant in image["variants"]?.arrayValue ?? [] {
        let path = try #require(variant["path"]?.stringValue)
        #expect(FileSystem.kind(of: "\(data)/\(path)") == .regular)
      }
    }
    #expect(document["pages"]?.arrayValue?.compactMap(\.stringValue) == ["index.html"])
  }

  @Test("every link of a bundle's pages is relative and leads to a file of the bundle")
  func linksStayInside() throws {
    let folder = try TemporaryDirectory("archive")
    let out = folder.url("out")
    _ = try ArchiveFixture.archive(try ArchiveFixture.write(in: folder), into: out, zip: false)
    for user in ["ann", "bob", "eve"] {
      let data = "\(out)/\(user)-wall/data"
      let pages = SiteTree.files(in: data).filter { $0.hasSuffix(".html") }
      #expect(!pages.isEmpty)
      if user == "bob" { #expect(pages == ["index.html", "page-2.html", "photos.html"]) }
      for page in pages {
        let html = try text("\(data)/\(page)")
        #expect(!html.contains("All walls"))
        for link in Self.links(in: html) {
          #expect(!link.contains(":") && !link.hasPrefix("/") && !link.contains(".."), "\(link)")
          #expect(!link.contains("walls/"), "\(link)")
          let target = String(link.split(separator: "#")[0])
          #expect(FileSystem.kind(of: "\(data)/\(target)") == .regular, "\(page): \(link)")
        }
      }
    }
  }

  /// The values of `href`, `src` and `srcset` attributes (srcset split into its URLs).
  static func links(in html: String) -> [String] {
    var links: [String] = []
    for attribute in ["href=\"", "src=\"", "srcset=\""] {
      for chunk in html.components(separatedBy: " " + attribute).dropFirst() {
        let value = String(chunk.prefix { $0 != "\"" })
        if attribute == "srcset=\"" {
          links += value.components(separatedBy: ", ").compactMap {
            $0.split(separator: " ").first.map(String.init)
          }
        } else if value != "#main" {
          links.append(value)
        }
      }
    }
    return links
  }

  @Test("nothing of anyone outside Ann's wall reaches her bundle, in any byte of it")
  func noLeaks() throws {
    let folder = try TemporaryDirectory("archive")
    let out = folder.url("out")
    let export = try ArchiveFixture.write(in: folder)
    _ = try ArchiveFixture.archive(export, into: out)
    var contents: [(String, [UInt8])] = try SiteTree.files(in: "\(out)/ann-wall").map {
      ($0, try read("\(out)/ann-wall/\($0)"))
    }
    let zip = try ZipArchive(path: "\(out)/ann-wall.zip")
    #expect(zip.entries.count == contents.count)
    for entry in zip.entries {
      contents.append(("zip:\(entry.name)", try zip.contents(of: entry, limit: 1 << 28)))
    }
    contents.append(("ann-wall.zip", try read("\(out)/ann-wall.zip")))
    let forbiddenFiles = try ["files/private.jpg", "files/evephoto.jpg", "graph/3.jpg"].map {
      try read("\(export)/\($0)")
    }
    var pictures = 0
    var colours: [[Int]] = []
    for (path, bytes) in contents {
      for word in ArchiveFixture.forbidden {
        #expect(Self.find(Array(word.utf8), in: bytes) == nil, "'\(word)' is in \(path)")
      }
      #expect(!forbiddenFiles.contains(bytes), "\(path) is a forbidden image")
      guard !path.hasPrefix("zip:"), path.hasSuffix(".jpg") || path.hasSuffix(".png") else {
        continue
      }
      let bitmap =
        path.hasSuffix(".jpg")
        ? try JPEGCodec.decode(bytes).bitmap : try PNGCodec.decode(bytes).bitmap
      let colour = Self.meanColour(bitmap)
      colours.append(colour)
      pictures += 1
      for forbidden in ArchiveFixture.forbiddenColours {
        #expect(Self.distance(colour, forbidden) > 60, "\(path) looks like \(forbidden)")
      }
    }
    // Not vacuous: Ann's red and Bob's blue pictures, and Bob's name and comment, are there.
    #expect(pictures > 4)
    #expect(colours.contains { Self.distance($0, [255, 0, 0]) < 30 })
    #expect(colours.contains { Self.distance($0, [0, 0, 255]) < 30 })
    let page = try text("\(out)/ann-wall/data/index.html")
    #expect(page.contains("Bob Builder") && page.contains("thanks ann"))
    // And Eve's own bundle does hold her photo, so the words above were real.
    #expect(try text("\(out)/eve-wall/data/wall.json").contains("imgEve"))
  }

  static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard needle.count <= haystack.count, let first = needle.first else { return nil }
    var index = 0
    while index <= haystack.count - needle.count {
      if haystack[index] == first && Array(haystack[index..<(index + needle.count)]) == needle {
        return index
      }
      index += 1
    }
    return nil
  }

  static func meanColour(_ bitmap: Bitmap) -> [Int] {
    var sums = [0, 0, 0]
    let count = bitmap.width * bitmap.height
    for pixel in 0..<count {
      for channel in 0..<3 {
        sums[channel] += Int(bitmap.pixels[pixel * bitmap.channels + channel])
      }
    }
    return sums.map { $0 / max(1, count) }
  }

  static func distance(_ a: [Int], _ b: [Int]) -> Int {
    zip(a, b).map { abs($0 - $1) }.max() ?? 0
  }

  @Test("two runs give byte-identical zips, stamped with SOURCE_DATE_EPOCH when it is set")
  func deterministicZips() throws {
    let folder = try TemporaryDirectory("archive")
    let export = try ArchiveFixture.write(in: folder)
    _ = try ArchiveFixture.archive(export, into: folder.url("one"))
    _ = try ArchiveFixture.archive(export, into: folder.url("two"), jobs: 1)
    for user in ["ann", "bob", "eve"] {
      #expect(
        try read(folder.url("one/\(user)-wall.zip")) == read(folder.url("two/\(user)-wall.zip")))
    }
    let zip = try ZipArchive(path: folder.url("one/ann-wall.zip"))
    let names = zip.entries.map(\.name)
    #expect(names == names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    #expect(names.allSatisfy { $0.hasPrefix("ann-wall/") })
    // Ann's newest item: 2014-01-01T00:05:00Z.
    #expect(Set(zip.entries.map(\.modified.unixSeconds)) == [1_388_534_700])
    for entry in zip.entries {
      // Already compressed: the photos and the zip of the owner's photos are stored.
      let stored = [".jpg", ".png", ".zip"].contains { entry.name.hasSuffix($0) }
      #expect(entry.method == (stored ? 0 : 8), "\(entry.name)")
    }

    _ = try ArchiveFixture.archive(export, into: folder.url("epoch"), epoch: 1_700_000_000)
    let stamped = try ZipArchive(path: folder.url("epoch/ann-wall.zip"))
    #expect(Set(stamped.entries.map(\.modified.unixSeconds)) == [1_700_000_000])
    #expect(
      try text(folder.url("epoch/ann-wall/bag-info.txt")).contains("Bagging-Date: 2023-11-14\n"))
  }

  @Test("a rerun replaces a bundle whole, leaving no stray file")
  func rerunReplaces() throws {
    let folder = try TemporaryDirectory("archive")
    let out = folder.url("out")
    let export = try ArchiveFixture.write(in: folder)
    _ = try ArchiveFixture.archive(export, into: out, users: ["uAnn"], zip: false)
    let first = try SiteTree.contents(of: "\(out)/ann-wall")
    try FileSystem.writeAtomically("stray", to: "\(out)/ann-wall/data/stray.txt")
    _ = try ArchiveFixture.archive(export, into: out, users: ["uAnn"], zip: false)
    #expect(try SiteTree.contents(of: "\(out)/ann-wall") == first)
    #expect(FileSystem.contents(of: out) == [Archiver.cacheFolder, "ann-wall"])
  }

  @Test("asking for an unknown user fails before anything is written")
  func unknownUser() throws {
    let folder = try TemporaryDirectory("archive")
    let out = folder.url("out")
    let export = try ArchiveFixture.write(in: folder)
    let error = #expect(throws: ArchiveError.self) {
      try ArchiveFixture.archive(export, into: out, users: ["uAnn", "nobody"])
    }
    #expect(error == .unknownUsers([.init(asked: "nobody", closeMatches: [])]))
    #expect(FileSystem.kind(of: out) == .missing)
  }

  @Test("--user takes a username as well as an objectId")
  func byUsername() throws {
    let folder = try TemporaryDirectory("archive")
    let out = folder.url("out")
    let export = try ArchiveFixture.write(in: folder)
    _ = try ArchiveFixture.archive(export, into: out, users: ["bob", "uAnn"], zip: false)
    #expect(FileSystem.contents(of: out) == [Archiver.cacheFolder, "ann-wall", "bob-wall"])
  }

  @Test("an unknown --user lists the close usernames and objectIds")
  func closeMatches() throws {
    let folder = try TemporaryDirectory("archive")
    let export = try ArchiveFixture.write(in: folder)
    let error = #expect(throws: ArchiveError.self) {
      try ArchiveFixture.archive(export, into: folder.url("out"), users: ["bobb", "uann"])
    }
    #expect(
      error
        == .unknownUsers([
          .init(asked: "bobb", closeMatches: ["bob (uBob)"]),
          .init(asked: "uann", closeMatches: ["ann (uAnn)"]),
        ]))
    #expect(
      error?.description.contains("no user with objectId or username 'bobb' in the export") == true
    )
  }

  @Test("wallgen archive writes the bundles it is asked for and prints where they are")
  func commandLine() throws {
    let folder = try TemporaryDirectory("archive")
    let export = try ArchiveFixture.write(in: folder)
    let out = folder.url("out")
    let result = ArchiveFixture.runCLI([
      "archive", export, "--user", "uBob", "-u", "uAnn", "-o", out, "--zip", "-j", "1",
    ])
    #expect(result.0 == .success, "\(result.err)")
    #expect(result.out == "\(out)/ann-wall.zip\n\(out)/bob-wall.zip\n")
    #expect(result.err.contains("archived 2 walls"))
    #expect(
      FileSystem.contents(of: out) == [
        Archiver.cacheFolder, "ann-wall", "ann-wall.zip", "bob-wall", "bob-wall.zip",
      ])
    let unknown = ArchiveFixture.runCLI(["archive", export, "--user", "zed", "-o", out, "-q"])
    #expect(unknown.0 == .failure)
    #expect(unknown.err.hasPrefix("error: no user with objectId or username 'zed' in the export"))
  }

  static let hasBagit = ExternalTool.path("bagit.py") != nil
  static let hasUnzip = ExternalTool.path("unzip") != nil

  @Test(
    "bagit.py --validate accepts every bundle, unzipped too",
    .enabled(if: hasBagit && hasUnzip, "needs bagit.py (pip install bagit) and unzip"))
  func bagitValidates() throws {
    let folder = try TemporaryDirectory("archive")
    let out = folder.url("out")
    _ = try ArchiveFixture.archive(try ArchiveFixture.write(in: folder), into: out)
    for user in ["ann", "bob", "eve"] {
      let result = try #require(
        try ArchiveFixture.run("bagit.py", ["--validate", "\(out)/\(user)-wall"]))
      #expect(result.0 == 0, "\(result.1)")
    }
    let unpacked = folder.url("unpacked")
    let unzip = try #require(
      try ArchiveFixture.run("unzip", ["-q", "\(out)/ann-wall.zip", "-d", unpacked]))
    #expect(unzip.0 == 0, "\(unzip.1)")
    let result = try #require(
      try ArchiveFixture.run("bagit.py", ["--validate", "\(unpacked)/ann-wall"]))
    #expect(result.0 == 0, "\(result.1)")
  }

  @Test(
    "unzip -t finds no error in the zips",
    .enabled(if: hasUnzip, "unzip is not installed"))
  func unzipTests() throws {
    let folder = try TemporaryDirectory("archive")
    let out = folder.url("out")
    _ = try ArchiveFixture.archive(try ArchiveFixture.write(in: folder), into: out)
    for user in ["ann", "bob", "eve"] {
      let result = try #require(try ArchiveFixture.run("unzip", ["-t", "\(out)/\(user)-wall.zip"]))
      #expect(result.0 == 0 && result.1.contains("No errors detected"), "\(result.1)")
    }
  }
}
