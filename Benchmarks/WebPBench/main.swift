// webp-bench: how many bytes WebP saves against wallgen's JPEG variants at equal or better
// fidelity, and what each encode costs. For every JPEG of a folder (at most --limit of them):
// full decode, EXIF orientation, wallgen's Lanczos-3 resize to each photo width (320, 640,
// 1280; never upscaled), then that bitmap encoded as JPEG q82 progressive (as the build does)
// and as WebP at each --qualities value (--method). Each encoding is decoded again and compared
// with the bitmap it came from: PSNR over all channels. Prints one TSV line per width and
// encoding: width, encoding, images, bytes, median PSNR dB, min PSNR dB, encode ms (sum).
import Foundation
import WallKit

/// Options parsed from the command line.
struct BenchOptions {
  var folder = ""
  var qualities = [70, 75, 80, 85]
  var method = 4
  var limit = 1000
}

func parse(_ arguments: [String]) -> BenchOptions? {
  var options = BenchOptions()
  var index = 0
  while index < arguments.count {
    let argument = arguments[index]
    let value = index + 1 < arguments.count ? arguments[index + 1] : ""
    switch argument {
    case "--qualities": options.qualities = value.split(separator: ",").compactMap { Int($0) }
    case "--method": options.method = Int(value) ?? -1
    case "--limit": options.limit = Int(value) ?? 0
    default:
      options.folder = argument
      index += 1
      continue
    }
    index += 2
  }
  guard !options.folder.isEmpty, !options.qualities.isEmpty, (0...6).contains(options.method)
  else { return nil }
  return options
}

/// PSNR over every channel, in dB (100 when equal).
func psnr(_ lhs: Bitmap, _ rhs: Bitmap) -> Double {
  guard lhs.pixels.count == rhs.pixels.count, !lhs.pixels.isEmpty else { return -1 }
  var sum = 0.0
  for index in lhs.pixels.indices {
    let difference = Double(lhs.pixels[index]) - Double(rhs.pixels[index])
    sum += difference * difference
  }
  let mse = sum / Double(lhs.pixels.count)
  return mse == 0 ? 100 : 10 * log10(255 * 255 / mse)
}

/// Totals of one (width, encoding) cell.
struct Cell {
  var bytes = 0
  var scores: [Double] = []
  var seconds = 0.0
}

guard let options = parse(Array(CommandLine.arguments.dropFirst())) else {
  FileHandle.standardError.write(
    Data("usage: webp-bench FOLDER [--qualities 70,75,80] [--method 0-6] [--limit N]\n".utf8))
  exit(64)
}
let names = ((try? FileManager.default.contentsOfDirectory(atPath: options.folder)) ?? [])
  .filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".jpeg") }
  .sorted().prefix(options.limit)
var cells: [String: Cell] = [:]
let clock = ContinuousClock()
for name in names {
  guard let data = FileManager.default.contents(atPath: options.folder + "/" + name) else {
    continue
  }
  let bytes = [UInt8](data)
  do {
    let info = try ImageProbe.inspect(bytes, limits: ImageLimits())
    let upright = try JPEGCodec.decode(bytes).bitmap.oriented(info.orientation)
    for width in [320, 640, 1280] where width <= upright.width {
      let height = max(1, (upright.height * width * 2 + upright.width) / (2 * upright.width))
      let bitmap = try upright.resized(width: width, height: height)
      var encodings: [(String, () throws -> [UInt8], ([UInt8]) throws -> Bitmap)] = [
        (
          "jpeg q82", { try JPEGCodec.encode(bitmap, quality: 82, progressive: true) },
          { try JPEGCodec.decode($0).bitmap }
        )
      ]
      for quality in options.qualities {
        let settings = WebPSettings(quality: quality, method: options.method)
        encodings.append(
          (
            "webp q\(quality) m\(options.method)",
            { try WebPCodec.encode(bitmap, settings: settings) }, { try WebPCodec.decode($0) }
          ))
      }
      for (label, encode, decode) in encodings {
        let start = clock.now
        let encoded = try encode()
        let elapsed = clock.now - start
        let key = "\(width)\t\(label)"
        var cell = cells[key] ?? Cell()
        cell.bytes += encoded.count
        cell.scores.append(psnr(try decode(encoded), bitmap))
        cell.seconds +=
          Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        cells[key] = cell
      }
    }
  } catch {
    FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
  }
}
print("width\tencoding\timages\tbytes\tmedian PSNR dB\tmin PSNR dB\tencode ms")
for key in cells.keys.sorted(by: { $0.localizedStandardCompare($1) == .orderedAscending }) {
  guard let cell = cells[key] else { continue }
  let sorted = cell.scores.sorted()
  let median = sorted[sorted.count / 2]
  print(
    key + "\t\(sorted.count)\t\(cell.bytes)\t" + String(format: "%.2f", median) + "\t"
      + String(format: "%.2f", sorted.first ?? 0) + "\t"
      + String(format: "%.0f", cell.seconds * 1000))
}
