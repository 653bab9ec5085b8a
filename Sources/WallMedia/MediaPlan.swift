import WallModel
import WallReport

/// The source files of the media step, and how a problem with one is reported: shared by the
/// build (`MediaStage`) and `check` (`MediaCheck`), so that both report the same problems in
/// the same words.
package struct MediaPlan: Sendable {
  /// A file to turn into variants: a wall photo, or a profile picture (avatar).
  package struct Source: Sendable {
    package var path: String
    package var avatar: Bool
  }

  /// What became of one source, for the report: the reason it cannot be used, and the
  /// decoder's warnings.
  struct Finding: Sendable {
    var problem: String?
    var warnings: [String] = []
  }

  /// The image each photo file is reported under (the first by objectId that uses it).
  package let owners: [String: WallImage]
  /// The photo files, each once, sorted.
  let photoPaths: [String]
  /// The users with a picture, by objectId.
  let pictured: [User]
  /// The photos, then the pictures.
  package let sources: [Source]

  /// Lists the files of `images` (each once, however many images use it) and the pictures
  /// of `users`, in a fixed order.
  package init(images: [WallImage], users: [User]) {
    var owners: [String: WallImage] = [:]
    for image in images.sorted(by: { $0.objectId < $1.objectId }) {
      if let path = image.file?.path, owners[path] == nil { owners[path] = image }
    }
    self.owners = owners
    photoPaths = owners.keys.sorted()
    pictured = users.filter { $0.picture != nil }.sorted { $0.objectId < $1.objectId }
    sources =
      photoPaths.map { Source(path: $0, avatar: false) }
      + pictured.map { Source(path: $0.picture?.path ?? "", avatar: true) }
  }

  /// The objectId of the user whose picture is source `index` (a picture's index).
  package func pictureOwner(_ index: Int) -> String {
    pictured[index - photoPaths.count].objectId
  }

  /// Reports what became of source `index`: an error for a file that cannot be used (a photo
  /// is then shown as a placeholder, a user gets a generated avatar), a warning for each of
  /// the decoder's warnings.
  func report(_ finding: Finding, source index: Int, into report: inout ProblemReport) {
    let source = sources[index]
    let isPhoto = !source.avatar
    let (className, objectId) =
      isPhoto
      ? (owners[source.path]?.className ?? "", owners[source.path]?.objectId ?? "")
      : ("_User", pictureOwner(index))
    if let problem = finding.problem {
      report.error(
        source.path, className, objectId,
        problem + (isPhoto ? "; shown as a placeholder" : "; a generated avatar is used"))
    }
    for warning in finding.warnings {
      report.warning(source.path, className, objectId, "decoded with a warning: \(warning)")
    }
  }
}
