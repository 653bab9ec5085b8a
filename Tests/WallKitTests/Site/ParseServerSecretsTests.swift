import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// Parse Server keeps password hashes, session and e-mail tokens and OAuth access tokens in the
/// same documents as the fields walls need; none of them may reach anything a build writes.
@Suite(.fullTier) struct ParseServerSecretsTests {
  /// The planted values, each a field Parse Server stores.
  static let secrets = [
    "HASHED-PASSWORD-1", "SESSION-TOKEN-1", "EMAIL-VERIFY-TOKEN-1", "PERISHABLE-TOKEN-1",
    "FB-ACCESS-TOKEN-1", "PASSWORD-HISTORY-1", "APP-ACCESS-TOKEN-1", "AUTH-TOKEN-1",
    "secret-mail@example.com",
  ]

  func writeExport(at root: String) throws {
    let user =
      #"{"_id":"uA","username":"ann","email":"secret-mail@example.com","_created_at":{"$date":"2014-01-01T00:00:00.000Z"},"#
      + #""_hashed_password":"HASHED-PASSWORD-1","_session_token":"SESSION-TOKEN-1","#
      + #""_email_verify_token":"EMAIL-VERIFY-TOKEN-1","_perishable_token":"PERISHABLE-TOKEN-1","#
      + #""_password_history":["PASSWORD-HISTORY-1"],"appAccessToken":"APP-ACCESS-TOKEN-1","#
      + #""_auth_data_facebook":{"id":"1","access_token":"FB-ACCESS-TOKEN-1","authToken":"AUTH-TOKEN-1"}}"#
    let files: [String: String] = [
      "_User.json": user + "\n" + #"{"_id":"uB","username":"bob","fbId":"2"}"# + "\n",
      "_SCHEMA.json": #"{"_id":"WallImage","image":"file","user":"*_User"}"# + "\n",
      "WallImage.json":
        #"{"_id":"i1","image":"a.jpg","_p_user":"_User$uA","_created_at":{"$date":"2014-01-01T00:01:00Z"}}"#
        + "\n",
      "_Session.json": #"{"_id":"s1","_session_token":"SESSION-TOKEN-1","_p_user":"_User$uA"}"#
        + "\n",
      "_Join:friends:_User.json":
        #"{"_id":{"$oid":"5f0000000000000000000001"},"owningId":"uB","relatedId":"uA"}"#
        + "\n",
    ]
    try FileSystem.createDirectory(root)
    for (name, text) in files { try FileSystem.writeAtomically(text, to: "\(root)/\(name)") }
    try FileSystem.createDirectory("\(root)/files")
    try FileSystem.writeAtomically(
      try ImageFixtures.gradientJPEG(width: 4, height: 4), to: "\(root)/files/a.jpg")
  }

  @Test("no token, hash or e-mail of a Parse Server export reaches the dataset, a site or a report")
  func noSecretLeaves() throws {
    let folder = try TemporaryDirectory("parse-server-secrets")
    let export = folder.url("export")
    try writeExport(at: export)
    let imported = try ExportImporter.load(export)
    #expect(imported.layout == .parseServer)
    #expect(imported.dataset.users["uA"]?.facebookID == "1")
    #expect(imported.dataset.images["i1"]?.uploaderID == "uA")
    let dump = "\(imported.dataset) \(imported.report.sorted)"
    #expect(Self.secrets.filter { dump.contains($0) } == [])
    let out = folder.url("out")
    try FileSystem.createDirectory(out)
    try FileSystem.writeAtomically("0123456789abcdef0123456789abcdef", to: folder.url("secret"))
    for arguments in [
      ["build", export, "-o", "\(out)/public", "--report", "\(out)/public.jsonl"],
      [
        "build", export, "-o", "\(out)/private", "--private", "--secret-file", folder.url("secret"),
        "--urls-file", "\(out)/urls.tsv", "--report", "\(out)/private.jsonl",
      ],
      ["archive", export, "--all", "-o", "\(out)/archive"],
    ] {
      let captured = CapturedConsole()
      _ = WallCLI.run(arguments, console: captured.console)
      let printed = (captured.out + captured.err).joined(separator: "\n")
      #expect(Self.secrets.filter { printed.contains($0) } == [], "\(arguments[0])")
    }
    let written = SiteTree.files(in: out)
    #expect(written.contains("public/index.html"))
    #expect(written.count > 5)
    for file in written {
      let text = String(
        decoding: try FileSystem.readFile("\(out)/\(file)", limit: 1 << 26), as: UTF8.self)
      #expect(Self.secrets.filter { text.contains($0) } == [], "\(file)")
    }
  }
}
