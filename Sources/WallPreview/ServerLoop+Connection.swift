import Glibc

extension ServerLoop {
  /// Reads what a connection sent and answers the requests it completes.
  func read(_ connection: ServerConnection) {
    switch PreviewSocket.receive(connection.descriptor, into: &scratch) {
    case .wouldBlock: return
    case .ended: close(connection)
    case .moved(let count):
      if !connection.reader.hasPartialHead {
        // From its first byte on, a head runs against the head deadline.
        connection.deadline =
          Monotonic.now + Monotonic.milliseconds(server.configuration.requestTimeout)
        schedule(connection.deadline)
      }
      connection.reader.append(scratch[..<count])
      answerBuffered(connection)
    }
  }

  /// Answers the complete requests read so far, in order, until one has to wait for the
  /// client to read (or a batch is done: the connection then waits in `ready`).
  func answerBuffered(_ connection: ServerConnection) {
    for _ in 0..<Self.answerBatch {
      guard !connection.isClosed && connection.phase == .reading else { return }
      let request: HTTPRequest?
      do {
        request = try connection.reader.next()
      } catch {
        let response = error.response
        begin(
          connection,
          OutgoingResponse(
            bytes: response.serialized(keepAlive: false, includeBody: true), closes: true))
        return
      }
      guard let request else { return }
      answer(request, on: connection)
    }
    if !connection.isClosed && connection.phase == .reading { ready.append(connection) }
  }

  /// Makes the response to `request` and starts sending it.
  private func answer(_ request: HTTPRequest, on connection: ServerConnection) {
    connection.ticket.wait(since: 0)
    var response =
      server.hosts.accepts(request) ? server.handler(request) : server.hosts.refusal(for: request)
    response.headers.append(("Date", currentDate()))
    let keepAlive = request.keepsAlive && !response.closesConnection && !server.isStopping
    let includeBody = request.method != "HEAD" && response.status != .notModified
    var bytes = response.serialized(keepAlive: keepAlive, includeBody: includeBody)
    var streamed: FileRegion?
    if includeBody, case .file(let region) = response.content {
      if region.length <= FileRegion.chunkSize {
        // A small file (a thumbnail, a page) goes out with the head, in one send.
        bytes.reserveCapacity(bytes.count + region.length)
        guard
          region.forEachChunk({ chunk in
            bytes += chunk
            return true
          })
        else { return close(connection) }
      } else {
        streamed = region
      }
    }
    begin(connection, OutgoingResponse(bytes: bytes, region: streamed, closes: !keepAlive))
  }

  /// Starts writing a response.
  func begin(_ connection: ServerConnection, _ response: OutgoingResponse) {
    connection.response = response
    connection.phase = .writing
    connection.ticket.wait(since: 0)
    write(connection)
  }

  /// Writes what the socket takes of the response; when it is all sent, the connection reads
  /// its next request (or lingers, when the response closes it).
  func write(_ connection: ServerConnection) {
    guard var response = connection.response else { return }
    let (progress, moved) = response.write(to: connection.descriptor)
    connection.response = response
    let now = Monotonic.now
    switch progress {
    case .failed:
      close(connection)
    case .blocked:
      if moved || !connection.watchesWrites {
        // The client is now the one waiting to be served; it has sendTimeout to take more.
        connection.deadline = now + Monotonic.milliseconds(server.configuration.sendTimeout)
        schedule(connection.deadline)
        connection.ticket.wait(since: now)
      }
      watch(connection, writes: true)
    case .done:
      connection.response = nil
      watch(connection, writes: false)
      connection.ticket.wait(since: now)
      if response.closes {
        PreviewSocket.shutdownWrite(connection.descriptor)
        connection.phase = .lingering
        connection.deadline = now + Monotonic.milliseconds(Self.lingerTime)
      } else {
        connection.phase = .reading
        let patience =
          connection.reader.hasPartialHead
          ? server.configuration.requestTimeout : server.configuration.idleTimeout
        connection.deadline = now + Monotonic.milliseconds(patience)
      }
      schedule(connection.deadline)
    }
  }

  /// Drops what a closing connection still sends, until it closes, sends too much, or is
  /// quiet for `lingerTime`.
  func linger(_ connection: ServerConnection) {
    switch PreviewSocket.receive(connection.descriptor, into: &scratch) {
    case .wouldBlock: return
    case .ended: close(connection)
    case .moved(let count):
      connection.discarded += count
      if connection.discarded > Self.lingerBytes { return close(connection) }
      connection.deadline = Monotonic.now + Monotonic.milliseconds(Self.lingerTime)
      schedule(connection.deadline)
    }
  }

  /// Watches a connection's socket for room to write, or for bytes to read.
  private func watch(_ connection: ServerConnection, writes: Bool) {
    guard connection.watchesWrites != writes else { return }
    connection.watchesWrites = writes
    epoll.change(connection.descriptor, to: writes ? .write : .read)
  }

  /// The `Date` value now, formatted once a second.
  private func currentDate() -> String {
    let second = Int(time(nil))
    if second != date.second { date = (second, HTTPDate.string(secondsSince1970: second)) }
    return date.text
  }
}
