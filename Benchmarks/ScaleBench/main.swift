// Writes synthetic exports for the scale benchmark (see Benchmarks/run-scale-bench.sh):
//   scale-bench generate DIR --users N --images N --comments N [--size WxH]
//   scale-bench generate DIR --users N --degree skewed|uniform [--images-per-user X]
//       [--comments-per-user X] [--mean-degree X] [--seed N] [--size WxH] [--faulty]
//   scale-bench generate-snap DIR GRAPH [--images-per-user X] [--size WxH]
//   scale-bench parse-server DIR OUT [--json-array]   (DIR as Parse Server's mongoexport)
//   scale-bench publish DIR [--walls N] [--pages N] [--rounds N] [--pause S]   (PublishBench.swift)
// With --degree, the export is written row by row (StreamingExport), in bounded memory, for
// 100,000 and 1,000,000 users (Benchmarks/run-slurm-scale.sh; defaults: 2 images and 3
// comments per user, a mean of 20 friends, seed 1, 16x12 images).
import Foundation
import WallKit
import WallSynth

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("scale-bench: \(message)\n".utf8))
  exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String, default value: Int) -> Int {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else {
    return value
  }
  guard let number = Int(arguments[index + 1]) else { fail("\(name) needs a number") }
  return number
}
func decimal(_ name: String, default value: Double) -> Double {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else {
    return value
  }
  guard let number = Double(arguments[index + 1]), number >= 0 else {
    fail("\(name) needs a number")
  }
  return number
}
func size(default standard: (Int, Int) = (96, 72)) -> (Int, Int) {
  guard let index = arguments.firstIndex(of: "--size"), index + 1 < arguments.count else {
    return standard
  }
  let parts = arguments[index + 1].split(separator: "x").compactMap { Int($0) }
  guard parts.count == 2 else { fail("--size needs WxH") }
  return (parts[0], parts[1])
}

guard arguments.count >= 2 else {
  fail("usage: scale-bench generate|generate-snap|parse-server|publish DIR ...")
}
let (command, folder) = (arguments[0], arguments[1])
if command == "generate", let index = arguments.firstIndex(of: "--degree") {
  guard index + 1 < arguments.count,
    let degree = StreamingExport.Degree(rawValue: arguments[index + 1])
  else { fail("--degree needs skewed or uniform") }
  generateStreaming(degree: degree)
  exit(0)
}
if command == "publish" {
  runPublishBench(in: folder)
  exit(0)
}
if command == "parse-server" {
  // The Parse.com export DIR written again as Parse Server's mongoexport writes it.
  guard arguments.count >= 3 else { fail("parse-server needs DIR OUT") }
  let options = ParseServerExport.Options(jsonArray: arguments.contains("--json-array"))
  do {
    try ParseServerExport(options: options).convert(parseCom: folder, to: arguments[2])
  } catch {
    fail("\(error)")
  }
  print("wrote \(arguments[2]) from \(folder)")
  exit(0)
}
let (width, height) = size()
let export: SyntheticExport
switch command {
case "generate":
  let users = option("--users", default: 10_000)
  let images = option("--images", default: 100_000)
  let comments = option("--comments", default: 300_000)
  // A random graph with about 20 friends each.
  var random = SeededRandom(seed: 2024)
  var edges: [(Int, Int)] = []
  for user in 0..<users {
    for _ in 0..<10 {
      let other = Int.random(in: 0..<users, using: &random)
      if other != user { edges.append((min(user, other), max(user, other))) }
    }
  }
  export = SyntheticExport.generate(
    userCount: users, edges: edges, imagesPerUser: Double(images) / Double(users),
    commentsPerImage: Double(comments) / Double(max(1, images)), seed: 1)
case "generate-snap":
  guard arguments.count >= 3 else { fail("generate-snap needs DIR GRAPH") }
  guard let text = try? String(contentsOfFile: arguments[2], encoding: .utf8) else {
    fail("cannot read \(arguments[2])")
  }
  var edges: [(Int, Int)] = []
  var nodes = 0
  for line in text.split(separator: "\n") {
    let parts = line.split(separator: " ").compactMap { Int($0) }
    if parts.count == 2 {
      edges.append((parts[0], parts[1]))
      nodes = max(nodes, parts[0] + 1, parts[1] + 1)
    }
  }
  export = SyntheticExport.generate(
    userCount: nodes, edges: edges, imagesPerUser: Double(option("--images-per-user", default: 5)),
    commentsPerImage: 3, seed: 1)
default:
  fail("unknown command '\(command)'")
}
do {
  try export.write(to: folder) { image in
    try? SyntheticPicture.jpeg(
      index: Int(image.objectId.dropFirst(3)) ?? 0, width: width, height: height)
  }
} catch {
  fail("\(error)")
}
print(
  "wrote \(export.users.count) users, \(export.images.count) images, \(export.comments.count) comments to \(folder)"
)

/// `generate --degree`: the export written row by row, then what was written and how long it
/// took.
func generateStreaming(degree: StreamingExport.Degree) {
  var export = StreamingExport(users: option("--users", default: 10_000), degree: degree)
  export.imagesPerUser = decimal("--images-per-user", default: 2)
  export.commentsPerUser = decimal("--comments-per-user", default: 3)
  export.meanDegree = decimal("--mean-degree", default: 20)
  export.seed = UInt64(option("--seed", default: 1))
  export.faulty = arguments.contains("--faulty")
  (export.width, export.height) = size(default: (16, 12))
  let clock = ContinuousClock()
  let start = clock.now
  let summary: StreamingExport.Summary
  do {
    summary = try export.write(to: folder) { step in
      FileHandle.standardError.write(Data("scale-bench: writing \(step)\n".utf8))
    }
  } catch {
    fail("\(error)")
  }
  let seconds = (clock.now - start) / .milliseconds(1) / 1000
  func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }
  let entries = summary.friendEntries
  print(
    """
    wrote \(folder) in \(String(format: "%.1f", seconds)) s (seed \(export.seed), \(degree.rawValue) \
    degree, \(summary.friendPasses) friend pass(es))
      users     \(summary.users)
      friends   \(entries) entries (each edge from both sides): \(summary.friendRows) _Join rows, \
    \(summary.graphFriends) in \(summary.graphFiles) Graph files; mean \
    \(String(format: "%.1f", Double(entries) / Double(max(1, summary.users)))), largest \
    \(summary.maximumDegree), \(summary.hubs) users with 1,000 or more
      roles     \(summary.roles), \(summary.roleRows) members
      images    \(summary.images) (\(summary.imagesWithACL) with an ACL), \(export.width)x\(export.height) \
    JPEG, \(megabytes(summary.imageBytes))
      comments  \(summary.comments)
      bytes     \(megabytes(summary.totalBytes)) in all; Graph files \(megabytes(summary.graphBytes))
    """)
  let cap = ImportLimits().classFileBytes
  for (name, bytes) in summary.classFileBytes {
    let over = bytes > cap ? "  OVER the importer's class file cap (\(cap >> 20) MiB)" : ""
    print("  \(name.padding(toLength: 26, withPad: " ", startingAt: 0)) \(megabytes(bytes))\(over)")
  }
  if summary.classFileBytes.contains(where: { $0.1 > cap }) {
    print(
      """
      note: a one-process build refuses class files over \(cap >> 20) MiB \
      (ImportLimits.classFileBytes); the parts of a plan (wallgen plan --part K/N) stream them
      """)
  }
}
