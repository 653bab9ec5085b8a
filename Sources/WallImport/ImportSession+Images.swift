import WallJSON
import WallModel
import WallReport

extension ImportSession {
  /// Reads `WallImage.json`.
  mutating func readImages() {
    forEachObject("WallImage") { session, object in
      if let image = session.readImage(object, className: "WallImage") {
        session.dataset.images[image.objectId] = image
      }
    }
  }

  /// Reads `WallImageObject.json` (older schema): each is an image whose caption, if any, is
  /// its first comment, by the uploader, at the image's `createdAt`.
  mutating func readImageObjects() {
    let className = "WallImageObject"
    forEachObject(className) { session, object in
      guard session.dataset.images[object.objectId] == nil else {
        Self.reportAlsoWallImage(object.objectId, into: &session.report)
        return
      }
      guard let image = session.readImage(object, className: className) else { return }
      session.dataset.images[image.objectId] = image
      if let caption = object.string("comment"), !caption.isEmpty {
        let id = "\(image.objectId):caption"
        session.dataset.comments[id] = Comment(
          objectId: id, className: className, imageID: image.objectId,
          authorID: image.uploaderID, text: caption, createdAt: image.createdAt, acl: image.acl)
      }
    }
  }

  /// Reports a `WallImageObject` whose objectId a kept `WallImage` has: the `WallImage` is
  /// kept, and the row is read no further.
  package static func reportAlsoWallImage(_ objectId: String, into report: inout ProblemReport) {
    report.error(
      "WallImageObject.json", "WallImageObject", objectId,
      "objectId is also a WallImage's; the WallImage is kept",
      kind: "objectIds that are also a WallImage's")
  }

  private mutating func readImage(_ object: ParseObject, className: String) -> WallImage? {
    guard let uploaderID = resolveAuthor(of: object) else {
      if let users = unreadableUsers {
        lostImages.insert(object.objectId)
        countFollowOn(className, "image", "images", refersTo: users)
        return nil
      }
      Self.reportUnknownAuthor(
        Self.author(of: object), of: object.objectId, className: className, into: &report)
      return nil
    }
    guard let fields = readImageFields(object, className: className) else { return nil }
    return WallImage(
      objectId: object.objectId, className: className, uploaderID: uploaderID,
      file: fields.file, createdAt: fields.createdAt, acl: fields.acl)
  }

  /// What a row of an image class holds besides its uploader.
  ///
  /// Checked in this order: its `createdAt`, its ACL, its file; nil when `createdAt` is no
  /// ISO-8601 date (reported: the image is not shown). The one reading of an image row, for the
  /// whole import and the parts of a plan alike; it runs once the uploader is known to be a
  /// user.
  mutating func readImageFields(_ object: ParseObject, className: String)
    -> (createdAt: Timestamp, acl: AccessControl?, file: FileReference?)?
  {
    let file = className + ".json"
    guard let createdAt = object.timestamp("createdAt") else {
      report.error(
        file, className, object.objectId,
        "createdAt \(Self.quoted(object.fields["createdAt"])) is not an ISO-8601 date; the image is not shown",
        kind: "images without an ISO-8601 createdAt")
      return nil
    }
    let acl = readACL(of: object, file: file, className: className)
    return (createdAt, acl, readFile(object, field: "image", file: file, className: className))
  }

  /// Reports an image whose uploader, or a comment whose author (`className`
  /// `WallImageComment`), is no user, as `author` names them.
  package static func reportUnknownAuthor(
    _ author: StagedAuthor, of objectId: String, className: String,
    into report: inout ProblemReport
  ) {
    if className == "WallImageComment" {
      report.error(
        "\(className).json", className, objectId,
        "unknown author (\(author.description)); the comment is not shown",
        kind: "comments by unknown authors")
    } else {
      report.error(
        "\(className).json", className, objectId,
        "unknown uploader (\(author.description)); the image is not shown",
        kind: "images of unknown uploaders")
    }
  }

  /// Reports a comment on an image the export does not hold (or that is not shown).
  package static func reportMissingImage(
    _ imageID: String, of objectId: String, into report: inout ProblemReport
  ) {
    report.error(
      "WallImageComment.json", "WallImageComment", objectId,
      "comment on missing image \"\(imageID)\"; not shown", kind: "comments on missing images")
  }

  /// Resolves a Parse File value to `files/<name>`, else `files/<last component of url>`.
  ///
  /// Problems are reported; the image is then shown as a placeholder.
  mutating func readFile(
    _ object: ParseObject, field: String, file: String, className: String
  ) -> FileReference? {
    guard case .object(let value)? = object.fields[field], value["__type"]?.stringValue == "File"
    else {
      report.error(
        file, className, object.objectId,
        "field \"\(field)\" is not a Parse File; shown as a placeholder",
        kind: "images without a Parse File")
      return nil
    }
    let name = value["name"]?.stringValue ?? ""
    let fromURL = value["url"]?.stringValue.map(ExportPath.lastComponent(ofURL:)) ?? ""
    var unsafe: [String] = []
    for candidate in [name, fromURL] where !candidate.isEmpty {
      guard ExportPath.isSafeRelative(candidate) else {
        unsafe.append(candidate)
        continue
      }
      let path = "files/" + candidate
      if source.fileExists(path) {
        photoFiles.named += 1
        photoFiles.found += 1
        return FileReference(path: path, originalName: name.isEmpty ? candidate : name)
      }
    }
    let named = unsafe.isEmpty && !(name.isEmpty && fromURL.isEmpty)
    if named { photoFiles.named += 1 }
    if named && filesFolderIsUnfilled {
      // Then every photo misses its file: said once for the export, not once per photo.
      photosWithoutFilesFolder[file, default: 0] += 1
    } else if !unsafe.isEmpty {
      report.error(
        file, className, object.objectId,
        "file name \"\(unsafe[0])\" would leave files/; refused, shown as a placeholder",
        kind: "file names that would leave files/")
    } else if name.isEmpty && fromURL.isEmpty {
      report.error(
        file, className, object.objectId, "the File has no name or url; shown as a placeholder",
        kind: "Files without a name or url")
    } else {
      var tried: [String] = []
      for candidate in [name, fromURL]
      where !candidate.isEmpty && !tried.contains("files/\(candidate)") {
        tried.append("files/\(candidate)")
      }
      report.error(
        file, className, object.objectId,
        "missing file \(tried.map { "\"\($0)\"" }.joined(separator: " or ")); shown as a placeholder",
        kind: "missing files")
    }
    return nil
  }

  /// Reads `WallImageComment.json`.
  ///
  /// Run after both image classes.
  mutating func readComments() {
    forEachObject("WallImageComment") { session, object in
      session.readComment(object)
    }
  }

  private mutating func readComment(_ object: ParseObject) {
    let className = "WallImageComment"
    guard let imageID = commentImageID(object) else { return }
    guard dataset.images[imageID] != nil else {
      if let images = unreadableImage(imageID) {
        countFollowOn(className, "comment", "comments", refersTo: images)
        return
      }
      Self.reportMissingImage(imageID, of: object.objectId, into: &report)
      return
    }
    guard let authorID = resolveAuthor(of: object) else {
      if let users = unreadableUsers {
        countFollowOn(className, "comment", "comments", refersTo: users)
        return
      }
      Self.reportUnknownAuthor(
        Self.author(of: object), of: object.objectId, className: className, into: &report)
      return
    }
    guard let fields = readCommentFields(object) else { return }
    dataset.comments[object.objectId] = Comment(
      objectId: object.objectId, className: className, imageID: imageID,
      authorID: authorID, text: fields.text, createdAt: fields.createdAt, acl: fields.acl)
  }

  /// The objectId of a comment's image (`imageObjectId`, else a pointer `image`); nil,
  /// reported, when it has none: the comment is not shown.
  mutating func commentImageID(_ object: ParseObject) -> String? {
    guard let imageID = object.string("imageObjectId") ?? pointerID(object.fields["image"]) else {
      report.error(
        "WallImageComment.json", "WallImageComment", object.objectId,
        "has no imageObjectId; the comment is not shown", kind: "comments without an imageObjectId")
      return nil
    }
    return imageID
  }

  /// What a comment's row holds besides its image and author.
  ///
  /// Checked in this order: its `createdAt`, its text (a warning when it has none), its ACL;
  /// nil when `createdAt` is no ISO-8601 date (reported: the comment is not shown). The one
  /// reading of a comment row, for the whole import and the parts of a plan alike; it runs once
  /// its image and author are known.
  mutating func readCommentFields(_ object: ParseObject)
    -> (createdAt: Timestamp, text: String, acl: AccessControl?)?
  {
    let (className, file) = ("WallImageComment", "WallImageComment.json")
    guard let createdAt = object.timestamp("createdAt") else {
      report.error(
        file, className, object.objectId,
        "createdAt \(Self.quoted(object.fields["createdAt"])) is not an ISO-8601 date; the comment is not shown",
        kind: "comments without an ISO-8601 createdAt")
      return nil
    }
    let text = object.string("comment") ?? ""
    if text.isEmpty {
      report.warning(
        file, className, object.objectId, "the comment has no text", kind: "comments without text")
    }
    return (createdAt, text, readACL(of: object, file: file, className: className))
  }

  func pointerID(_ value: JSONValue?) -> String? {
    guard case .object(let pointer)? = value, pointer["__type"]?.stringValue == "Pointer" else {
      return nil
    }
    return pointer["objectId"]?.stringValue
  }

  private static func quoted(_ value: JSONValue?) -> String {
    guard let value else { return "(missing)" }
    if let text = value.stringValue { return "\"\(text)\"" }
    return "(\(value.kindDescription))"
  }
}
