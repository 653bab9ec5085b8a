import WallJSON
import WallModel
import WallReport

extension ImportSession {
  /// The layout the export's class files show: Parse Server's when they show only that one,
  /// else Parse.com's (also for an export whose files show none, or, with an error, both).
  var layout: ExportLayout {
    layoutFiles[.parseCom, default: []].isEmpty && !layoutFiles[.parseServer, default: []].isEmpty
      ? .parseServer : .parseCom
  }

  /// Remembers that `file` is laid out as `layout`.
  mutating func noteLayout(_ layout: ExportLayout, of file: String) {
    if !layoutFiles[layout, default: []].contains(file) {
      layoutFiles[layout, default: []].append(file)
    }
  }

  /// Reads `_SCHEMA.json`, Parse Server's field types, before any class file.
  ///
  /// It says which fields hold a File's bare name. Its `_id` is the class name; its documents
  /// are read as they are (`transformed` leaves them).
  mutating func readSchema() {
    var schema = ParseServerSchema()
    let found = forEachRow("_SCHEMA") { session, row, place in
      guard let className = row["_id"]?.stringValue, let fields = row.objectValue else {
        session.report.error(
          "_SCHEMA.json", "_SCHEMA", "",
          "\(place.label("entry")) has no string \(place.idKey) naming its class; it is not read",
          kind: "_SCHEMA documents without a class name")
        return
      }
      schema.add(className: className, document: fields)
    }
    if found { self.schema = schema }
  }

  /// Warns once when a Parse Server export has no `_SCHEMA.json`: its File fields are then told
  /// by the rule of `ParseServerDocument.fileFieldsWithoutSchema`.
  mutating func reportMissingSchema() {
    guard layout == .parseServer, schema == nil else { return }
    report.warning(
      "_SCHEMA.json", "_SCHEMA", "",
      "the Parse Server export has no _SCHEMA.json, so field types are not known: a string in "
        + "\"image\" of WallImage and WallImageObject is read as a file name, other strings as text",
      kind: "Parse Server exports without _SCHEMA.json")
  }

  /// The row in Parse.com's form: a Parse Server document transformed; a Parse.com row that
  /// kept Parse Server's `_rperm`, `_wperm` or `_acl` (a hand-converted export) with them read
  /// as its `ACL` (`ParseServerDocument.permissions`); anything else (and `_SCHEMA`'s
  /// documents, which describe classes) as it is.
  ///
  /// What is wrong with the document's fields is reported, naming its place in the file.
  mutating func transformed(_ row: JSONValue, _ className: String, _ place: RowPlace) -> JSONValue {
    guard className != "_SCHEMA", let members = row.objectValue else { return row }
    guard place.layout == .parseServer else {
      return keptPermissions(members, className, place).map(JSONValue.object) ?? row
    }
    let document = ParseServerDocument(members, className: className, schema: schema)
    report(document.findings, className, document.fields["objectId"]?.stringValue ?? "", place)
    return .object(document.fields)
  }

  /// A Parse.com row's fields with its `_rperm`, `_wperm` and `_acl` read into its `ACL`; nil
  /// when it has none of them.
  ///
  /// When the row has an `ACL` too, the object is shown only to whom both grant read (`*`
  /// standing for everyone), and a disagreement is a warning: neither may widen the other.
  private mutating func keptPermissions(
    _ members: [String: JSONValue], _ className: String, _ place: RowPlace
  ) -> [String: JSONValue]? {
    let keys = ["_rperm", "_wperm", "_acl"]
    guard keys.contains(where: { members[$0] != nil }) else { return nil }
    let objectId = members["objectId"]?.stringValue ?? ""
    var (permissions, findings) = ParseServerDocument.permissions(members)
    var fields = members
    for key in keys { fields[key] = nil }
    if let own = fields["ACL"], own != .null, let granted = permissions {
      if let both = AccessControl.bothGrantingRead(own, granted) {
        if !both.agree {
          findings.append(
            .init(
              isError: false,
              reason:
                "its ACL and _rperm disagree on who may read; only whom both grant is shown it",
              kind: "objects whose ACL and _rperm disagree"))
        }
        permissions = both.value
      } else {
        permissions = own
      }
    }
    fields["ACL"] = permissions
    report(findings, className, objectId, place)
    return fields
  }

  /// Reports what was wrong with the permission or other fields of the row at `place`.
  private mutating func report(
    _ findings: [ParseServerDocument.Finding], _ className: String, _ objectId: String,
    _ place: RowPlace
  ) {
    for finding in findings {
      let reason = "\(place.label("entry")): \(finding.reason)"
      if finding.isError {
        report.error(className + ".json", className, objectId, reason, kind: finding.kind)
      } else {
        report.warning(className + ".json", className, objectId, reason, kind: finding.kind)
      }
    }
  }

  /// The error of an export whose class files mix both layouts, naming the files of each.
  mutating func mixedLayoutFailure() -> ImportError? {
    let parseCom = layoutFiles[.parseCom, default: []].sorted()
    let parseServer = layoutFiles[.parseServer, default: []].sorted()
    guard !parseCom.isEmpty, !parseServer.isEmpty else { return nil }
    let error = ImportError.mixedLayouts(parseCom: parseCom, parseServer: parseServer)
    report.error(parseServer[0], "", "", error.reason)
    return error
  }
}
