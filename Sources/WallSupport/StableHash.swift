/// A hash of text that is the same in every process and on every machine (unlike Swift's
/// `Hasher`, seeded per process): 32-bit FNV-1a over the UTF-8 bytes, in `0..<2^32`.
public enum StableHash {
  /// The hash of `text`.
  public static func of(_ text: String) -> Int64 {
    var hash = fnv1a(text)
    // FNV's last multiply leaves the low bits weak for short keys; fold the high half in so
    // that ranges of the value (a shard's slice) split evenly.
    hash ^= hash >> 15
    hash = hash &* 0x2c1b_3c6d
    hash ^= hash >> 12
    return Int64(hash)
  }

  /// Plain 32-bit FNV-1a of `text`'s UTF-8 bytes, as a script can work it out too (the viewer's
  /// entry paths, `WallPageModel.viewerEntryPath`); `of` mixes it further.
  public static func fnv1a(_ text: String) -> UInt32 {
    var hash: UInt32 = 2_166_136_261
    for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return hash
  }
}
