import Testing
import WallKit
import WallKitTestSupport

/// Errors of the stages that the CLI turns into usage errors or plain failures.
@Suite(.fullTier) struct OptionErrorTests {
  @Test("a bad time zone is the Site stage's own error, naming the value")
  func timeZoneError() {
    let error = #expect(throws: TimeZoneError.self) { try DisplayTimeZone("+25:00") }
    #expect(error?.value == "+25:00")
    #expect(error?.message == "time zone '+25:00' is not an offset like +02:00")
  }

  @Test(
    "the CLI reports a bad time zone as a usage error with exit 64",
    arguments: ["build", "archive", "serve"])
  func timeZoneIsUsageError(command: String) throws {
    let folder = try TemporaryDirectory()
    let captured = CapturedConsole()
    var arguments = [command, folder.path, "--timezone", "Mars/Olympus"]
    if command == "archive" { arguments.append("--all") }
    let code = WallCLI.run(arguments, console: captured.console)
    #expect(code == .usage)
    #expect(
      captured.err == [
        "error: unknown time zone 'Mars/Olympus'; use UTC, an offset like +02:00, or a name like "
          + "Europe/Paris\nhint: see 'wallgen build --help'"
      ])
  }

  @Test("FileSystem.readFile throws its own error with the path and the reason")
  func fileSystemError() throws {
    let folder = try TemporaryDirectory()
    let missing = folder.url("missing")
    #expect(throws: FileSystemError.notFound(path: missing)) {
      try FileSystem.readFile(missing, limit: 10)
    }
    let file = folder.url("big")
    try FileSystem.writeAtomically([1, 2, 3], to: file)
    let error = #expect(throws: FileSystemError.self) { try FileSystem.readFile(file, limit: 2) }
    #expect(error?.path == file)
    #expect(error?.description == "\(file): file of 3 bytes exceeds the limit of 2 bytes")
    #expect(throws: FileSystemError.unreadable(path: folder.path, reason: "not a regular file")) {
      try FileSystem.readFile(folder.path, limit: 10)
    }
  }
}
