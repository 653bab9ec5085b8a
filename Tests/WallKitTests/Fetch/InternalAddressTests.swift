import Testing
import WallKit

/// Which addresses `wallgen fetch` refuses unless their host is named, and how a named host is
/// read.
@Suite struct InternalAddressTests {
  @Test(
    "IPv4 addresses of this machine and of private networks are internal; public ones are not",
    arguments: [
      ([0, 0, 0, 0], InternalAddress.unspecified), ([0, 1, 2, 3], .unspecified),
      ([127, 0, 0, 1], .loopback), ([127, 255, 1, 2], .loopback),
      ([10, 1, 2, 3], .privateNetwork), ([172, 16, 0, 1], .privateNetwork),
      ([172, 31, 255, 255], .privateNetwork), ([192, 168, 1, 1], .privateNetwork),
      ([100, 64, 0, 1], .sharedNetwork), ([100, 127, 255, 254], .sharedNetwork),
      ([169, 254, 169, 254], .linkLocal), ([224, 0, 0, 1], .multicast),
      ([239, 255, 255, 250], .multicast), ([240, 0, 0, 1], .reserved),
      ([255, 255, 255, 255], .reserved),
    ] as [([UInt8], InternalAddress)])
  func internalIPv4(bytes: [UInt8], kind: InternalAddress) {
    #expect(InternalAddress.classify(bytes) == kind)
  }

  @Test(
    "the neighbours of each internal IPv4 range are public",
    arguments: [
      [1, 1, 1, 1], [8, 8, 8, 8], [11, 0, 0, 1], [100, 63, 255, 255], [100, 128, 0, 0],
      [126, 255, 255, 255], [128, 0, 0, 1], [169, 253, 0, 1], [172, 15, 255, 255],
      [172, 32, 0, 0], [192, 167, 1, 1], [192, 169, 0, 1], [223, 255, 255, 255],
    ] as [[UInt8]])
  func publicIPv4(bytes: [UInt8]) {
    #expect(InternalAddress.classify(bytes) == nil)
  }

  /// The 16 bytes of an IPv6 address starting with `head` and ending with `tail`.
  static func ipv6(_ head: [UInt8], _ tail: [UInt8] = []) -> [UInt8] {
    head + [UInt8](repeating: 0, count: 16 - head.count - tail.count) + tail
  }

  @Test("IPv6 addresses of this machine, local networks and mapped IPv4 ones are internal")
  func internalIPv6() {
    #expect(InternalAddress.classify(Self.ipv6([])) == .unspecified)
    #expect(InternalAddress.classify(Self.ipv6([], [1])) == .loopback)
    #expect(InternalAddress.classify(Self.ipv6([0xFE, 0x80], [1])) == .linkLocal)
    #expect(InternalAddress.classify(Self.ipv6([0xFE, 0xBF], [1])) == .linkLocal)
    #expect(InternalAddress.classify(Self.ipv6([0xFE, 0xC0], [1])) == .siteLocal)
    #expect(InternalAddress.classify(Self.ipv6([0xFC, 0x00], [1])) == .uniqueLocal)
    #expect(InternalAddress.classify(Self.ipv6([0xFD, 0x12], [1])) == .uniqueLocal)
    #expect(InternalAddress.classify(Self.ipv6([0xFF, 0x02], [1])) == .multicast)
    #expect(InternalAddress.classify(Self.ipv6([], [0xFF, 0xFF, 127, 0, 0, 1])) == .loopback)
    #expect(InternalAddress.classify(Self.ipv6([], [0xFF, 0xFF, 10, 0, 0, 1])) == .privateNetwork)
    #expect(
      InternalAddress.classify(Self.ipv6([], [0xFF, 0xFF, 169, 254, 169, 254])) == .linkLocal)
    #expect(
      InternalAddress.classify(Self.ipv6([0, 0x64, 0xFF, 0x9B], [127, 0, 0, 1])) == .loopback)
    #expect(InternalAddress.classify(Self.ipv6([], [127, 0, 0, 1])) == .reserved)
    // Public: 2001:db8::1 style global unicast, a mapped public IPv4, fe7f::.
    #expect(InternalAddress.classify(Self.ipv6([0x20, 0x01, 0x0D, 0xB8], [1])) == nil)
    #expect(InternalAddress.classify(Self.ipv6([], [0xFF, 0xFF, 8, 8, 8, 8])) == nil)
    #expect(InternalAddress.classify(Self.ipv6([0xFE, 0x7F], [1])) == nil)
    #expect(InternalAddress.classify([1, 2, 3]) == nil, "neither IPv4 nor IPv6")
  }

  @Test("addresses are written as inet_ntop writes them")
  func text() {
    #expect(InternalAddress.text([127, 0, 0, 1]) == "127.0.0.1")
    #expect(InternalAddress.text(Self.ipv6([], [1])) == "::1")
    #expect(InternalAddress.text(Self.ipv6([], [0xFF, 0xFF, 127, 0, 0, 1])) == "::ffff:127.0.0.1")
  }

  @Test("a named host is read as libcurl reads it; a URL, a port or a path is no host")
  func normalizedHosts() {
    #expect(AllowedHosts.normalized("Files.Example.ORG") == "files.example.org")
    #expect(AllowedHosts.normalized("0x7f000001") == "127.0.0.1")
    #expect(AllowedHosts.normalized("127.1") == "127.0.0.1")
    #expect(AllowedHosts.normalized("::1") == "[::1]")
    #expect(AllowedHosts.normalized("[::1]") == "[::1]")
    for text in ["", "http://a/", "a:80", "127.0.0.1:8080", "a/b", "u@a", "a b", "[::1"] {
      #expect(AllowedHosts.normalized(text) == nil, "\(text)")
    }
  }
}
