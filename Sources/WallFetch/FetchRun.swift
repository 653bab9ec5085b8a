import WallSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The state of a running fetch: the queue, the transfers under way, the retries waiting.
struct FetchRun {
  private struct Active {
    let job: FetchJob
    let transfer: CurlTransfer
    /// The temporary file of a GET, nil for a HEAD.
    let temporary: String?
  }

  let settings: FetchSettings
  let folder: FilesFolder
  let multi: CurlMulti
  let progress: any FetchProgress
  let policy: RetryPolicy
  /// The bytes the run may still receive.
  let budget: ByteBudget
  /// The hosts that may be at internal addresses.
  let allowedHosts: Set<String>
  var result = FetchResult()
  private var ready: [FetchJob] = []
  private var waiting: [(due: ContinuousClock.Instant, job: FetchJob)] = []
  private var active: [UnsafeMutableRawPointer: Active] = [:]
  private var settled = 0
  private var lastShown = ContinuousClock.now

  init(
    settings: FetchSettings, folder: FilesFolder, multi: CurlMulti, progress: any FetchProgress
  ) {
    self.settings = settings
    self.folder = folder
    self.multi = multi
    self.progress = progress
    policy = RetryPolicy(settings)
    budget = ByteBudget(cap: settings.maxTotalBytes)
    allowedHosts = AllowedHosts.of(settings)
  }

  /// Queues `items`, refusing at once a URL that is not http or https.
  mutating func queue(_ items: [FetchItem]) {
    for item in items {
      let url = URLRewrite.apply(settings.rewrites, to: item.url)
      let scheme = url.prefix { $0 != ":" }.lowercased()
      guard scheme == "http" || scheme == "https", url.contains("://") else {
        settle(FetchRecord(item, url: url, reason: "not an http or https URL; refused"))
        continue
      }
      ready.append(FetchJob(item: item, url: url, present: folder.size(of: item.name)))
    }
    ready.reverse()
  }

  /// Records a failure that settles no queued file (a refused row, a class file).
  mutating func fail(_ record: FetchRecord) {
    result.failed += 1
    note(record)
  }

  /// Runs the transfers until every file is settled.
  mutating func drive() {
    while !(ready.isEmpty && waiting.isEmpty && active.isEmpty) {
      let now = ContinuousClock.now
      while let index = waiting.firstIndex(where: { $0.due <= now }) {
        ready.insert(waiting.remove(at: index).job, at: 0)
      }
      while active.count < settings.jobs, let job = ready.popLast() {
        start(job)
      }
      multi.perform()
      while let (handle, code) = multi.nextDone() {
        guard let done = active.removeValue(forKey: handle) else { continue }
        multi.remove(done.transfer)
        finish(done, outcome: done.transfer.outcome(code: code))
      }
      show()
      guard !active.isEmpty || !waiting.isEmpty else { continue }
      var timeout = 100.0
      if let due = waiting.map(\.due).min() {
        timeout = min(timeout, max(Fetcher.seconds(due - ContinuousClock.now) * 1000, 0))
      }
      if ready.isEmpty || active.count >= settings.jobs { multi.wait(milliseconds: Int32(timeout)) }
    }
    progress.progressed(done: settled, total: result.total, bytes: result.bytes)
  }

  private mutating func show() {
    let now = ContinuousClock.now
    guard now - lastShown >= .milliseconds(100) else { return }
    lastShown = now
    let moving = active.values.reduce(Int64(0)) { $0 + $1.transfer.sink.bytes }
    progress.progressed(done: settled, total: result.total, bytes: result.bytes + moving)
  }

  /// Starts a HEAD (for a file already there) or a GET of `job`, unless its deadline passed
  /// or (for a GET) the run's bytes ran out.
  private mutating func start(_ job: FetchJob) {
    let now = ContinuousClock.now
    if job.deadline == nil && settings.fileTimeout > 0 {
      job.deadline = now + .milliseconds(Int64(settings.fileTimeout * 1000))
    }
    let remaining = job.deadline.map { Fetcher.seconds($0 - now) }
    if let remaining, remaining <= 0 {
      return settle(FetchRecord(job.item, url: job.url, reason: deadlineReason(job.lastFailure)))
    }
    if job.present == nil && budget.exhausted {
      return settle(FetchRecord(job.item, url: job.url, reason: "not fetched: " + budgetReason))
    }
    var temporary: String?
    var descriptor: Int32 = -1
    if job.present == nil {
      switch folder.makeTemporary() {
      case .success(let made): (temporary, descriptor) = made
      case .failure(let reason):
        settle(FetchRecord(job.item, url: job.url, reason: reason.text))
        return
      }
    }
    let sink = TransferSink(descriptor: descriptor, cap: settings.maxFileBytes, budget: budget)
    do throws(FetchFailureReason) {
      let transfer = try CurlTransfer(
        url: job.url, head: job.present != nil, settings: settings, sink: sink,
        check: ConnectionCheck(allowedHosts: allowedHosts), timeout: remaining)
      guard multi.add(transfer) else { throw FetchFailureReason("libcurl refused the transfer") }
      active[transfer.handle] = Active(job: job, transfer: transfer, temporary: temporary)
    } catch {
      discard(temporary, descriptor)
      settle(FetchRecord(job.item, url: job.url, reason: error.text))
    }
  }

  private func discard(_ temporary: String?, _ descriptor: Int32) {
    if descriptor >= 0 { close(descriptor) }
    if let temporary { folder.remove(temporary) }
  }

  /// Decides what a finished transfer means: settled, retried, or (after a HEAD) downloaded.
  private mutating func finish(_ done: Active, outcome: TransportOutcome) {
    let job = done.job
    let transfer = done.transfer
    let status = transfer.status
    guard let temporary = done.temporary else {
      // A HEAD of a file already there: the same length means nothing to fetch.
      if let size = job.present, outcome == .completed, (200..<300).contains(status),
        transfer.contentLength == size
      {
        result.present += 1
        settle(nil)
      } else if case .refused(let refusal) = outcome {
        settle(FetchRecord(job.item, url: job.url, reason: refusal.reason))
      } else if case .failed = outcome, status == 0 {
        // No answer at all (a dead host, as Parse.com's file host is): the file there is
        // kept, and counted as there, not as a failure to download it again.
        result.present += 1
        result.unchecked += 1
        settle(nil)
      } else {
        job.present = nil
        ready.append(job)
      }
      return
    }
    let sink = transfer.sink
    let closed = close(sink.descriptor) == 0 ? 0 : errno
    var retryAfter: Int64?
    let failure: (reason: String, retryable: Bool)
    switch outcome {
    case .tooLarge:
      failure = (
        "larger than the cap of \(settings.maxFileBytes) bytes (--max-file-bytes); not kept", false
      )
    case .overBudget:
      failure = (budgetReason + "; not kept", false)
    case .refused(let refusal):
      failure = (refusal.reason, false)
    case .failed(let reason, let retryable):
      failure = (reason, retryable)
    case .completed where !(200..<300).contains(status):
      let retryable = status == 429 || status == 408 || (500..<600).contains(status)
      if status == 429 || status == 503 { retryAfter = transfer.retryAfter }
      failure = ("HTTP \(status)", retryable)
    case .completed where closed != 0:
      failure = ("cannot write the download: \(FileSystem.errorReason(closed))", false)
    case .completed:
      // Content-Length counts the body as sent: a gzip-encoded one is shorter than the file
      // it decodes to (sink.bytes), so the bytes that travelled are compared.
      if let length = transfer.contentLength, let received = transfer.bytesReceived,
        length != received
      {
        failure = ("the body held \(received) of its \(length) bytes", true)
      } else {
        arrived(job, temporary: temporary, sink: sink, status: status)
        return
      }
    }
    folder.remove(temporary)
    job.attempts += 1
    let tries = job.attempts > 1 ? " (after \(job.attempts) attempts)" : ""
    job.lastFailure = failure.reason + tries
    let failed = status == 0 ? nil : status
    // No host answered at all: counted (`FetchResult.unanswered`) when the file is given up.
    let unanswered = status == 0 && { if case .failed = outcome { true } else { false } }()
    if failure.retryable, let reason = pastDeadline(job, retryAfter: retryAfter) {
      if unanswered { result.unanswered += 1 }
      return settle(FetchRecord(job.item, url: job.url, status: failed, reason: reason))
    }
    if failure.retryable && policy.allowsRetry(after: job.attempts) {
      let wait = policy.delay(afterAttempt: job.attempts, retryAfter: retryAfter, url: job.url)
      waiting.append((ContinuousClock.now + .milliseconds(Int64(wait * 1000)), job))
      return
    }
    if unanswered { result.unanswered += 1 }
    settle(FetchRecord(job.item, url: job.url, status: failed, reason: failure.reason + tries))
  }

  /// Puts a complete download in place, warning when it is neither JPEG nor PNG.
  private mutating func arrived(
    _ job: FetchJob, temporary: String, sink: TransferSink, status: Int
  ) {
    if let reason = folder.publish(temporary, as: job.item.name) {
      settle(FetchRecord(job.item, url: job.url, status: status, reason: reason.text))
      return
    }
    result.arrived += 1
    result.bytes += sink.bytes
    guard ContentKind(magic: sink.magic) == .other else { return settle(nil) }
    let start = sink.magic.map { String($0, radix: 16) }.joined(separator: " ")
    settle(
      nil,
      warning: FetchRecord(
        job.item, url: job.url, status: status,
        reason:
          "kept, but it is neither JPEG nor PNG (it starts with bytes \(start.isEmpty ? "none" : start)); "
          + "the build will report it", severity: .warning))
  }

  /// Settles one file: it failed with `record`, or arrived (nil) perhaps with a `warning`.
  private mutating func settle(_ record: FetchRecord?, warning: FetchRecord? = nil) {
    settled += 1
    if let record { fail(record) }
    if let warning { note(warning) }
  }

  private mutating func note(_ record: FetchRecord) {
    result.records.append(record)
    progress.noted(record)
  }
}
