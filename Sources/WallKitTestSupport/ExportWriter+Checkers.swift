import WallSynth

extension ExportWriter {
  /// Writes `files/<name>` for each of `files`: an opaque checkerboard PNG `side` pixels square
  /// (`ImageFixtures.checkerPNG`).
  public func writeCheckerPNGs(_ files: [(name: String, side: Int)]) throws {
    for (name, side) in files {
      try writeFile(
        "files/\(name)", ImageFixtures.checkerPNG(width: side, height: side, alpha: false))
    }
  }
}
