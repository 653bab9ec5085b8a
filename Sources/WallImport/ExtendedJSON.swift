import WallJSON
import WallModel

/// MongoDB Extended JSON as `mongoexport` writes it (relaxed and canonical v2, and the legacy
/// strict mode of older versions), read into Parse's REST shapes.
///
/// Only an object whose single member is a known `$` key is a wrapper: Parse Server refuses
/// `$` in the keys of the objects it stores, so no field of an app holds one.
enum ExtendedJSON {
  /// `value` with every Extended JSON wrapper replaced, at any depth.
  ///
  /// A `$date` becomes a Parse Date (`{"__type":"Date","iso":…}`), `$numberInt`,
  /// `$numberLong`, `$numberDouble` and `$numberDecimal` the number, `$oid` its hex string. A
  /// wrapper that does not hold what it should is kept as written, so that the field that
  /// needs it reports it.
  static func decode(_ value: JSONValue) -> JSONValue {
    switch value {
    case .array(let elements): return .array(elements.map(decode))
    case .object(let members):
      if let unwrapped = unwrapped(members) { return unwrapped }
      return .object(members.mapValues(decode))
    default: return value
    }
  }

  /// The time of a `{"$date": …}` wrapper: an ISO-8601 string (relaxed), `{"$numberLong":
  /// "<ms>"}` (canonical) or a number of milliseconds (legacy); nil for anything else.
  static func date(_ value: JSONValue) -> Timestamp? {
    guard case .object(let members) = value, members.count == 1, let inner = members["$date"]
    else { return nil }
    switch inner {
    case .string(let text): return Timestamp(iso8601: text)
    case .integer(let milliseconds): return Timestamp(millisecondsSince1970: milliseconds)
    case .object(let wrapper) where wrapper.count == 1:
      guard let text = wrapper["$numberLong"]?.stringValue, let milliseconds = Int64(text)
      else { return nil }
      return Timestamp(millisecondsSince1970: milliseconds)
    default: return nil
    }
  }

  /// The string of an `_id`: itself, or the hex of `{"$oid": …}`; nil for anything else.
  static func identifier(_ value: JSONValue) -> String? {
    switch value {
    case .string(let text): return text
    case .object(let members) where members.count == 1: return members["$oid"]?.stringValue
    default: return nil
    }
  }

  private static func unwrapped(_ members: [String: JSONValue]) -> JSONValue? {
    guard members.count == 1, let member = members.first, member.key.hasPrefix("$") else {
      return nil
    }
    let inner = member.value
    switch member.key {
    case "$date":
      guard let time = date(.object(members)) else { return nil }
      return ["__type": "Date", "iso": .string(ISOFormat.string(time))]
    case "$oid": return inner.stringValue.map(JSONValue.string)
    case "$numberInt", "$numberLong":
      return inner.stringValue.flatMap { Int64($0) }.map(JSONValue.integer)
    case "$numberDouble", "$numberDecimal":
      guard let number = inner.stringValue.flatMap({ Double($0) }), number.isFinite else {
        return nil
      }
      return .number(number)
    default: return nil
    }
  }
}
