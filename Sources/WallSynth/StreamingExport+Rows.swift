import WallKit

extension StreamingExport {
  /// An image's uploader, date and readers (nil: no ACL), made again from its number.
  struct ImageDraw {
    var uploader: Int
    var seconds: Int
    var readers: [String]?
  }

  /// Image `index`'s uploader, date and ACL.
  func image(_ index: Int) -> ImageDraw {
    var random = self.random(.image, index)
    let uploader = Int.random(in: 0..<users, using: &random)
    let span = max(1, imageCount / 2)  // coarse times, so that ties happen
    let seconds = Int.random(in: 0..<span, using: &random) * 60
    return ImageDraw(
      uploader: uploader, seconds: seconds, readers: readers(owner: uploader, using: &random))
  }

  /// About 1 in 5 objects carry an ACL: private to the owner, shared with one user or with a
  /// role, or public (`*`), in equal parts.
  private func readers(owner: Int, using random: inout SeededRandom) -> [String]? {
    switch Int.random(in: 0..<20, using: &random) {
    case 0: return ["u\(owner)"]
    case 1: return ["u\(owner)", "u\(Int.random(in: 0..<users, using: &random))"]
    case 2: return ["u\(owner)", "role:group\(Int.random(in: 0..<roleCount, using: &random))"]
    case 3: return ["*"]
    default: return nil
    }
  }

  func writeUsers(_ root: String, _ summary: inout Summary) throws(WriteError) {
    let file = try LineFileWriter.classFile(root + "/_User.json")
    let date = JSONValue.string(SyntheticExport.epoch)
    for user in 0..<users {
      var row: [String: JSONValue] = [
        "objectId": .string("u\(user)"), "username": .string("user-u\(user)"),
        "fbId": .string(facebookID(user)), "createdAt": date, "updatedAt": date,
      ]
      try file.row(JSONValue.object(row).serialized)
      if isFaulty(user, 1) {
        // A stray row without an objectId, after the user's (no friend row names it).
        row["objectId"] = nil
        row["username"] = .string("stray-\(user)")
        try file.row(JSONValue.object(row).serialized)
      }
    }
    try file.finish()
    summary.users = users
    summary.classFileBytes.append(("_User.json", file.bytes))
  }

  /// `_Role.json` and `_Join:users:_Role.json`: one role per 200 users, each with up to 200
  /// members drawn at random (`SyntheticExport` gives each role users / 50 members, which
  /// grows as the square of the users).
  func writeRoles(_ root: String, _ summary: inout Summary) throws(WriteError) {
    let roles = try LineFileWriter.classFile(root + "/_Role.json")
    let members = try LineFileWriter.classFile(root + "/_Join:users:_Role.json")
    let size = min(200, max(1, users / 50))
    for role in 0..<roleCount {
      try roles.row("{\"name\":\"group\(role)\",\"objectId\":\"role\(role)\"}")
      var random = self.random(.role, role)
      let drawn = Set((0..<size).map { _ in Int.random(in: 0..<users, using: &random) })
      for member in drawn.sorted() {
        try members.row("{\"owningId\":\"role\(role)\",\"relatedId\":\"u\(member)\"}")
      }
    }
    try roles.finish()
    try members.finish()
    summary.roles = roles.rows
    summary.roleRows = members.rows
    summary.classFileBytes.append(("_Role.json", roles.bytes))
    summary.classFileBytes.append(("_Join:users:_Role.json", members.bytes))
  }

  func writeImages(_ root: String, _ summary: inout Summary) throws(WriteError) {
    let file = try LineFileWriter.classFile(root + "/WallImage.json")
    for index in 0..<imageCount {
      let draw = image(index)
      let name = "tfss-\(index)-img"
      var fields: [String: JSONValue] = [
        "objectId": .string("img\(index)"),
        "image": [
          "__type": "File", "name": .string(name),
          "url": .string("http://files.parsetfss.com/synth/\(name)"),
        ],
        "userFBId": .string(facebookID(draw.uploader)), "user": .string("user-u\(draw.uploader)"),
        "createdAt": date(draw.seconds), "updatedAt": date(draw.seconds),
      ]
      if let readers = draw.readers {
        fields["ACL"] = SyntheticExport.acl(readers)
        summary.imagesWithACL += 1
      }
      if isFaulty(index, 1) {
        fields["image"] = ["__type": "File", "name": .string("missing-\(index)")]
      }
      if isFaulty(index, 2) { fields["createdAt"] = "not a date" }
      try file.row(JSONValue.object(fields).serialized)
    }
    try file.finish()
    summary.images = file.rows
    summary.classFileBytes.append(("WallImage.json", file.bytes))
  }

  func writeComments(_ root: String, _ summary: inout Summary) throws(WriteError) {
    let file = try LineFileWriter.classFile(root + "/WallImageComment.json")
    for index in 0..<commentCount {
      var random = self.random(.comment, index)
      let image = Int.random(in: 0..<imageCount, using: &random)
      let author = Int.random(in: 0..<users, using: &random)
      let seconds = self.image(image).seconds + Int.random(in: 0..<600, using: &random) * 60
      var fields: [String: JSONValue] = [
        "objectId": .string("cmt\(index)"), "imageObjectId": .string("img\(image)"),
        "comment": .string(SyntheticNames.sentence(index)),
        "userFBId": .string(facebookID(author)), "user": .string("user-u\(author)"),
        "createdAt": date(seconds), "updatedAt": date(seconds),
      ]
      if let readers = readers(owner: author, using: &random) {
        fields["ACL"] = SyntheticExport.acl(readers)
      }
      if isFaulty(index, 1) { fields["objectId"] = nil }
      if isFaulty(index, 2) { fields["imageObjectId"] = .string("gone\(index)") }
      if isFaulty(index, 3) { fields["createdAt"] = "not a date" }
      try file.row(JSONValue.object(fields).serialized)
    }
    try file.finish()
    summary.comments = file.rows
    summary.classFileBytes.append(("WallImageComment.json", file.bytes))
  }

  /// One small JPEG per image (`SyntheticPicture`), each different.
  func writeImageFiles(_ root: String, _ summary: inout Summary) throws(WriteError) {
    for index in 0..<imageCount {
      let path = "\(root)/files/tfss-\(index)-img"
      let bytes: [UInt8]
      do {
        bytes = try SyntheticPicture.jpeg(index: index, width: width, height: height)
      } catch {
        throw WriteError(path: path, reason: "cannot encode the picture: \(error)")
      }
      try LineFileWriter.writeWhole(bytes, to: path)
      summary.imageBytes += bytes.count
    }
  }

  private func date(_ seconds: Int) -> JSONValue {
    let base = Timestamp(iso8601: SyntheticExport.epoch)?.millisecondsSince1970 ?? 0
    return .string(ISOFormat.string(Timestamp(millisecondsSince1970: base + Int64(seconds) * 1000)))
  }
}
