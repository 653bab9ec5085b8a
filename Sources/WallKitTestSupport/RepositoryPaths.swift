import Foundation

/// Paths inside this repository, found from this file's location, never the working directory.
public enum RepositoryPaths {
  /// The repository root (the folder holding Package.swift).
  public static let root: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  /// The absolute path of `relative` inside the repository.
  public static func path(_ relative: String) -> String { "\(root)/\(relative)" }
}
