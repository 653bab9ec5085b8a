/// The hosts a fetch may reach at an internal address (`InternalAddress`): those the user
/// names, with `--allow-host` and as the target of a `--rewrite`, redirects to them included.
public enum AllowedHosts {
  /// `text`, a host name or an IPv4 or IPv6 address (with or without brackets), as libcurl
  /// reads it and lowercased: `127.0.0.1` for `0x7f000001`, `[::1]` for `::1`; nil when it is
  /// not a host alone (a URL, a port, a path, spaces).
  public static func normalized(_ text: String) -> String? {
    let refused: Set<Character> = ["/", "@", "?", "#", "\\", "%"]
    guard !text.isEmpty, !text.contains(where: { refused.contains($0) || $0.isWhitespace })
    else { return nil }
    let bracketed = text.contains(":") && !text.hasPrefix("[") ? "[\(text)]" : text
    return CurlURL.host(of: "http://\(bracketed)/")
  }

  /// The hosts `settings` allow: its `allowedHosts` (normalized) and the host of each
  /// rewrite's target.
  static func of(_ settings: FetchSettings) -> Set<String> {
    let named = settings.allowedHosts.compactMap(normalized)
    let rewritten = settings.rewrites.compactMap { CurlURL.host(of: $0.new) }
    return Set(named + rewritten)
  }
}
