/// Reads the EXIF Orientation tag (0x0112) from the TIFF structure inside a JPEG APP1 segment.
public enum EXIFOrientation {
  /// Returns the orientation in IFD0, or 1 when the data is absent, malformed or out of 1...8.
  /// - Parameter tiff: The APP1 payload after the `Exif\0\0` identifier (starts `II*\0`/`MM\0*`).
  public static func parse(tiff: [UInt8]) -> Int {
    let bigEndian: Bool
    if tiff.starts(with: [0x49, 0x49, 0x2A, 0x00]) {
      bigEndian = false
    } else if tiff.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
      bigEndian = true
    } else {
      return 1
    }
    func read(_ offset: Int, _ length: Int) -> Int? {
      guard offset >= 0, length <= tiff.count, offset <= tiff.count - length else { return nil }
      var value = 0
      for index in 0..<length {
        let byte = Int(tiff[offset + (bigEndian ? index : length - 1 - index)])
        value = value << 8 | byte
      }
      return value
    }
    guard let ifd = read(4, 4), let count = read(ifd, 2) else { return 1 }
    for entry in 0..<count {
      let base = ifd + 2 + entry * 12
      guard let tag = read(base, 2), let type = read(base + 2, 2) else { return 1 }
      guard tag == 0x0112 else { continue }
      // SHORT (3) is standard; accept LONG (4) too, as some writers use it.
      let value: Int?
      switch type {
      case 3: value = read(base + 8, 2)
      case 4: value = read(base + 8, 4)
      default: value = nil
      }
      guard let value, (1...8).contains(value) else { return 1 }
      return value
    }
    return 1
  }
}
