// media-bench: thumbnails every JPEG/PNG of a folder with wallgen's Thumbnailer, as the media
// stage does (ParallelWork over --jobs threads), and prints one line:
//   images <n> megapixels <mp> seconds <s> failed <k>
// Timing and peak RSS of the whole process are taken by Benchmarks/run-media-bench.sh.
import Foundation
import WallKit

/// Options parsed from the command line.
struct BenchOptions {
  var folder = ""
  var output = ""
  var jobs = 1
  var side = 320
  var quality = 80
}

func parse(_ arguments: [String]) -> BenchOptions? {
  var options = BenchOptions()
  var index = 0
  while index < arguments.count {
    let argument = arguments[index]
    let value = index + 1 < arguments.count ? arguments[index + 1] : ""
    switch argument {
    case "--jobs": options.jobs = Int(value) ?? 0
    case "--side": options.side = Int(value) ?? 0
    case "--quality": options.quality = Int(value) ?? 0
    case "--out": options.output = value
    default:
      options.folder = argument
      index += 1
      continue
    }
    index += 2
  }
  guard !options.folder.isEmpty, options.jobs > 0, options.side > 0 else { return nil }
  return options
}

guard let options = parse(Array(CommandLine.arguments.dropFirst())) else {
  FileHandle.standardError.write(
    Data("usage: media-bench FOLDER [--jobs N] [--side PX] [--quality Q] [--out DIR]\n".utf8))
  exit(64)
}
let names = ((try? FileManager.default.contentsOfDirectory(atPath: options.folder)) ?? [])
  .filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".jpeg") || $0.hasSuffix(".png") }
  .sorted()
let thumbnailer = Thumbnailer(jpegQuality: options.quality)
let start = Date()
let results = ParallelWork.map(count: names.count, jobs: options.jobs) { index -> (Int, Bool) in
  let path = options.folder + "/" + names[index]
  guard let data = FileManager.default.contents(atPath: path) else { return (0, false) }
  let bytes = [UInt8](data)
  do {
    let info = try ImageProbe.inspect(bytes, limits: thumbnailer.limits)
    let (width, height) = (info.displayWidth, info.displayHeight)
    let target =
      width >= height ? options.side : max(1, (options.side * width + height / 2) / height)
    let set = try thumbnailer.variants(of: bytes, widths: [target])
    if !options.output.isEmpty, let variant = set.variants.first {
      let name = options.output + "/" + names[index] + "." + variant.format.fileExtension
      guard FileManager.default.createFile(atPath: name, contents: Data(variant.bytes)) else {
        return (0, false)
      }
    }
    return (info.width * info.height, true)
  } catch {
    FileHandle.standardError.write(Data("\(names[index]): \(error)\n".utf8))
    return (0, false)
  }
}
let seconds = Date().timeIntervalSince(start)
let pixels = results.reduce(0) { $0 + $1.0 }
let failed = results.filter { !$0.1 }.count
print(
  "images \(names.count) megapixels \(String(format: "%.1f", Double(pixels) / 1e6))"
    + " seconds \(String(format: "%.3f", seconds)) failed \(failed)")
