import WallReport

extension WallIndex {
  /// Reports, as warnings, the images no user may see and the comments no user who sees their
  /// image may read, so that nothing of the export is lost silently.
  ///
  /// An image is on the wall of each user who has its uploader among themselves and their friends
  /// and whom its ACL lets read it; a comment is shown on such a wall when its ACL lets the wall's
  /// owner read it too. A public image is always on its uploader's wall, and a public comment on
  /// every wall that shows its image, so only the others need looking at.
  /// - Parameter report: Receives one warning per unseen image or comment.
  public func reportUnseen(into report: inout ProblemReport) {
    let viewers = viewersByUploader()
    for image in images {
      let restricted = allComments(on: image.objectId).filter { !$0.acl.grantsPublicRead }
      if image.acl.grantsPublicRead, restricted.isEmpty, userPosition[image.uploaderID] != nil {
        continue  // on its uploader's wall, with every comment
      }
      let walls = wallOwners(of: image, viewers: viewers)
      guard !walls.isEmpty else {
        report.warning(
          "\(image.className).json", image.className, image.objectId,
          "no user may see this image (its ACL grants none of the uploader's friends); it is on no wall",
          kind: "images no user may see")
        continue
      }
      for comment in restricted {
        let readable = walls.contains { owner in
          comment.acl.grantsRead(to: users[owner].objectId, roles: roleNames[owner])
        }
        if !readable {
          report.warning(
            "\(comment.className).json", comment.className, comment.objectId,
            "no user who sees its image may read this comment; it is on no wall",
            kind: "comments no user who sees their image may read")
        }
      }
    }
  }

  /// The images on at least one wall, newest first: the only ones whose files a build may publish.
  ///
  /// An image no user may see is in no page, so its file is in no folder of the site.
  public func shownImages() -> [WallImage] {
    var viewers: [[Int32]]?
    return images.filter { image in
      guard let uploader = userPosition[image.uploaderID] else { return false }
      if image.acl.grantsPublicRead { return true }  // at least on its uploader's wall
      if viewers == nil { viewers = viewersByUploader() }
      return viewers.map { wallOwners(of: image, viewers: $0, uploader: uploader) }?.isEmpty
        == false
    }
  }

  /// For each user position, the positions of the users whose walls may show their uploads: those
  /// who list them among themselves and their friends (the inverse of `sources`).
  private func viewersByUploader() -> [[Int32]] {
    var viewers = [[Int32]](repeating: [], count: users.count)
    for (owner, list) in sources.enumerated() {
      for source in Set(list) { viewers[Int(source)].append(Int32(owner)) }
    }
    return viewers
  }

  /// The positions of the users whose walls show `image`.
  private func wallOwners(of image: WallImage, viewers: [[Int32]]) -> [Int] {
    guard let uploader = userPosition[image.uploaderID] else { return [] }
    return wallOwners(of: image, viewers: viewers, uploader: uploader)
  }

  /// The positions of the users whose walls show `image`, uploaded by the user at `uploader`.
  private func wallOwners(of image: WallImage, viewers: [[Int32]], uploader: Int) -> [Int] {
    if image.acl.grantsPublicRead { return viewers[uploader].map { Int($0) } }
    return viewers[uploader].lazy.map { Int($0) }.filter { owner in
      image.acl.grantsRead(to: users[owner].objectId, roles: roleNames[owner])
    }
  }
}
