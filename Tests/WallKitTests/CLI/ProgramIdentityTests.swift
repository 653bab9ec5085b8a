import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// A build made by one build of wallgen is never taken as another's: the fingerprint holds the
/// executable's digest (`ProgramIdentity`), so an upgraded binary renders every page again and
/// says why in one line.
@Suite(.fullTier) struct ProgramIdentityTests {
  typealias P = ParseFixtures

  @Test("the identity is the version and 16 hex digits of the executable's digest")
  func identityOfTheRunningProgram() throws {
    let identity = ProgramIdentity.current
    #expect(identity.hasPrefix("\(wallgenVersion)+"))
    let digits = identity.dropFirst(wallgenVersion.count + 1)
    #expect(digits.count == 16)
    #expect(digits.allSatisfy { $0.isHexDigit && !$0.isUppercase })
    #expect(ProgramIdentity.describe(executable: "/proc/self/exe") == identity)
  }

  @Test("two files with other bytes have other identities; an unreadable one matches nothing")
  func identityFollowsTheBytes() throws {
    let folder = try TemporaryDirectory()
    try Data("one".utf8).write(to: URL(fileURLWithPath: folder.url("a")))
    try Data("two".utf8).write(to: URL(fileURLWithPath: folder.url("b")))
    let first = ProgramIdentity.describe(executable: folder.url("a"))
    #expect(first == ProgramIdentity.describe(executable: folder.url("a")))
    #expect(first != ProgramIdentity.describe(executable: folder.url("b")))
    let missing = ProgramIdentity.describe(executable: folder.url("missing"))
    #expect(missing.hasPrefix("\(wallgenVersion)+unreadable."))
  }

  @Test(
    "a rebuild with another build of wallgen renders again and says why; then it is a no-op",
    .enabled(if: BuiltProduct.wallgen != nil, "no wallgen executable beside the test bundle"),
    arguments: BuildEngine.allCases)
  func upgradedBinaryRendersAgain(engine: BuildEngine) throws {
    let folder = try TemporaryDirectory()
    let export = try ExportWriter(root: folder.url("export"))
    try export.writeClass("_User", [P.user("uA", username: "ann", fbId: "1")])
    try export.writeClass(
      "WallImage", [P.image("i1", uploaderFBId: "1", username: "ann", fileName: "x.jpg", at: 1)])
    try export.writeFile("files/x.jpg", try ImageFixtures.gradientJPEG(width: 16, height: 12))
    // Two builds of the program: the built wallgen, and a copy with other bytes after its
    // end, which runs the same and has another digest.
    let old = try #require(BuiltProduct.wallgen)
    let new = folder.url("wallgen-new")
    var bytes = try Data(contentsOf: URL(fileURLWithPath: old))
    bytes.append(contentsOf: Array("another build".utf8))
    try bytes.write(to: URL(fileURLWithPath: new))
    #expect(chmod(new, 0o755) == 0)
    let oldIdentity = ProgramIdentity.describe(executable: old)
    let newIdentity = ProgramIdentity.describe(executable: new)
    #expect(oldIdentity != newIdentity)

    let arguments = ["build", "export", "-o", "site", "--engine", engine.rawValue]
    let (firstStatus, _) = try WallgenProcess.run(arguments, in: folder.path, executable: old)
    #expect(firstStatus == 0)
    let (sameStatus, same) = try WallgenProcess.run(arguments, in: folder.path, executable: old)
    #expect(sameStatus == 0)
    #expect(same.contains("unchanged"))
    #expect(!same.contains("rendered again"))

    let (upgradedStatus, upgraded) = try WallgenProcess.run(
      arguments, in: folder.path, executable: new)
    #expect(upgradedStatus == 0)
    let reason =
      "note: the last build was made by wallgen \(oldIdentity) and this is wallgen "
      + "\(newIdentity): every page is rendered again"
    #expect(upgraded.split(separator: "\n").contains(Substring(reason)), "\(upgraded)")
    #expect(!upgraded.contains("0 pages"))

    let (againStatus, again) = try WallgenProcess.run(arguments, in: folder.path, executable: new)
    #expect(againStatus == 0)
    #expect(!again.contains("rendered again"))
    #expect(again.contains("unchanged"))
  }
}
