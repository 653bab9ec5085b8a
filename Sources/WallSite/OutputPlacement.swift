import WallSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a build, a shard, a finalize step or an archive may write.
///
/// An output folder inside the export would be read back as part of it on the next build (and
/// watched by `serve`, which would rebuild forever); an export inside the output folder would
/// be pruned or overwritten. The root of the file system and the home folder are never an
/// output folder, and a folder that holds files wallgen did not make is written into only when
/// asked (`--force`). Everything is refused before anything is written.
public enum OutputPlacement {
  /// Checks that `output` is neither `/`, the home folder (`$HOME`) nor a folder that holds
  /// it, and that neither of `export` and `output` lies inside the other (or is the other).
  ///
  /// Paths are compared canonical (`canonical(_:)`), so `//`, `/./`, trailing slashes, `..` and
  /// symlinks cannot hide either.
  /// - Parameter export: The export folder or zip (when it does not exist, only the output is
  ///   checked).
  /// - Parameter output: The output folder (it need not exist yet).
  /// - Throws: `OutputPlacementError` naming the paths.
  public static func check(export: String, output: String) throws(OutputPlacementError) {
    let outputPath = canonical(output)
    if outputPath == "/" { throw .rootFolder(output: output) }
    if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
      let homePath = canonical(home)
      if homePath == outputPath || isInside(homePath, outputPath) {
        throw .homeFolder(output: output, home: home)
      }
    }
    guard let exportPath = FileSystem.realPath(export) else { return }
    if outputPath == exportPath || isInside(outputPath, exportPath) {
      throw .outputInsideExport(output: output, export: export)
    }
    if isInside(exportPath, outputPath) {
      throw .exportInsideOutput(export: export, output: output)
    }
  }

  /// Checks the output as `check(export:output:)` does, and that it is missing, empty, or one
  /// wallgen made (its state folder is there), unless `force`; then takes the output's lock
  /// (`OutputLock`, in the state folder) and confines the output and the state folder
  /// (`ConfinedFolders`), so no write or removal below them follows a symlink.
  ///
  /// This is the first thing a build, a shard, finalize, `serve` and `archive` do, so the lock is
  /// held by every command that writes into an output, from before its first write.
  /// - Parameters:
  ///   - export: The export folder or zip.
  ///   - output: The output folder (it need not exist yet).
  ///   - stateFolder: The folder wallgen keeps its state for this output in, made before the
  ///     output's first file: a non-empty output without it is not wallgen's.
  ///   - force: Write into a non-empty folder wallgen did not make (`--force`).
  ///   - lock: Shared for a shard (the shards of a build run at once), else exclusive.
  ///   - wait: Wait for another wallgen writing into the output instead of refusing (`--wait`).
  ///   - waiting: Told of the holders before waiting (`wait` only).
  /// - Returns: The output's lock: `release()` it when the command is done.
  /// - Throws: `OutputPlacementError` naming the paths, or the process that holds the output;
  ///   nothing is written then.
  public static func claim(
    export: String, output: String, stateFolder: String, force: Bool,
    lock: OutputLock.Mode = .exclusive, wait: Bool = false,
    waiting: ([OutputLockHolder]) -> Void = { _ in }
  ) throws(OutputPlacementError) -> OutputLock {
    try check(export: export, output: output)
    if !force, FileSystem.kind(of: output) == .directory, !FileSystem.isEmptyFolder(output),
      FileSystem.kind(of: stateFolder) != .directory
    {
      throw .foreignFolder(output: output, marker: stateFolder)
    }
    let held: OutputLock
    do {
      held = try OutputLock.acquire(folder: stateFolder, mode: lock, wait: wait, waiting: waiting)
    } catch {
      switch error {
      case .busy(let holders): throw .busy(output: output, holders: holders)
      case .unusable(let path, let reason): throw .unlockable(path: path, reason: reason)
      }
    }
    ConfinedFolders.confine(output)
    ConfinedFolders.confine(stateFolder)
    return held
  }

  /// Claims the output of a build, a shard or a finalize step with `settings`: its state
  /// folder is `settings.stateFolder` or the default one beside the output, waiting for another
  /// wallgen when `settings.pipeline.waitForOutput`.
  /// - Parameter settings: The build's settings.
  /// - Parameter export: The export, when it is not `settings.export` (a sharded build reads
  ///   the one its plan names).
  /// - Parameter lock: Shared for a shard, else exclusive.
  /// - Returns: The output's lock: `release()` it when the command is done.
  /// - Throws: `OutputPlacementError` naming the paths; nothing is written then.
  public static func claim(
    _ settings: SiteBuilder.Settings, export: String? = nil, lock: OutputLock.Mode = .exclusive
  ) throws(OutputPlacementError) -> OutputLock {
    try claim(
      export: export ?? settings.export, output: settings.output,
      stateFolder: settings.stateFolder ?? SiteBuilder.stateFolder(for: settings.output),
      force: settings.pipeline.force, lock: lock, wait: settings.pipeline.waitForOutput,
      waiting: settings.pipeline.waitingForOutput)
  }

  /// Whether canonical `path` lies strictly inside canonical `folder`.
  package static func isInside(_ path: String, _ folder: String) -> Bool {
    folder == "/" ? path != "/" : path.hasPrefix(folder + "/")
  }

  /// The canonical absolute path of `path`: each existing prefix resolved by `realpath` (so a
  /// symlink is followed before a `..` after it, as the kernel does), a symlink to something
  /// missing followed all the same (a link to a folder not made yet leads where a write through
  /// it would go), the rest folded lexically (the output folder may not exist yet); no empty or
  /// `.` component, no trailing slash but for `/`.
  public static func canonical(_ path: String) -> String {
    let absolute = path.hasPrefix("/") ? path : (FileSystem.currentDirectory ?? "") + "/" + path
    // The components still to walk, the next last.
    var pending = Array(absolute.split(separator: "/").reversed())
    var resolved = "/"
    var links = 0
    while let part = pending.popLast() {
      if part == "." { continue }
      if part == ".." {
        let slash = resolved.utf8.lastIndex(of: UInt8(ascii: "/")) ?? resolved.startIndex
        resolved = slash == resolved.startIndex ? "/" : String(resolved[..<slash])
        continue
      }
      let joined = (resolved == "/" ? "/" : resolved + "/") + part
      if let real = FileSystem.realPath(joined) {
        resolved = real
      } else if links < 40, let target = FileSystem.linkTarget(joined) {
        // A dangling link (realpath fails on it): walk its target in its place (as many links
        // as the kernel follows).
        links += 1
        if target.hasPrefix("/") { resolved = "/" }
        pending += target.split(separator: "/").reversed()
      } else {
        resolved = joined
      }
    }
    return resolved
  }
}
