import Testing
import WallKitTestSupport

@testable import WallKit

/// Inside `serve`, a hint never says to run it again: serve builds again by itself when the
/// export changes (issue 45, item 5).
@Suite struct ServeHintTests {
  @Test("a class file that cannot be read: build says run again, serve says it builds again")
  func unreadableClassFile() {
    let failure = ImportError.unreadableClassFiles(problems: [])
    #expect(
      WallCLI.hint(for: failure, command: "build")
        == "fix the file named above (or restore it from the original export) and run again")
    #expect(
      WallCLI.hint(for: failure, command: "serve")
        == "fix the file named above (or restore it from the original export); serve builds "
        + "again when it changes")
  }

  @Test("no hint that serve prints tells to run anything again")
  func noRunAgainInServe() {
    let failures: [ImportError] = [
      .unreadableClassFiles(problems: []), .noUsers(path: "e"),
      .noWallClassFile(path: "e", classFiles: []),
    ]
    for failure in failures {
      #expect(!WallCLI.hint(for: failure, command: "serve").contains("run"), "\(failure)")
    }
  }
}
