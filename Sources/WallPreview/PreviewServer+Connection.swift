extension PreviewServer {
  /// Serves one connection until the client closes it, a response closes it, or a timeout.
  func serve(_ connection: Int32) {
    PreviewSocket.setSendTimeout(connection, milliseconds: configuration.sendTimeout)
    var reader = HTTPHeadReader()
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    var requestDeadline = ContinuousClock.now
    while true {
      let request: HTTPRequest?
      do {
        request = try reader.next()
      } catch {
        finish(connection, with: error.response)
        return
      }
      if let request {
        setWaiting(connection, false)
        guard answer(request, on: connection) else { return }
        setWaiting(connection, true)
        requestDeadline = .now + .milliseconds(configuration.requestTimeout)
        continue
      }
      let waiting = reader.hasPartialHead
      let timeout =
        waiting ? milliseconds(until: requestDeadline) : configuration.idleTimeout
      guard PreviewSocket.waitReadable(connection, milliseconds: timeout) else {
        if waiting { finish(connection, with: HTTPRequestError.timedOut.response) }
        return
      }
      let count = PreviewSocket.receive(connection, into: &chunk)
      guard count > 0 else { return }
      if !waiting {
        requestDeadline = .now + .milliseconds(configuration.requestTimeout)
      }
      reader.append(chunk[..<count])
    }
  }

  /// Sends the response to `request`, its file body a chunk at a time; false when the
  /// connection must end (closed by the response, or the client is gone).
  private func answer(_ request: HTTPRequest, on connection: Int32) -> Bool {
    var response = hosts.accepts(request) ? handler(request) : hosts.refusal(for: request)
    response.headers.append(("Date", HTTPDate.now))
    let keepAlive = request.keepsAlive && !response.closesConnection && !isStopping
    let includeBody = request.method != "HEAD" && response.status != .notModified
    var bytes = response.serialized(keepAlive: keepAlive, includeBody: includeBody)
    var streamed: FileRegion?
    if includeBody, case .file(let region) = response.content {
      if region.length <= FileRegion.chunkSize {
        // A small file (a thumbnail) goes out with the head, in one send.
        guard
          region.forEachChunk({ chunk in
            bytes += chunk; return true
          })
        else { return false }
      } else {
        streamed = region
      }
    }
    guard PreviewSocket.send(connection, bytes[...]) else { return false }
    if let streamed {
      guard streamed.forEachChunk({ PreviewSocket.send(connection, $0) }) else { return false }
    }
    if !keepAlive {
      PreviewSocket.lingeringClose(connection)
      return false
    }
    return true
  }

  private func finish(_ connection: Int32, with response: HTTPResponse) {
    if PreviewSocket.send(connection, response.serialized(keepAlive: false, includeBody: true)[...])
    {
      PreviewSocket.lingeringClose(connection)
    }
  }

  private func milliseconds(until deadline: ContinuousClock.Instant) -> Int {
    let left = deadline - .now
    let (seconds, attoseconds) = left.components
    return max(0, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
  }
}
