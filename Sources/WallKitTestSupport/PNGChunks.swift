/// A PNG file's chunks and the samples it holds, read without libpng: the test oracle for what
/// a decoder should pass through.
public struct PNGChunks: Sendable {
  /// Each chunk's type and data, in file order (the signature and CRCs are not kept).
  public var chunks: [(type: String, data: [UInt8])]

  /// Splits `png` into chunks.
  /// - Parameter png: A PNG file.
  /// - Throws: `Inflate.Failure` when the signature or a chunk length is wrong.
  public init(_ png: [UInt8]) throws(Inflate.Failure) {
    guard png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
      throw Inflate.Failure(description: "not a PNG signature")
    }
    chunks = []
    var offset = 8
    while offset + 12 <= png.count {
      let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      guard offset + 12 + length <= png.count else {
        throw Inflate.Failure(description: "chunk overruns the file")
      }
      let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
      chunks.append((type, Array(png[offset + 8..<offset + 8 + length])))
      offset += 12 + length
    }
  }

  /// The file again without the chunks of `types` (such as `["gAMA"]`), CRCs recomputed.
  /// - Parameter types: Chunk types to leave out.
  public func bytes(without types: Set<String>) -> [UInt8] {
    var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    for chunk in chunks where !types.contains(chunk.type) {
      let body = Array(chunk.type.utf8) + chunk.data
      file += ImageFixtures.bigEndian(UInt32(chunk.data.count)) + body
      file += ImageFixtures.bigEndian(ImageFixtures.crc32(body))
    }
    return file
  }

  /// Whether a chunk of `type` is present.
  /// - Parameter type: A chunk type such as `"gAMA"`.
  public func has(_ type: String) -> Bool { chunks.contains { $0.type == type } }

  /// The samples of a non-interlaced 8- or 16-bit grey, RGB, grey-alpha or RGBA image, in
  /// row-major order, as the file holds them (inflated and unfiltered, nothing else).
  /// - Returns: The width, height, colour type, bit depth and samples.
  /// - Throws: `Inflate.Failure` for another kind of image or a malformed one.
  public func samples() throws(Inflate.Failure) -> (
    width: Int, height: Int, colorType: SampledPNG.ColorType, bitDepth: Int, samples: [UInt16]
  ) {
    guard let header = chunks.first(where: { $0.type == "IHDR" })?.data, header.count == 13,
      let colorType = SampledPNG.ColorType(rawValue: header[9]), colorType != .palette,
      header[8] == 8 || header[8] == 16, header[12] == 0
    else { throw Inflate.Failure(description: "not a plain 8/16-bit non-palette image") }
    func number(_ offset: Int) -> Int {
      header[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    let (width, height, depth) = (number(0), number(4), Int(header[8]))
    let data = try Inflate.zlib(chunks.filter { $0.type == "IDAT" }.flatMap(\.data))
    let pixelBytes = colorType.channels * depth / 8
    let rowBytes = width * pixelBytes
    guard data.count >= height * (rowBytes + 1) else {
      throw Inflate.Failure(description: "image data too short")
    }
    var previous = [UInt8](repeating: 0, count: rowBytes)
    var samples: [UInt16] = []
    for row in 0..<height {
      let start = row * (rowBytes + 1)
      let filter = data[start]
      var line = Array(data[start + 1..<start + 1 + rowBytes])
      for index in 0..<rowBytes {
        let left = index >= pixelBytes ? Int(line[index - pixelBytes]) : 0
        let up = Int(previous[index])
        let upLeft = index >= pixelBytes ? Int(previous[index - pixelBytes]) : 0
        let predictor: Int
        switch filter {
        case 0: predictor = 0
        case 1: predictor = left
        case 2: predictor = up
        case 3: predictor = (left + up) / 2
        case 4: predictor = Self.paeth(left, up, upLeft)
        default: throw Inflate.Failure(description: "bad filter \(filter)")
        }
        line[index] = UInt8((Int(line[index]) + predictor) & 0xFF)
      }
      previous = line
      if depth == 16 {
        for index in stride(from: 0, to: rowBytes, by: 2) {
          samples.append(UInt16(line[index]) << 8 | UInt16(line[index + 1]))
        }
      } else {
        samples += line.map { UInt16($0) }
      }
    }
    return (width, height, colorType, depth, samples)
  }

  private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
    let p = a + b - c
    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
  }
}
