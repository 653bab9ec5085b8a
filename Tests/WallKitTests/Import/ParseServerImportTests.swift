import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// Each storage rule of Parse Server (`MongoTransform.js`) as the import reads it from
/// `mongoexport` files, written here by hand, line by line.
@Suite(.fullTier) struct ParseServerImportTests {
  /// Two users, as `mongoexport` writes Parse Server's `_User`.
  static let users = [
    #"{"_id":"uA","username":"ann","_created_at":{"$date":"2014-01-01T00:00:00.000Z"},"_auth_data_facebook":{"id":"1","access_token":"TOKEN-A"},"_hashed_password":"$2a$10$A"}"#,
    #"{"_id":"uB","username":"bob","fbId":{"$numberLong":"2"},"_created_at":{"$date":{"$numberLong":"1388534400000"}}}"#,
  ]

  /// `_SCHEMA` saying that `image` holds a File and `user`, `image` are pointers.
  static let schema = [
    #"{"_id":"WallImage","objectId":"string","image":"file","user":"*_User","_metadata":{}}"#,
    #"{"_id":"WallImageComment","objectId":"string","image":"*WallImage","comment":"string"}"#,
  ]

  /// Writes `files` (name → lines) into a fresh export folder, with a tiny `files/a.jpg`.
  func export(_ files: [String: [String]]) throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory("parse-server")
    for (name, lines) in files {
      try FileSystem.writeAtomically(lines.map { $0 + "\n" }.joined(), to: folder.url(name))
    }
    try FileSystem.createDirectory(folder.url("files"))
    try FileSystem.writeAtomically(
      try ImageFixtures.gradientJPEG(width: 4, height: 4), to: folder.url("files/a.jpg"))
    return folder
  }

  /// An image row of user `uA` created at `date` (an Extended JSON value).
  static func image(
    _ id: String, _ extra: String = "", date: String = #"{"$date":"2014-01-01T00:01:40.000Z"}"#
  )
    -> String
  {
    #"{"_id":"\#(id)","image":"a.jpg","_p_user":"_User$uA","_created_at":\#(date)\#(extra)}"#
  }

  @Test(
    "documents per line are read as a Parse Server export: ids, dates, pointers, files, authData")
  func basics() throws {
    let folder = try export([
      "_User.json": Self.users, "_SCHEMA.json": Self.schema,
      "WallImage.json": [Self.image("i1")],
      "WallImageComment.json": [
        #"{"_id":"c1","comment":"hi","userFBId":{"$numberInt":"2"},"_p_image":"WallImage$i1","_created_at":{"$date":"2014-01-01T00:02:00Z"}}"#
      ],
    ])
    let result = try ExportImporter.load(folder.path)
    #expect(result.report.sorted.map(\.description) == [])
    #expect(result.layout == .parseServer)
    #expect(result.failure == nil)
    let dataset = result.dataset
    #expect(dataset.users["uA"]?.facebookID == "1")
    #expect(dataset.users["uB"]?.facebookID == "2")
    #expect(dataset.images["i1"]?.uploaderID == "uA")
    #expect(dataset.images["i1"]?.file?.path == "files/a.jpg")
    #expect(dataset.images["i1"]?.createdAt == Timestamp(iso8601: "2014-01-01T00:01:40.000Z"))
    #expect(dataset.images["i1"]?.acl == nil)
    #expect(dataset.comments["c1"]?.imageID == "i1")
    #expect(dataset.comments["c1"]?.authorID == "uB")
    #expect(dataset.comments["c1"]?.createdAt == Timestamp(iso8601: "2014-01-01T00:02:00.000Z"))
  }

  @Test("dates: relaxed, canonical, legacy milliseconds and an offset all give the same time")
  func dates() throws {
    let dates = [
      #"{"$date":"2014-01-01T00:01:40.000Z"}"#, #"{"$date":{"$numberLong":"1388534500000"}}"#,
      #"{"$date":1388534500000}"#, #"{"$date":"2014-01-01T01:01:40+01:00"}"#,
      #"{"$date":"2014-01-01T00:01:40Z"}"#,
    ]
    let folder = try export([
      "_User.json": Self.users, "_SCHEMA.json": Self.schema,
      "WallImage.json": dates.enumerated().map { Self.image("i\($0.offset)", date: $0.element) },
    ])
    let result = try ExportImporter.load(folder.path)
    #expect(result.report.sorted.map(\.description) == [])
    let expected = Timestamp(iso8601: "2014-01-01T00:01:40.000Z")
    #expect(result.dataset.images.count == dates.count)
    #expect(result.dataset.images.values.allSatisfy { $0.createdAt == expected })
  }

  @Test("ACLs: _rperm grants read, a missing _rperm is public, _acl is read without _rperm")
  func acls() throws {
    let folder = try export([
      "_User.json": Self.users, "_SCHEMA.json": Self.schema,
      "WallImage.json": [
        Self.image("iStar", #","_rperm":["*"],"_wperm":["uA"]"#),
        Self.image("iUser", #","_rperm":["uA","role:family"],"_wperm":["uA"]"#),
        Self.image("iNobody", #","_rperm":[],"_wperm":["uA"]"#),
        Self.image("iWriteOnly", #","_wperm":["uA"]"#),
        Self.image("iLegacy", #","_acl":{"uB":{"r":true},"uA":{"w":true}}"#),
        Self.image("iDisagree", #","_rperm":["uA"],"_acl":{"uB":{"r":true}}"#),
        Self.image("iBad", #","_rperm":"uA""#),
      ],
    ])
    let result = try ExportImporter.load(folder.path)
    let images = result.dataset.images
    #expect(images["iStar"]?.acl == AccessControl(isPublic: true))
    #expect(images["iUser"]?.acl == AccessControl(users: ["uA"], roles: ["family"]))
    #expect(images["iNobody"]?.acl == AccessControl())
    #expect(images["iWriteOnly"]?.acl == nil)
    #expect(images["iLegacy"]?.acl == AccessControl(users: ["uB"]))
    #expect(images["iDisagree"]?.acl == AccessControl(users: ["uA"]))
    #expect(images["iBad"]?.acl == AccessControl())
    #expect(
      result.report.sorted.map(\.description) == [
        "WallImage.json: WallImage iBad: line 7: _rperm is \"uA\", not an array of strings; nobody is shown the object",
        "WallImage.json: WallImage iDisagree: warning: line 6: _rperm and _acl disagree on who may read; _rperm is used, as Parse Server does",
      ])
  }

  @Test("relations and roles come from the _Join collections, whose own _id is not read")
  func joins() throws {
    let folder = try export([
      "_User.json": Self.users + [#"{"_id":"uC","username":"cat"}"#],
      "_SCHEMA.json": Self.schema,
      "WallImage.json": [Self.image("i1", #","_rperm":["role:club"]"#)],
      "_Join:friends:_User.json": [
        #"{"_id":{"$oid":"5f0000000000000000000001"},"owningId":"uA","relatedId":"uB"}"#,
        #"{"_id":{"$oid":"5f0000000000000000000002"},"owningId":"uB","relatedId":"uA"}"#,
      ],
      "_Role.json": [#"{"_id":"r1","name":"club"}"#, #"{"_id":"r2","name":"family"}"#],
      "_Join:users:_Role.json": [
        #"{"_id":{"$oid":"5f0000000000000000000003"},"owningId":"r2","relatedId":"uC"}"#
      ],
      "_Join:roles:_Role.json": [
        #"{"_id":{"$oid":"5f0000000000000000000004"},"owningId":"r1","relatedId":"r2"}"#
      ],
    ])
    let result = try ExportImporter.load(folder.path)
    #expect(result.report.sorted.map(\.description) == [])
    #expect(result.dataset.friends["uA"] == ["uB"])
    #expect(result.dataset.friends["uB"] == ["uA"])
    #expect(result.dataset.roles["uC"] == ["club", "family"])
  }

  @Test("--jsonArray output reads the same as documents per line")
  func jsonArray() throws {
    let lines = [
      "_User.json": Self.users, "_SCHEMA.json": Self.schema,
      "WallImage.json": [Self.image("i1", #","_rperm":["uA"]"#), Self.image("i2")],
    ]
    let perLineFolder = try export(lines)
    let arrayFolder = try export(lines.mapValues { ["[" + $0.joined(separator: ",\n") + "]"] })
    let perLine = try ExportImporter.load(perLineFolder.path)
    let asArrays = try ExportImporter.load(arrayFolder.path)
    #expect(asArrays.report.sorted.map(\.description) == [])
    #expect(asArrays.layout == .parseServer)
    #expect(asArrays.dataset.users == perLine.dataset.users)
    #expect(asArrays.dataset.images == perLine.dataset.images)
    #expect(perLine.dataset.images.count == 2)
  }

  @Test("files: _SCHEMA decides; without it, only WallImage's image is a file name, with a warning")
  func files() throws {
    let withoutFolder = try export(["_User.json": Self.users, "WallImage.json": [Self.image("i1")]])
    let withoutSchema = try ExportImporter.load(withoutFolder.path)
    #expect(withoutSchema.dataset.images["i1"]?.file?.path == "files/a.jpg")
    #expect(
      withoutSchema.report.sorted.map(\.description) == [
        "_SCHEMA.json: _SCHEMA: warning: the Parse Server export has no _SCHEMA.json, so field types are not known: a string in \"image\" of WallImage and WallImageObject is read as a file name, other strings as text"
      ])
    let stringFolder = try export([
      "_User.json": Self.users, "WallImage.json": [Self.image("i1")],
      "_SCHEMA.json": [#"{"_id":"WallImage","image":"string","user":"*_User"}"#],
    ])
    let stringSchema = try ExportImporter.load(stringFolder.path)
    #expect(stringSchema.dataset.images["i1"]?.file == nil)
    #expect(
      stringSchema.report.sorted.map(\.description) == [
        "WallImage.json: WallImage i1: field \"image\" is not a Parse File; shown as a placeholder"
      ])
  }

  @Test(
    "pointers: a malformed one or one to another class than _SCHEMA says is reported and not read")
  func pointers() throws {
    let folder = try export([
      "_User.json": Self.users, "_SCHEMA.json": Self.schema,
      "WallImage.json": [Self.image("i1")],
      "WallImageComment.json": [
        #"{"_id":"c1","comment":"a","userFBId":"1","_p_image":"i1","_created_at":{"$date":"2014-01-01T00:02:00Z"}}"#,
        #"{"_id":"c2","comment":"b","userFBId":"1","_p_image":"_User$i1","_created_at":{"$date":"2014-01-01T00:02:00Z"}}"#,
      ],
    ])
    let result = try ExportImporter.load(folder.path)
    #expect(
      result.report.sorted.map(\.description) == [
        "WallImageComment.json: WallImageComment c1: has no imageObjectId; the comment is not shown",
        "WallImageComment.json: WallImageComment c1: line 1: pointer \"_p_image\" is \"i1\", not \"<Class>$<objectId>\"; the field is not read",
        "WallImageComment.json: WallImageComment c2: has no imageObjectId; the comment is not shown",
        "WallImageComment.json: WallImageComment c2: line 2: pointer \"_p_image\" names class \"_User\", but _SCHEMA gives the field the type \"*WallImage\"; the field is not read",
      ])
  }

  @Test("a bad line is reported with its line and reason and skipped; the other lines are read")
  func badLines() throws {
    let folder = try export([
      "_User.json": Self.users, "_SCHEMA.json": Self.schema,
      "WallImage.json": [
        Self.image("i1"), #"{"_id":"i2","image":"a.jpg",}"#, "42", "", #"{"image":"a.jpg"}"#,
        Self.image("i1"), Self.image("i3"),
      ],
    ])
    let result = try ExportImporter.load(folder.path)
    #expect(result.failure == nil)
    #expect(result.dataset.images.keys.sorted() == ["i1", "i3"])
    #expect(
      result.report.sorted.map(\.description) == [
        "WallImage.json: WallImage: line 2 is not valid JSON (column 29: trailing comma in object); it is not read",
        "WallImage.json: WallImage: line 3 is a number, not an object",
        "WallImage.json: WallImage: line 5 has no string _id",
        "WallImage.json: WallImage i1: duplicate _id; the first one is kept",
      ])
  }

  @Test("a class file that is not JSON lines at all is unreadable: nothing is built (exit 1)")
  func notJSONLines() throws {
    let folder = try export([
      "_User.json": Self.users, "_SCHEMA.json": Self.schema,
      "WallImage.json": ["{", #""_id": "i1""#, "}", "{", #""_id": "i2""#, "}"],
    ])
    let result = try ExportImporter.load(folder.path)
    let problem = Problem(
      .error, file: "WallImage.json", className: "WallImage",
      reason: "invalid JSON at line 4, column 1: unexpected trailing content in the JSON input")
    #expect(result.failure == .unreadableClassFiles(problems: [problem]), "\(result.report.sorted)")
    let output = try TemporaryDirectory("parse-server-site")
    let captured = CapturedConsole()
    let code = WallCLI.run(
      ["build", folder.path, "-o", output.url("site")], console: captured.console)
    #expect(code == .failure)
    #expect(FileSystem.kind(of: output.url("site/index.html")) == .missing)
  }

  @Test("class files of both layouts are an error naming the files of each")
  func mixed() throws {
    let folder = try export(["_User.json": Self.users, "_SCHEMA.json": Self.schema])
    let writer = try ExportWriter(root: folder.path)
    try writer.writeClass(
      "WallImage",
      [ParseFixtures.image("i1", uploaderFBId: "1", username: "ann", fileName: "a.jpg", at: 1)])
    let result = try ExportImporter.load(folder.path)
    #expect(
      result.failure
        == .mixedLayouts(parseCom: ["WallImage.json"], parseServer: ["_SCHEMA.json", "_User.json"]))
    #expect(
      result.failure?.reason
        == "the class files mix two layouts: WallImage.json is in the form of a Parse.com export, _SCHEMA.json and _User.json are in the form of a Parse Server database export (mongoexport); nothing is built from this export"
    )
  }

  @Test("check says which layout it read")
  func checkSaysLayout() throws {
    let folder = try export([
      "_User.json": Self.users, "_SCHEMA.json": Self.schema, "WallImage.json": [Self.image("i1")],
      "WallImageComment.json": [],
    ])
    let captured = CapturedConsole()
    #expect(WallCLI.run(["check", folder.path], console: captured.console) == .success)
    #expect(
      captured.out == [
        "\(folder.path): 0 errors, 0 warnings; read 2 users, 1 image, 0 comments from a Parse Server database export (mongoexport)"
      ])
  }
}
