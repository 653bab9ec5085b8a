import Foundation
import Testing
import WallKit
import WallKitTestSupport

@Suite(.fullTier) struct BuildManifestTests {
  @Test("allFilesExist holds only while every listed file is a regular file")
  func allFilesExist() throws {
    let folder = try TemporaryDirectory()
    let site = folder.url("site")
    let files = ["index.html", "walls/u1/index.html", "walls/u1/page-2.html", "media/ab/x.jpg"]
    for file in files { try FileSystem.writeAtomically("x", to: "\(site)/\(file)") }
    let manifest = BuildManifest(files: files)
    #expect(manifest.allFilesExist(siteRoot: site, jobs: 2))

    // A symlink to a regular file counts, as `stat` sees it.
    try FileSystem.writeAtomically("y", to: folder.url("elsewhere.jpg"))
    try FileManager.default.removeItem(atPath: "\(site)/media/ab/x.jpg")
    try FileManager.default.createSymbolicLink(
      atPath: "\(site)/media/ab/x.jpg", withDestinationPath: folder.url("elsewhere.jpg"))
    #expect(manifest.allFilesExist(siteRoot: site, jobs: 2))

    try FileManager.default.removeItem(atPath: "\(site)/walls/u1/page-2.html")
    #expect(!manifest.allFilesExist(siteRoot: site, jobs: 2))
    try FileManager.default.createDirectory(
      atPath: "\(site)/walls/u1/page-2.html", withIntermediateDirectories: true)
    #expect(!manifest.allFilesExist(siteRoot: site, jobs: 1))
    #expect(!BuildManifest(files: ["missing/folder/a.html"]).allFilesExist(siteRoot: site, jobs: 1))
  }

  @Test("a name holds the temporary marker wherever String.contains finds it, and nowhere else")
  func temporaryMarker() {
    let marker = FileSystem.temporarySuffix
    let names = [
      "page.html\(marker)123-4", "\(marker)x", "a\(marker)", "é-photo.jpg\(marker)9-1",
      "page.html.wallgen-tmp", ".wallgen-tmp", "", "index.html", "wallgen-tmp-1",
      "ü\(marker.dropFirst())",
    ]
    for name in names {
      #expect(FileSystem.holdsTemporaryMarker(name) == name.contains(marker), "\(name)")
    }
    #expect(names.filter(FileSystem.holdsTemporaryMarker).count == 4)
  }

  @Test(
    "the temporaries killed builds left are removed at any depth; nothing else, no link followed")
  func staleTemporaries() throws {
    let folder = try TemporaryDirectory()
    let site = folder.url("site")
    let stale = FileSystem.temporarySuffix + "123-4"
    let kept = ["index.html", "walls/u1/index.html", "media/ab/cd/x.jpg", "walls/u1/notes.tmp"]
    for file in kept + [
      "index.html\(stale)", "walls/u1/page-2.html\(stale)", "media/ab/cd/x.jpg\(stale)",
    ] {
      try FileSystem.writeAtomically("x", to: "\(site)/\(file)")
    }
    // A folder of temporaries elsewhere, linked into the site: never walked into.
    let outside = folder.url("outside/page.html\(stale)")
    try FileSystem.writeAtomically("x", to: outside)
    try FileManager.default.createSymbolicLink(
      atPath: "\(site)/walls/linked", withDestinationPath: folder.url("outside"))
    BuildManifest.removeStaleTemporaries(siteRoot: site)
    let left = try SiteTree.contents(of: site).keys.sorted()
    #expect(left == kept.sorted())
    #expect(FileSystem.kind(of: outside) == .regular)
  }

  @Test(
    "the prune removes what only the previous stream lists, empties folders, keeps the rest and what wallgen did not write"
  )
  func streamPrune() throws {
    let folder = try TemporaryDirectory()
    let (site, state) = (folder.url("site"), folder.url("state"))
    // Wall folders whose names share prefixes ("u1", "u1-b", "u10"), so that a folder's files
    // are not next to each other by name alone.
    let walls = ["u1", "u1-b", "u10", "u2"]
    var previous: [String] = ["index.html", "assets/site.css"]
    for wall in walls {
      previous += ["walls/\(wall)/index.html", "walls/\(wall)/page-2.html", "walls/\(wall)/x/y.js"]
    }
    previous += ["media/ab/one.jpg", "media/ab/two.jpg", "media/cd/three.jpg"]
    let records = ["media/ab/one.json", "media/cd/three.json"]
    for file in previous { try FileSystem.writeAtomically("x", to: "\(site)/\(file)") }
    for file in records { try FileSystem.writeAtomically("x", to: "\(state)/\(file)") }
    try FileSystem.writeAtomically("mine", to: "\(site)/walls/u2/notes.txt")
    let current =
      previous.filter { !$0.hasPrefix("walls/u1/") && !$0.hasPrefix("walls/u2/") }
      .filter { $0 != "media/cd/three.jpg" } + ["walls/u3/index.html"]
    let removed = try BuildManifest.prune(
      ManifestLines.memory(BuildManifest(files: previous, records: records).lines).source(),
      keeping: ManifestLines.memory(
        BuildManifest(files: current, records: ["media/ab/one.json"]).lines
      ).source(), siteRoot: site, stateRoot: state)
    #expect(removed == 7)
    let left = SiteTree.files(in: site).sorted()
    #expect(left == (previous.filter { current.contains($0) } + ["walls/u2/notes.txt"]).sorted())
    #expect(FileSystem.kind(of: "\(site)/walls/u1") == .missing)
    #expect(FileSystem.kind(of: "\(site)/walls/u2/x") == .missing)
    #expect(FileSystem.kind(of: "\(site)/media/cd") == .missing)
    #expect(SiteTree.files(in: state) == ["media/ab/one.json"])
    #expect(FileSystem.kind(of: "\(state)/media/cd") == .missing)
  }

  @Test("the manifest is read back from its file, and from an older wallgen's manifest.json")
  func formats() throws {
    let folder = try TemporaryDirectory()
    let state = folder.url("state")
    #expect(BuildManifest.load(stateRoot: state) == BuildManifest(files: []))
    let manifest = BuildManifest(
      files: ["walls/b/index.html", "index.html", "walls/a/index.html"], records: ["media/x.json"])
    try manifest.save(stateRoot: state)
    #expect(
      try String(contentsOfFile: "\(state)/manifest.txt", encoding: .utf8)
        == "wallgen manifest 2\nf index.html\nf walls/a/index.html\nf walls/b/index.html\nr media/x.json\n"
    )
    #expect(BuildManifest.load(stateRoot: state) == manifest)

    // An older wallgen's manifest, unsorted, with a path that could leave the root.
    try FileSystem.removeFile("\(state)/manifest.txt")
    try FileSystem.writeAtomically(
      #"{"files":["walls/b/index.html","../outside","index.html","walls/a/index.html"],"records":["media/x.json"]}"#,
      to: "\(state)/manifest.json")
    #expect(BuildManifest.load(stateRoot: state) == manifest)
    // Saving the next manifest replaces it.
    try manifest.save(stateRoot: state)
    #expect(FileSystem.contents(of: state).sorted() == ["manifest.txt"])

    // A file of another format lists nothing, as an unreadable manifest always did; a new
    // manifest that is not one is an error.
    try FileSystem.writeAtomically("something else\nf index.html\n", to: "\(state)/manifest.txt")
    #expect(BuildManifest.load(stateRoot: state) == BuildManifest(files: []))
    #expect(throws: WriteError.self) {
      _ = try ManifestLines.file("\(state)/manifest.txt").source()
    }
  }
}
