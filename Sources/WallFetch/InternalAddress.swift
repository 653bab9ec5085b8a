#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A kind of address `wallgen fetch` does not connect to unless the user names its host: one
/// that reaches this machine or a private network rather than the public internet.
///
/// The URLs of an export are not trusted; without this check a link (or a redirect) to
/// `127.0.0.1`, `10.0.0.1` or `169.254.169.254` would fetch from services that only the
/// machine running wallgen can see.
public enum InternalAddress: Sendable, Equatable {
  /// `0.0.0.0/8` and `::`, which reach this machine.
  case unspecified
  /// `127.0.0.0/8` and `::1`.
  case loopback
  /// `10.0.0.0/8`, `172.16.0.0/12` and `192.168.0.0/16`.
  case privateNetwork
  /// `100.64.0.0/10`, carrier-grade NAT.
  case sharedNetwork
  /// `169.254.0.0/16` (cloud metadata services live there) and `fe80::/10`.
  case linkLocal
  /// `fc00::/7`.
  case uniqueLocal
  /// `fec0::/10`, deprecated.
  case siteLocal
  /// `224.0.0.0/4` and `ff00::/8`.
  case multicast
  /// `240.0.0.0/4` (with the broadcast address) and IPv4-compatible IPv6 (`::a.b.c.d`).
  case reserved

  /// The kind of the address `bytes`, nil for a public one.
  ///
  /// `bytes` are 4 for IPv4 or 16 for IPv6, in network order; any other length is nil. An IPv4
  /// address mapped into IPv6 (`::ffff:a.b.c.d`, or NAT64's `64:ff9b::a.b.c.d`) is the kind of
  /// its IPv4 address.
  public static func classify(_ bytes: [UInt8]) -> InternalAddress? {
    switch bytes.count {
    case 4: return classify(ipv4: bytes)
    case 16: return classify(ipv6: bytes)
    default: return nil
    }
  }

  private static func classify(ipv4 bytes: [UInt8]) -> InternalAddress? {
    let (a, b) = (bytes[0], bytes[1])
    switch a {
    case 0: return .unspecified
    case 10: return .privateNetwork
    case 100 where b & 0xC0 == 64: return .sharedNetwork
    case 127: return .loopback
    case 169 where b == 254: return .linkLocal
    case 172 where b & 0xF0 == 16: return .privateNetwork
    case 192 where b == 168: return .privateNetwork
    case 224...239: return .multicast
    case 240...255: return .reserved
    default: return nil
    }
  }

  private static func classify(ipv6 bytes: [UInt8]) -> InternalAddress? {
    let head = bytes.prefix(12)
    if head.allSatisfy({ $0 == 0 }) {
      let tail = Array(bytes.suffix(4))
      if tail == [0, 0, 0, 0] { return .unspecified }
      if tail == [0, 0, 0, 1] { return .loopback }
      return .reserved
    }
    let mapped: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]
    let nat64: [UInt8] = [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]
    if head.elementsEqual(mapped) || head.elementsEqual(nat64) {
      return classify(ipv4: Array(bytes.suffix(4)))
    }
    switch (bytes[0], bytes[1] & 0xC0) {
    case (0xFF, _): return .multicast
    case (0xFE, 0x80): return .linkLocal
    case (0xFE, 0xC0): return .siteLocal
    case (0xFC...0xFD, _): return .uniqueLocal
    default: return nil
    }
  }

  /// What it is, as a phrase: `a loopback address`.
  public var phrase: String {
    switch self {
    case .unspecified: "an unspecified address (0.0.0.0/8 or ::), which reaches this machine"
    case .loopback: "a loopback address"
    case .privateNetwork: "a private address (10/8, 172.16/12 or 192.168/16)"
    case .sharedNetwork: "a shared address (100.64/10, carrier-grade NAT)"
    case .linkLocal: "a link-local address"
    case .uniqueLocal: "a unique-local address (fc00::/7)"
    case .siteLocal: "a site-local address (fec0::/10)"
    case .multicast: "a multicast address"
    case .reserved: "a reserved address"
    }
  }

  /// `bytes` (4 or 16) written as an address: `127.0.0.1`, `::ffff:127.0.0.1`.
  public static func text(_ bytes: [UInt8]) -> String {
    let family = bytes.count == 4 ? AF_INET : AF_INET6
    var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    let written = bytes.withUnsafeBytes { raw in
      inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count))
    }
    guard written != nil else { return bytes.map { String($0) }.joined(separator: ".") }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
