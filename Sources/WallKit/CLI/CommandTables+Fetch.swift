import WallFetch

extension CommandTables {
  /// `wallgen fetch`.
  static let fetch: [CommandOption<FetchOptions>] = [
    .integer(
      ["-j", "--jobs"], in: 1...64, \.jobs,
      help: ["Downloads at once (default: \(FetchSettings.defaultJobs))"]),
    CommandOption(
      ["--rewrite"], value: "OLD=NEW",
      help: [
        "Fetch a URL starting with OLD from NEW + the rest instead",
        "(repeatable; the longest OLD that matches wins), e.g.",
        "http://files.parsetfss.com/APP/=https://HOST/parse/files/APPID/",
      ]
    ) { reader, name, options throws(UsageError) in
      let text = try reader.value(for: name)
      guard let rule = URLRewrite(parsing: text) else {
        throw UsageError(
          "option '\(name)' needs OLD=NEW with a non-empty OLD, not '\(text)'", command: "fetch")
      }
      options.rewrites.append(rule)
    },
    CommandOption(
      ["--allow-host"], value: "HOST",
      help: [
        "Fetch from HOST even at a loopback, private or link-local",
        "address, redirects to it included (repeatable; a NEW of",
        "--rewrite is allowed without it)",
      ]
    ) { reader, name, options throws(UsageError) in
      let text = try reader.value(for: name)
      guard let host = AllowedHosts.normalized(text) else {
        throw UsageError(
          "option '\(name)' needs a host name or address without scheme, port or path "
            + "(files.example.org, 10.0.0.5, ::1), not '\(text)'", command: "fetch")
      }
      options.allowedHosts.append(host)
    },
    .byteCount(
      ["--max-file-bytes"], \.maxFileBytes,
      help: [
        "Refuse a file larger than N bytes (default: \(FetchSettings.defaultMaxFileBytes >> 20)M; K, M, G",
        "are powers of 1024)",
      ]),
    .byteCount(
      ["--max-total-bytes"], \.maxTotalBytes,
      help: [
        "Stop downloading once the run received N bytes (default:",
        "\(FetchSettings.defaultMaxTotalBytes >> 30)G)",
      ]),
    .seconds(
      ["--file-timeout"], \.fileTimeout,
      help: [
        "Give a file up S seconds after its first request, retries",
        "included (default: \(Int(FetchSettings.defaultFileTimeout)); 0: no limit)",
      ]),
    .seconds(
      ["--connect-timeout"], \.connectTimeout,
      help: ["Give up connecting after this many seconds (default: 15)"]),
    .integer(
      ["--stall-timeout"], value: "S", in: 1...3600, \.stallTimeout,
      help: ["Give up a download slower than 1 KiB/s for S seconds (default: 30)"]),
    .integer(
      ["--retries"], in: 0...20, \.retries,
      help: [
        "Try again up to N times on a timeout, a broken connection,",
        "HTTP 429 or 5xx (default: 3)",
      ]),
    .seconds(
      ["--retry-wait"], \.retryWait,
      help: ["Seconds before the first retry, doubling after each (default: 1)"]),
    .seconds(
      ["--max-retry-wait"], \.maxRetryWait,
      help: ["Wait at most this many seconds, whatever Retry-After asks (default: 60)"]),
    .integer(
      ["--max-redirects"], in: 0...50, \.maxRedirects,
      help: ["Follow at most N redirects, to http or https only (default: 5)"]),
    .report(\.reportFile, of: "files that did not arrive (and warnings)"),
    .quiet(\.quiet, printing: "failures and warnings"),
  ]
}

extension CommandOption {
  /// An option whose value, a number of seconds from 0 to 86,400 (fractions allowed), goes to
  /// `key`.
  static func seconds(
    _ names: [String], value: String = "S", _ key: Field<Double>, help: [String]
  ) -> Self {
    Self(names, value: value, help: help) { reader, name, options throws(UsageError) in
      let text = try reader.value(for: name)
      guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
        throw UsageError(
          "option '\(name)' needs a number of seconds from 0 to 86400, such as 2 or 0.5, not '\(text)'",
          command: reader.command)
      }
      options[keyPath: key] = seconds
    }
  }
}
