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
        session.report.error(
          "\(className).json", className, object.objectId,
          "objectId is also a WallImage's; the WallImage is kept",
          kind: "objectIds that are also a WallImage's")
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

  private mutating func readImage(_ object: ParseObject, className: String) -> WallImage? {
    let file = className + ".json"
    guard let uploaderID = resolveAuthor(of: object) else {
      if let users = unreadableUsers {
        lostImages.insert(object.objectId)
        countFollowOn(className, "image", "images", refersTo: users)
        return nil
      }
      report.error(
        file, className, object.objectId,
        "unknown uploader (\(Self.describeAuthor(of: object))); the image is not shown",
        kind: "images of unknown uploaders")
      return nil
    }
    guard let createdAt = object.timestamp("createdAt") else {
      report.error(
        file, className, object.objectId,
        "createdAt \(Self.quoted(object.fields["createdAt"])) is not an ISO-8601 date; the image is not shown",
        kind: "images without an ISO-8601 createdAt")
      return nil
    }
    let acl = readACL(of: object, file: file, className: className)
    return WallImage(
      objectId: object.objectId, className: className, uploaderID: uploaderID,
      file: readFile(object, field: "image", file: file, className: className),
      createdAt: createdAt, acl: acl)
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
    let file = className + ".json"
    guard let imageID = object.string("imageObjectId") ?? pointerID(object.fields["image"]) else {
      report.error(
        file, className, object.objectId, "has no imageObjectId; the comment is not shown",
        kind: "comments without an imageObjectId")
      return
    }
    guard dataset.images[imageID] != nil else {
      if let images = unreadableImage(imageID) {
        countFollowOn(className, "comment", "comments", refersTo: images)
        return
      }
      report.error(
        file, className, object.objectId, "comment on missing image \"\(imageID)\"; not shown",
        kind: "comments on missing images")
      return
    }
    guard let authorID = resolveAuthor(of: object) else {
      if let users = unreadableUsers {
        countFollowOn(className, "comment", "comments", refersTo: users)
        return
      }
      report.error(
        file, className, object.objectId,
        "unknown author (\(Self.describeAuthor(of: object))); the comment is not shown",
        kind: "comments by unknown authors")
      return
    }
    guard let createdAt = object.timestamp("createdAt") else {
      report.error(
        file, className, object.objectId,
        "createdAt \(Self.quoted(object.fields["createdAt"])) is not an ISO-8601 date; the comment is not shown",
        kind: "comments without an ISO-8601 createdAt")
      return
    }
    let text = object.string("comment") ?? ""
    if text.isEmpty {
      report.warning(
        file, className, object.objectId, "the comment has no text", kind: "comments without text")
    }
    dataset.comments[object.objectId] = Comment(
      objectId: object.objectId, className: className, imageID: imageID, authorID: authorID,
      text: text, createdAt: createdAt,
      acl: readACL(of: object, file: file, className: className))
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
