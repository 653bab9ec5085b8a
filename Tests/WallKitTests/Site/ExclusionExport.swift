import Foundation
import WallKit
import WallKitTestSupport
import WallSynth

/// An export for the takedown list (issue 45, item 3): a crowd of friends, some of whom and
/// some of whose photos `exclude` leaves out, optionally on top of the hostile export.
///
/// Anna and Bruno stay; Carla and Dmitri go (Carla as `id:uGoneCarla`, Dmitri by his
/// username). With `hostile`, the hostile export's Evil goes too (by his username, which is
/// markup), and two of its images (`i-dots`, `i-link`).
enum ExclusionExport {
  typealias P = ParseFixtures

  /// The objectIds of the people left out (without `hostile`, the first two).
  static let goneUsers = ["uGoneCarla", "uGoneDmitri", "uEvil"]
  /// The objectIds of the images left out by name (without `hostile`, the first three).
  static let listedImages = [
    "imgGoneListedA", "imgGoneListedB", "imgGoneListedC", "i-dots", "i-link",
  ]
  /// Images and comments that go with the people and images left out.
  static let goneWithThem = [
    "imgGoneByCarla", "imgGoneByDmitri", "cmtGoneOnListedA", "cmtGoneByCarla", "cmtGoneOnCarla",
    "cmtGoneByDmitri",
  ]
  /// What stays, to show the walls are still there.
  static let kept = ["imgKeptAnna", "imgKeptBruno", "cmtKeptAnna"]

  /// The takedown list, as the configuration file's `"exclude"` value.
  static func excludeJSON(hostile: Bool) -> String {
    let users = ["id:uGoneCarla", "dmitri"] + (hostile ? ["<script>alert(1)</script>"] : [])
    let images = hostile ? listedImages : Array(listedImages.prefix(3))
    let list = { (items: [String]) in
      items.map { JSONValue.string($0).serialized }.joined(separator: ", ")
    }
    return "{\"users\": [\(list(users))], \"images\": [\(list(images))]}"
  }

  /// Writes a configuration file with the takedown list into `folder/wallgen-exclude.json`.
  static func writeConfig(in folder: TemporaryDirectory, hostile: Bool) throws -> String {
    let path = folder.url("wallgen-exclude.json")
    try FileSystem.writeAtomically("{\"exclude\": \(excludeJSON(hostile: hostile))}", to: path)
    return path
  }

  /// Writes the export into `folder/export` (the hostile export's rows first when `hostile`)
  /// and returns its path.
  static func write(in folder: String, hostile: Bool) throws -> String {
    let root = hostile ? try HostileExport.write(in: folder) : "\(folder)/export"
    let export = try ExportWriter(root: root)
    func rows(_ className: String) throws -> [JSONValue] {
      guard hostile else { return [] }
      let bytes = try FileSystem.readFile("\(root)/\(className).json", limit: 1 << 24)
      return try JSONReader.parse(bytes)["results"]?.arrayValue ?? []
    }
    try export.writeClass(
      "_User",
      try rows("_User") + [
        P.user("uKeptAnna", username: "anna", fbId: "101", name: "Anna Stays"),
        P.user("uKeptBruno", username: "bruno", fbId: "102", name: "Bruno Stays"),
        P.user("uGoneCarla", username: "carla", fbId: "103", name: "Carla Leaves"),
        P.user("uGoneDmitri", username: "dmitri", fbId: "104", name: "Dmitri Leaves"),
      ])
    var friends: [(String, String)] = [
      ("uKeptAnna", "uKeptBruno"), ("uKeptAnna", "uGoneCarla"), ("uKeptBruno", "uGoneDmitri"),
      ("uGoneCarla", "uGoneDmitri"),
    ]
    if hostile { friends += [("uGood", "uKeptAnna"), ("uEvil", "uKeptBruno")] }
    try export.writeClass(
      "_Join:friends:_User",
      try rows("_Join:friends:_User")
        + friends.flatMap { [P.friendRow($0, $1), P.friendRow($1, $0)] })
    try export.writeClass(
      "WallImage",
      try rows("WallImage") + [
        P.image(
          "imgKeptAnna", uploaderFBId: "101", username: "anna", fileName: "k1.png", at: 1_000),
        P.image(
          "imgKeptBruno", uploaderFBId: "102", username: "bruno", fileName: "k2.png", at: 1_100,
          acl: ["uKeptBruno", "uKeptAnna", "uGoneDmitri"]),
        P.image(
          "imgGoneListedA", uploaderFBId: "101", username: "anna", fileName: "g1.png", at: 1_200),
        P.image(
          "imgGoneListedB", uploaderFBId: "102", username: "bruno", fileName: "g2.png", at: 1_300,
          acl: ["uKeptBruno", "uKeptAnna"]),
        P.image(
          "imgGoneListedC", uploaderFBId: "101", username: "anna", fileName: "g3.png", at: 1_400),
        P.image(
          "imgGoneByCarla", uploaderFBId: "103", username: "carla", fileName: "g4.png", at: 1_500),
        P.image(
          "imgGoneByDmitri", uploaderFBId: "104", username: "dmitri", fileName: "g5.png",
          at: 1_600, acl: ["uGoneDmitri", "uKeptBruno"]),
      ])
    try export.writeClass(
      "WallImageComment",
      try rows("WallImageComment") + [
        P.comment(
          "cmtKeptAnna", on: "imgKeptBruno", byFBId: "101", username: "anna", text: "lovely",
          at: 1_110),
        P.comment(
          "cmtGoneOnListedA", on: "imgGoneListedA", byFBId: "102", username: "bruno",
          text: "on a photo taken down", at: 1_210),
        P.comment(
          "cmtGoneByCarla", on: "imgKeptAnna", byFBId: "103", username: "carla",
          text: "Carla was here", at: 1_010),
        P.comment(
          "cmtGoneOnCarla", on: "imgGoneByCarla", byFBId: "101", username: "anna",
          text: "on Carla's photo", at: 1_510),
        P.comment(
          "cmtGoneByDmitri", on: "imgKeptBruno", byFBId: "104", username: "dmitri",
          text: "Dmitri was here", at: 1_120, acl: ["uKeptBruno", "uGoneDmitri"]),
      ])
    for (position, name) in ["k1", "k2", "g1", "g2", "g3", "g4", "g5"].enumerated() {
      try export.writeFile(
        "files/\(name).png",
        ImageFixtures.checkerPNG(width: 20 + position * 3, height: 16 + position, alpha: false))
    }
    if !hostile {
      for (fbId, size) in [("101", 30), ("103", 34), ("104", 38)] {
        try export.writeFile(
          "graph/\(fbId).png", ImageFixtures.checkerPNG(width: size, height: size, alpha: true))
      }
      // Graph files: Anna lists Carla among her friends, and Carla has her own.
      let graphs = [
        (
          "101",
          P.graph(
            fbId: "101", name: "Anna Stays",
            friends: [("103", "Carla Leaves"), ("102", "Bruno Stays")])
        ),
        ("103", P.graph(fbId: "103", name: "Carla Leaves", friends: [("101", "Anna Stays")])),
      ]
      for (fbId, graph) in graphs {
        try export.writeFile("graph/\(fbId).json", Array(graph.serialized.utf8))
      }
    }
    return root
  }

  /// Every objectId that must appear in no byte of the output.
  static func forbidden(hostile: Bool) -> [String] {
    (hostile ? goneUsers : Array(goneUsers.prefix(2)))
      + (hostile ? listedImages : Array(listedImages.prefix(3))) + goneWithThem
      + ["Carla Leaves", "Dmitri Leaves", "Carla was here", "Dmitri was here"]
  }
}
