import WallJSON
import WallModel

/// One document of a Parse Server collection, turned into the object Parse.com's export holds
/// for it, following Parse Server's own reading (`mongoObjectToParseObject` in
/// `src/Adapters/Storage/Mongo/MongoTransform.js`, `untransformObjectACL` in
/// `DatabaseController.js`): everything after the import reads it as it reads a Parse.com row.
///
/// Secret fields (`_hashed_password`, `_session_token`, `_email_verify_token`,
/// `_perishable_token`, every other `_` field of Parse Server's own, `email`, any field whose
/// name holds "token", "password" or "secret", and everything of `_auth_data_<provider>` but its `id`) are
/// dropped here, so they never outlive the parsed line.
struct ParseServerDocument {
  /// Something wrong with one field, found while transforming.
  struct Finding: Equatable {
    var isError: Bool
    var reason: String
    var kind: String
  }

  /// The object in Parse.com's form.
  private(set) var fields: [String: JSONValue] = [:]
  /// What was wrong with it.
  private(set) var findings: [Finding] = []

  /// The classes and fields read as Files when `_SCHEMA` does not list the class: the only
  /// Files wallgen reads.
  static let fileFieldsWithoutSchema: [String: String] = [
    "WallImage": "image", "WallImageObject": "image",
  ]

  /// Transforms `document`, a row of `className`'s collection.
  /// - Parameters:
  ///   - document: The members of the document as parsed.
  ///   - className: The collection's name (`_User`, `WallImage`, `_Join:friends:_User`).
  ///   - schema: `_SCHEMA`, when the export has one.
  init(_ document: [String: JSONValue], className: String, schema: ParseServerSchema?) {
    let isJoin = className.hasPrefix("_Join:")
    for (key, value) in document {
      switch key {
      case "_id":
        // A join row's `_id` is MongoDB's own ObjectId; Parse.com's rows had none.
        if !isJoin, let id = ExtendedJSON.identifier(value) { fields["objectId"] = .string(id) }
      case "objectId": continue  // `_id` is the objectId
      case "_created_at", "createdAt": fields["createdAt"] = Self.time(value)
      case "_updated_at", "updatedAt": fields["updatedAt"] = Self.time(value)
      case "_rperm", "_wperm", "_acl": continue
      case "authData" where className == "_User": continue  // Parse Server ignores it too.
      default:
        if key.hasPrefix("_p_") {
          readPointer(String(key.dropFirst(3)), value, className: className, schema: schema)
        } else if key.hasPrefix("_auth_data_"), className == "_User" {
          readAuthData(provider: String(key.dropFirst(11)), value)
        } else if !Self.isSecret(key) {
          fields[key] = Self.field(key, value, className: className, schema: schema)
        }
      }
    }
    readACL(document)
  }

  /// Whether a member is never read: Parse Server's own `_` fields (`_hashed_password`,
  /// `_session_token`, …), `email`, and any name holding "token", "password" or "secret".
  static func isSecret(_ key: String) -> Bool {
    if key.hasPrefix("_") { return true }
    let lowered = key.lowercased()
    if lowered == "email" { return true }
    return ["token", "password", "secret"].contains { lowered.contains($0) }
  }

  /// `createdAt`/`updatedAt` from a stored date, as Parse.com wrote them (an ISO-8601 string).
  private static func time(_ value: JSONValue) -> JSONValue {
    if let time = ExtendedJSON.date(value) { return .string(ISOFormat.string(time)) }
    return ExtendedJSON.decode(value)
  }

  /// An ordinary field: a File from its bare name when the schema (or, without one, the rule
  /// of `fileFieldsWithoutSchema`) says it is one; otherwise its Extended JSON decoded.
  private static func field(
    _ key: String, _ value: JSONValue, className: String, schema: ParseServerSchema?
  ) -> JSONValue {
    let isFile: Bool
    if let schema, schema.knows(className) {
      isFile = schema.type(of: key, in: className) == "file"
    } else {
      isFile = fileFieldsWithoutSchema[className] == key
    }
    if isFile, case .string(let name) = value { return ["__type": "File", "name": .string(name)] }
    return ExtendedJSON.decode(value)
  }
}

extension ParseServerDocument {
  /// Reads `_p_<field>: "<Class>$<objectId>"` as a Pointer.
  ///
  /// Null is no pointer. A pointer to another class than `_SCHEMA` gives the field is dropped
  /// and reported, as Parse Server refuses it.
  private mutating func readPointer(
    _ field: String, _ value: JSONValue, className: String, schema: ParseServerSchema?
  ) {
    if value == .null { return }
    guard case .string(let text) = value, let dollar = text.firstIndex(of: "$"),
      dollar != text.startIndex, text.index(after: dollar) != text.endIndex
    else {
      findings.append(
        Finding(
          isError: true,
          reason:
            "pointer \"_p_\(field)\" is \(Self.shown(value)), not \"<Class>$<objectId>\"; the field is not read",
          kind: "malformed pointers"))
      return
    }
    let target = String(text[..<dollar])
    let objectId = String(text[text.index(after: dollar)...])
    if let type = schema?.type(of: field, in: className), type != "*" + target {
      findings.append(
        Finding(
          isError: true,
          reason:
            "pointer \"_p_\(field)\" names class \"\(target)\", but _SCHEMA gives the field the type \"\(type)\"; the field is not read",
          kind: "pointers that _SCHEMA does not allow"))
      return
    }
    fields[field] = [
      "__type": "Pointer", "className": .string(target), "objectId": .string(objectId),
    ]
  }

  /// `_auth_data_<provider>` → `authData.<provider>`, keeping only its `id` (the rest holds
  /// tokens).
  private mutating func readAuthData(provider: String, _ value: JSONValue) {
    guard let id = value["id"].map(ExtendedJSON.decode) else { return }
    var authData = fields["authData"]?.objectValue ?? [:]
    authData[provider] = ["id": id]
    fields["authData"] = .object(authData)
  }

  /// Reads `_rperm` and `_wperm` as an `ACL` with `read` and `write` grants.
  private mutating func readACL(_ document: [String: JSONValue]) {
    let (acl, found) = Self.permissions(document)
    findings += found
    if let acl { fields["ACL"] = acl }
  }

  /// The `ACL` that a document's `_rperm`, `_wperm` and legacy `_acl` stand for, and what is
  /// wrong with them; a nil `ACL` means anyone may read.
  ///
  /// A missing (or null) `_rperm` means anyone may read, as Parse Server's queries
  /// (`_rperm: {$in: [null, "*", …]}`) take it, unless the legacy `_acl` says otherwise: then
  /// `_acl`'s `r` grants are read (the safer reading). When both are there, `_rperm` decides,
  /// and a disagreement is reported. An `_rperm` that is no array of strings grants nobody.
  /// Used for a Parse Server document, and for a Parse.com-layout row that kept these fields
  /// (`ImportSession.transformed`).
  static func permissions(_ document: [String: JSONValue]) -> (JSONValue?, [Finding]) {
    var findings: [Finding] = []
    // A null field is a missing one. (The former `flatMap { $0 == .null ? nil : $0 }` let a
    // null through, so a null `_rperm` was read as malformed: shown to nobody.)
    func value(_ key: String) -> JSONValue? {
      guard let value = document[key], value != JSONValue.null else { return nil }
      return value
    }
    let (rperm, wperm, legacy) = (value("_rperm"), value("_wperm"), value("_acl"))
    let legacyReaders = legacy.flatMap(Self.legacyReaders)
    if legacy != nil && legacyReaders == nil {
      findings.append(
        Finding(
          isError: false, reason: "_acl is \(Self.shown(legacy)), not an object; it is not read",
          kind: "malformed _acl values"))
    }
    guard let rperm else {
      guard let legacyReaders else { return (nil, findings) }
      var acl: [String: JSONValue] = [:]
      for reader in legacyReaders { acl[reader] = ["read": true] }
      return (.object(acl), findings)
    }
    guard let readers = Self.strings(rperm) else {
      findings.append(
        Finding(
          isError: true,
          reason:
            "_rperm is \(Self.shown(rperm)), not an array of strings; nobody is shown the object",
          kind: "malformed _rperm values"))
      return ([:], findings)
    }
    if let legacyReaders, Set(legacyReaders) != Set(readers) {
      findings.append(
        Finding(
          isError: false,
          reason: "_rperm and _acl disagree on who may read; _rperm is used, as Parse Server does",
          kind: "objects whose _rperm and _acl disagree"))
    }
    var acl: [String: JSONValue] = [:]
    for reader in readers { acl[reader] = ["read": true] }
    for writer in wperm.flatMap(Self.strings) ?? [] {
      acl[writer] = acl[writer] == nil ? ["write": true] : ["read": true, "write": true]
    }
    return (.object(acl), findings)
  }

  /// The entries of `_acl` (`{"<id>": {"r": true, "w": true}}`) that grant read.
  private static func legacyReaders(_ value: JSONValue) -> [String]? {
    guard let entries = value.objectValue else { return nil }
    return entries.filter { $0.value["r"]?.boolValue == true }.map(\.key).sorted()
  }

  private static func strings(_ value: JSONValue) -> [String]? {
    guard let elements = value.arrayValue else { return nil }
    let strings = elements.compactMap(\.stringValue)
    return strings.count == elements.count ? strings : nil
  }

  /// A quoted string, or the kind of any other value.
  static func shown(_ value: JSONValue?) -> String {
    guard let value else { return "missing" }
    if let text = value.stringValue { return "\"\(text)\"" }
    return value.kindDescription
  }
}
