/// SHA-256 (FIPS 180-4), used for content-addressed media names and test oracles.
public enum SHA256 {
  /// The 32-byte digest of `bytes`.
  /// - Parameter bytes: The message.
  public static func hash(_ bytes: [UInt8]) -> [UInt8] {
    bytes.withUnsafeBufferPointer { hash($0) }
  }

  /// The 32-byte digest of the bytes in `buffer`.
  /// - Parameter buffer: The message.
  public static func hash(_ buffer: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var state: [UInt32] = [
      0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
      0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    let fullBlocks = buffer.count / 64
    var tail = [UInt8](buffer[(fullBlocks * 64)...])
    tail.append(0x80)
    while tail.count % 64 != 56 { tail.append(0) }
    let bitLength = UInt64(buffer.count) &* 8
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    state.withUnsafeMutableBufferPointer { state in
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
        if let base = buffer.baseAddress {
          for block in 0..<fullBlocks {
            compress(base + block * 64, state: state, schedule: schedule)
          }
        }
        tail.withUnsafeBufferPointer { tail in
          guard let base = tail.baseAddress else { return }
          for block in 0..<(tail.count / 64) {
            compress(base + block * 64, state: state, schedule: schedule)
          }
        }
      }
    }
    var digest: [UInt8] = []
    digest.reserveCapacity(32)
    for word in state {
      digest += [
        UInt8(word >> 24), UInt8(word >> 16 & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word & 0xFF),
      ]
    }
    return digest
  }

  /// The digest of `bytes` as 64 lower-case hexadecimal digits.
  /// - Parameter bytes: The message.
  public static func hex(_ bytes: [UInt8]) -> String {
    hexString(hash(bytes))
  }

  /// Lower-case hexadecimal digits for `digest`.
  /// - Parameter digest: Any bytes.
  public static func hexString(_ digest: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(digest.count * 2)
    for byte in digest {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]

  /// Compresses one 64-byte block into `state`.
  ///
  /// Written with raw pointers and hand-inlined rotations so that even
  /// unoptimized (debug) builds hash the test corpora at a usable speed.
  private static func compress(
    _ block: UnsafePointer<UInt8>, state: UnsafeMutableBufferPointer<UInt32>,
    schedule: UnsafeMutableBufferPointer<UInt32>
  ) {
    guard let w = schedule.baseAddress, let h0 = state.baseAddress else { return }
    for t in 0..<16 {
      let b = block + t &* 4
      w[t] = UInt32(b[0]) &<< 24 | UInt32(b[1]) &<< 16 | UInt32(b[2]) &<< 8 | UInt32(b[3])
    }
    for t in 16..<64 {
      let x = w[t &- 15]
      let y = w[t &- 2]
      let s0 = (x &>> 7 | x &<< 25) ^ (x &>> 18 | x &<< 14) ^ (x &>> 3)
      let s1 = (y &>> 17 | y &<< 15) ^ (y &>> 19 | y &<< 13) ^ (y &>> 10)
      w[t] = w[t &- 16] &+ s0 &+ w[t &- 7] &+ s1
    }
    var a = h0[0]
    var b = h0[1]
    var c = h0[2]
    var d = h0[3]
    var e = h0[4]
    var f = h0[5]
    var g = h0[6]
    var h = h0[7]
    roundConstants.withUnsafeBufferPointer { constants in
      guard let k = constants.baseAddress else { return }
      for t in 0..<64 {
        let s1 = (e &>> 6 | e &<< 26) ^ (e &>> 11 | e &<< 21) ^ (e &>> 25 | e &<< 7)
        let t1 = h &+ s1 &+ ((e & f) ^ (~e & g)) &+ k[t] &+ w[t]
        let s0 = (a &>> 2 | a &<< 30) ^ (a &>> 13 | a &<< 19) ^ (a &>> 22 | a &<< 10)
        let t2 = s0 &+ ((a & b) ^ (a & c) ^ (b & c))
        h = g
        g = f
        f = e
        e = d &+ t1
        d = c
        c = b
        b = a
        a = t1 &+ t2
      }
    }
    h0[0] = h0[0] &+ a
    h0[1] = h0[1] &+ b
    h0[2] = h0[2] &+ c
    h0[3] = h0[3] &+ d
    h0[4] = h0[4] &+ e
    h0[5] = h0[5] &+ f
    h0[6] = h0[6] &+ g
    h0[7] = h0[7] &+ h
  }
}
