/// A table from non-negative 32-bit keys to 32-bit values, for the few thousand keys of one
/// wall: open addressing, one multiplication to place a key, no `Hasher`.
///
/// `Dictionary` hashes every key with SipHash, which costs more than the rest of a lookup when
/// keys are small numbers; a wall's viewer data looks up a person's number for every photo and
/// comment it lists. The table holds at most half its slots, and doubles when it would hold
/// more, so its memory is at most four times eight bytes a key.
package struct SmallNumberTable {
  /// Each slot: a key in the high half and its value in the low half, or -1 when empty.
  private var slots: [Int64]
  /// How many bits of the key's hash choose its slot: the slots are 2^bits.
  private var bits: Int
  /// How many keys it holds.
  package private(set) var count = 0

  /// An empty table with room for `capacity` keys before it grows.
  package init(capacity: Int = 0) {
    bits = 4
    while 1 << bits < 2 * capacity { bits += 1 }
    slots = [Int64](repeating: -1, count: 1 << bits)
  }

  /// The slot where `key` is, or the empty slot where it would go.
  private func slot(of key: Int32) -> Int {
    let mask = slots.count - 1
    var slot = Int(
      truncatingIfNeeded: (UInt64(UInt32(bitPattern: key)) &* 0x9E37_79B9_7F4A_7C15)
        >> UInt64(64 - bits))
    while slots[slot] >= 0, Int32(truncatingIfNeeded: slots[slot] >> 32) != key {
      slot = (slot + 1) & mask
    }
    return slot
  }

  /// The value of `key`, if it has one.
  package subscript(key: Int32) -> Int32? {
    let found = slots[slot(of: key)]
    return found >= 0 ? Int32(truncatingIfNeeded: found) : nil
  }

  /// Gives `key` the value `value` unless it has one; false when it had one (left as it was).
  /// - Precondition: `key` and `value` are not negative.
  package mutating func insertIfAbsent(_ key: Int32, value: Int32) -> Bool {
    var place = slot(of: key)
    guard slots[place] < 0 else { return false }
    if 2 * (count + 1) > slots.count {
      grow()
      place = slot(of: key)
    }
    slots[place] = Int64(key) << 32 | Int64(UInt32(bitPattern: value))
    count += 1
    return true
  }

  /// Doubles the slots and places every key again.
  private mutating func grow() {
    let old = slots
    bits += 1
    slots = [Int64](repeating: -1, count: 1 << bits)
    for entry in old where entry >= 0 {
      slots[slot(of: Int32(truncatingIfNeeded: entry >> 32))] = entry
    }
  }
}
