import Foundation
import WallKit

extension TemplateValue {
  /// Converts the output of `JSONSerialization.jsonObject(with:)` into a template value.
  ///
  /// JSON `true`/`false` become `.bool` (never `1`/`0`), integers `.int`, other numbers
  /// `.double`, and `NSNull` `.null`. Any other object, which `JSONSerialization` never produces,
  /// becomes its `String(describing:)` text.
  /// - Parameter jsonObject: A string, number, `NSNull`, array or dictionary tree.
  public init(jsonObject: Any) {
    switch jsonObject {
    case is NSNull:
      self = .null
    case let string as String:
      self = .string(string)
    case let number as NSNumber:
      self = Self(number: number)
    case let array as [Any]:
      self = .array(array.map(TemplateValue.init(jsonObject:)))
    case let dictionary as [String: Any]:
      self = .object(TemplateObject(dictionary.mapValues(TemplateValue.init(jsonObject:))))
    default:
      self = .string(String(describing: jsonObject))
    }
  }

  /// Tells booleans, integers and doubles apart by the number's Objective-C type code.
  private init(number: NSNumber) {
    switch String(cString: number.objCType) {
    case "c", "B": self = .bool(number.boolValue)
    case "f", "d": self = .double(number.doubleValue)
    default: self = .int(number.intValue)
    }
  }
}
