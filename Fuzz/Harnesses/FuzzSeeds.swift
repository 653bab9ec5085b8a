import Foundation
import WallKit

/// The small seed inputs committed under `Fuzz/Seeds/<target>/`, made by our own code (never
/// copied from the shared testdata): `wallgen-fuzz seeds FOLDER` writes them.
public enum FuzzSeeds {
  /// The seeds of one harness, with file names.
  /// - Throws: when an encoder or the zip writer fails.
  public static func make(_ target: FuzzTarget) throws -> [(name: String, bytes: [UInt8])] {
    switch target {
    case .json: json.map { ($0.name, Array($0.text.utf8)) }
    case .zip: try zip()
    case .importer: [("export.bin", importer())]
    case .image: try images()
    case .http: http.map { ($0.name, [UInt8](repeating: 0, count: 1) + Array($0.text.utf8)) }
    }
  }

  static let user =
    #"{"objectId":"u1","username":"ada","name":"Ada","authData":{"facebook":{"id":"10"}},"ACL":{"*":{"read":true}},"createdAt":"2014-01-02T03:04:05.678Z"}"#
  static let user2 =
    #"{"objectId":"u2","username":"bo","name":"Bo","ACL":{"u2":{"read":true,"write":true}},"createdAt":"2014-01-03T03:04:05.678Z"}"#
  static let image =
    #"{"objectId":"i1","user":{"__type":"Pointer","className":"_User","objectId":"u1"},"image":{"__type":"File","name":"tfss-a.jpg","url":"http://files.parse.com/x/tfss-a.jpg"},"caption":"hi","createdAt":{"__type":"Date","iso":"2014-02-03T04:05:06.000Z"},"ACL":{"*":{"read":true}}}"#
  static let comment =
    #"{"objectId":"c1","image":{"__type":"Pointer","className":"WallImage","objectId":"i1"},"user":{"__type":"Pointer","className":"_User","objectId":"u2"},"comment":"nice","createdAt":"2014-02-04T00:00:00.000Z"}"#

  static let json: [(name: String, text: String)] = [
    ("results.json", #"{"results":[\#(user),\#(user2)]}"#),
    ("array.json", "[\(image),\(comment)]"),
    ("values.json", #"{"a":[1,-2.5e3,true,false,null,"\u00e9\n"],"a":{},"b":[[[]]]}"#),
    ("scalar.json", #" "text" "#),
    ("empty-results.json", #"{"results":[],"results":[1]}"#),
  ]

  static let http: [(name: String, text: String)] = [
    ("get.txt", "GET / HTTP/1.1\r\nHost: localhost:8000\r\n\r\n"),
    (
      "head-range.txt",
      "HEAD /assets/site.css HTTP/1.1\r\nHost: 127.0.0.1\r\nRange: bytes=2-5\r\n\r\n"
    ),
    (
      "etag.txt",
      "GET /walls/a/ HTTP/1.1\r\nHost: [::1]:8000\r\nIf-None-Match: W/\"x\", \"y\"\r\n\r\n"
    ),
    (
      "pipelined.txt",
      "\r\nGET /walls/a HTTP/1.0\r\n\r\nGET /media/a.jpg?x=%41 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    ),
    (
      "post.txt",
      "POST /../.wallgen/cache HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\n\r\nabc"
    ),
  ]

  static func importer() -> [UInt8] {
    let pieces = [
      #"{"results":[\#(user),\#(user2)]}"#,
      #"{"results":[\#(image)]}"#,
      #"{"results":[\#(comment)]}"#,
      #"{"results":[{"owningId":"u1","relatedId":"u2"},{"owningId":"u2","relatedId":"u1"}]}"#,
      #"{"results":[{"objectId":"r1","name":"admins"}]}"#,
      #"{"results":[{"owningId":"r1","relatedId":"u1"}]}"#,
      #"{"results":[]}"#,
      #"{"results":[]}"#,
      "tfss-a.jpg\n\u{FF}\u{D8}\u{FF}\u{D9}",
      "graph/10.json\n" + #"{"id":"10","name":"Ada","friends":{"data":[]}}"#,
    ]
    return Array(pieces.joined(separator: "\u{0}").utf8)
  }

  static func zip() throws -> [(name: String, bytes: [UInt8])] {
    let folder = ScratchFolder("seeds")
    let time = ZipTimestamp(dosDate: 0x4821, dosTime: 0x6000)
    var seeds: [(name: String, bytes: [UInt8])] = []
    for compression in [ZipCompression.stored, .deflated] {
      let path = "\(folder.path)/\(compression).zip"
      let writer = try ZipWriter(path: path)
      try writer.addDirectory(named: "files", modified: time)
      try writer.addFile(
        named: "_User.json", contents: Array(#"{"results":[]}"#.utf8), modified: time,
        compression: compression)
      try writer.addFile(
        named: "files/a.txt", contents: Array(repeating: 0x61, count: 300), modified: time,
        compression: compression)
      try writer.finish()
      let data = FileManager.default.contents(atPath: path) ?? Data()
      seeds.append(("\(compression).zip", Array(data)))
    }
    return seeds
  }

  static func images() throws -> [(name: String, bytes: [UInt8])] {
    var rgba = Bitmap(width: 9, height: 7, channels: 4)
    for index in 0..<(9 * 7) {
      rgba.pixels[index * 4] = UInt8(index * 4 % 256)
      rgba.pixels[index * 4 + 1] = UInt8(index * 9 % 256)
      rgba.pixels[index * 4 + 2] = 200
      rgba.pixels[index * 4 + 3] = index % 5 == 0 ? 100 : 255
    }
    let rgb = rgba.droppingAlpha()
    return [
      ("rgba.png", try PNGCodec.encode(rgba)),
      ("rgb.png", try PNGCodec.encode(rgb)),
      ("baseline.jpg", try JPEGCodec.encode(rgb, quality: 60, progressive: false)),
      ("progressive.jpg", try JPEGCodec.encode(rgb, quality: 60, progressive: true)),
    ]
  }
}
