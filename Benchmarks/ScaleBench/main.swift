// Writes synthetic exports for the scale benchmark (see Benchmarks/run-scale-bench.sh):
//   scale-bench generate DIR --users N --images N --comments N [--size WxH]
//   scale-bench generate-snap DIR GRAPH [--images-per-user X] [--size WxH]
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
func size() -> (Int, Int) {
  guard let index = arguments.firstIndex(of: "--size"), index + 1 < arguments.count else {
    return (96, 72)
  }
  let parts = arguments[index + 1].split(separator: "x").compactMap { Int($0) }
  guard parts.count == 2 else { fail("--size needs WxH") }
  return (parts[0], parts[1])
}

guard arguments.count >= 2 else { fail("usage: scale-bench generate|generate-snap DIR ...") }
let (command, folder) = (arguments[0], arguments[1])
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
