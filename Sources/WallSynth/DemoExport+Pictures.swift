import Dispatch
import Synchronization
import WallKit

extension DemoExport {
  /// The encoded files of `photos`, in order, drawn in parallel on every core (each result
  /// goes to its own slot, so the output does not depend on scheduling).
  static func encodeAll(_ photos: [DemoPhoto]) throws(DemoExportError) -> [[UInt8]] {
    let slots = Mutex([Result<[UInt8], DemoExportError>?](repeating: nil, count: photos.count))
    DispatchQueue.concurrentPerform(iterations: photos.count) { index in
      let result = Result { () throws(DemoExportError) -> [UInt8] in try encode(photos[index]) }
      slots.withLock { $0[index] = result }
    }
    return try slots.withLock { results throws(DemoExportError) -> [[UInt8]] in
      var files: [[UInt8]] = []
      for result in results {
        guard let result else { continue }
        files.append(try result.get())
      }
      return files
    }
  }

  /// The encoded file of a photo; the broken one is cut short (see `truncated`).
  static func encode(_ photo: DemoPhoto) throws(DemoExportError) -> [UInt8] {
    let bitmap = photo.picture.render(width: photo.width, height: photo.height)
    let bytes: [UInt8]
    do {
      switch photo.encoding {
      case .progressiveJPEG:
        bytes = try JPEGCodec.encode(bitmap, quality: jpegQuality, progressive: true)
      case .baselineJPEG:
        bytes = try JPEGCodec.encode(bitmap, quality: jpegQuality, progressive: false)
      case .png:
        bytes = try PNGCodec.encode(bitmap)
      }
    } catch {
      throw .encode(path: "files/\(photo.fileName)", error)
    }
    return photo.isBroken ? truncated(bytes) : bytes
  }

  /// `graph/<fbId>.jpg|png`: a 256×256 abstract portrait, or nil for users without a picture.
  static func profilePicture(of user: DemoUser) throws(DemoExportError) -> File? {
    let picture = ProceduralPicture(
      kind: .portrait, seed: DemoIdentifier.seed("portrait:\(user.key)"))
    let path: String
    let bytes: [UInt8]
    do {
      switch user.picture {
      case .none:
        return nil
      case .jpeg:
        path = "graph/\(user.facebookID).jpg"
        bytes = try JPEGCodec.encode(
          picture.render(width: 256, height: 256), quality: jpegQuality, progressive: false)
      case .png:
        path = "graph/\(user.facebookID).png"
        bytes = try PNGCodec.encode(picture.render(width: 256, height: 256))
      }
    } catch {
      throw .encode(path: "graph/\(user.facebookID)", error)
    }
    return File(path: path, bytes: bytes)
  }

  /// A JPEG cut off in the middle of its first Huffman table, as if the upload had stopped
  /// there: the header cannot be read, so every decoder refuses it (a JPEG cut inside the
  /// image data would still decode, grey at the bottom, with only a warning).
  static func truncated(_ jpeg: [UInt8]) -> [UInt8] {
    var offset = 2
    while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF {
      let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
      if jpeg[offset + 1] == 0xC4 { return Array(jpeg.prefix(offset + 4 + length / 2)) }
      offset += 2 + length
    }
    return Array(jpeg.prefix(offset))
  }
}
