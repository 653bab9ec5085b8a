import WallKit

extension ParseServerExport {
  /// The document Parse Server stores for a Parse.com object (`parseObjectToMongoObjectForCreate`
  /// and `addLegacyACL` in `MongoTransform.js`).
  func document(_ fields: [String: JSONValue], className: String, position: Int) -> JSONValue {
    var document: [String: JSONValue] = [:]
    let isJoin = className.hasPrefix("_Join:")
    if isJoin {
      // MongoDB gives each join row an ObjectId of its own.
      let hex = String(position, radix: 16)
      document["_id"] = ["$oid": .string(String(repeating: "0", count: 24 - hex.count) + hex)]
    }
    for (key, value) in fields {
      switch key {
      case "objectId": if !isJoin { document["_id"] = value }
      case "createdAt": document["_created_at"] = date(value)
      case "updatedAt": document["_updated_at"] = date(value)
      case "ACL": addACL(value, to: &document)
      case "sessionToken": document["_session_token"] = value
      case "bcryptPassword": document["_hashed_password"] = value
      case "authData" where className == "_User":
        for (provider, data) in value.objectValue ?? [:] {
          document["_auth_data_\(provider)"] = self.value(data)
        }
      default:
        switch value["__type"]?.stringValue {
        case "Pointer":
          let target = value["className"]?.stringValue ?? ""
          let id = value["objectId"]?.stringValue ?? ""
          document["_p_\(key)"] = .string("\(target)$\(id)")
        case "Relation": continue  // its rows are in `_Join:<key>:<Class>`
        default: document[key] = self.value(value)
        }
      }
    }
    return .object(document)
  }

  /// `_rperm`, `_wperm` and the legacy `_acl`, from a Parse ACL.
  private func addACL(_ acl: JSONValue, to document: inout [String: JSONValue]) {
    let entries = acl.objectValue ?? [:]
    let readers = entries.filter { $0.value["read"]?.boolValue == true }.keys.sorted()
    let writers = entries.filter { $0.value["write"]?.boolValue == true }.keys.sorted()
    document["_rperm"] = .array(readers.map(JSONValue.string))
    document["_wperm"] = .array(writers.map(JSONValue.string))
    var legacy: [String: JSONValue] = [:]
    for key in Set(readers + writers) {
      var grant: [String: JSONValue] = [:]
      if readers.contains(key) { grant["r"] = true }
      if writers.contains(key) { grant["w"] = true }
      legacy[key] = .object(grant)
    }
    document["_acl"] = .object(legacy)
  }

  /// A stored value: Dates as `$date`, Files as their bare name, numbers in the Extended JSON
  /// of the options; other values as they are, at any depth.
  func value(_ value: JSONValue) -> JSONValue {
    switch value {
    case .integer(let number) where options.canonical:
      return Int32(exactly: number) != nil
        ? ["$numberInt": .string(String(number))] : ["$numberLong": .string(String(number))]
    case .number(let number) where options.canonical:
      return ["$numberDouble": .string(String(number))]
    case .array(let elements): return .array(elements.map(self.value))
    case .object(let members):
      switch members["__type"]?.stringValue {
      case "Date": return date(members["iso"] ?? .null)
      case "File": return members["name"] ?? .null
      default: return .object(members.mapValues(self.value))
      }
    default: return value
    }
  }

  /// `{"$date": "<ISO>"}`, or canonically `{"$date": {"$numberLong": "<ms>"}}`; a string that
  /// is no date stays as written inside the wrapper.
  private func date(_ value: JSONValue) -> JSONValue {
    let text = value.stringValue ?? ""
    guard options.canonical, let time = Timestamp(iso8601: text) else {
      return ["$date": .string(text)]
    }
    return ["$date": ["$numberLong": .string(String(time.millisecondsSince1970))]]
  }
}

/// The `_SCHEMA` documents of an export, from the values its objects hold
/// (`parseFieldTypeToMongoFieldType` in `MongoSchemaCollection.js`).
struct SchemaBuilder {
  private var classes: [String: [String: String]] = [:]

  /// Notes the fields of one object of `className`; a `_Join:<field>:<Class>` file is the
  /// relation `<field>` of `<Class>`.
  mutating func note(className: String, fields: [String: JSONValue]) {
    if className.hasPrefix("_Join:") {
      let parts = className.split(separator: ":").map(String.init)
      guard parts.count == 3 else { return }
      let target = parts[1] == "roles" ? "_Role" : "_User"
      classes[parts[2], default: [:]][parts[1]] = "relation<\(target)>"
      return
    }
    var types =
      classes[className] ?? [
        "objectId": "string", "createdAt": "date", "updatedAt": "date",
      ]
    for (key, value) in fields
    where types[key] == nil && !["ACL", "sessionToken", "bcryptPassword"].contains(key) {
      if let type = Self.type(of: value) { types[key] = type }
    }
    classes[className] = types
  }

  /// One document per class, sorted by class name.
  var documents: [JSONValue] {
    classes.keys.sorted().map { className in
      var document = (classes[className] ?? [:]).mapValues(JSONValue.string)
      document["_id"] = .string(className)
      document["_metadata"] = ["class_permissions": [:]]
      return .object(document)
    }
  }

  private static func type(of value: JSONValue) -> String? {
    switch value {
    case .null: return nil
    case .bool: return "boolean"
    case .integer, .number: return "number"
    case .string: return "string"
    case .array: return "array"
    case .object(let members):
      switch members["__type"]?.stringValue {
      case "File": return "file"
      case "Date": return "date"
      case "Pointer": return "*" + (members["className"]?.stringValue ?? "")
      case "Relation": return "relation<\(members["className"]?.stringValue ?? "")>"
      default: return "object"
      }
    }
  }
}
