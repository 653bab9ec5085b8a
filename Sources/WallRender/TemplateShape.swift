/// The names a template's data can have, without their values: for each name, the names of
/// the object it holds (or of the objects of the list it holds); a text, number or flag has
/// none.
///
/// ``TemplateLibrary/unknownNames(in:context:)`` checks a template's tags against it.
public struct TemplateShape: Sendable, Equatable {
  /// The names, each with the shape of its value.
  public var fields: [String: TemplateShape]

  /// A shape with `fields`.
  /// - Parameter fields: The names and the shapes of their values.
  public init(_ fields: [String: TemplateShape] = [:]) {
    self.fields = fields
  }

  /// The shape of a value with no names: a text, a number, a flag, or null.
  public static let leaf = TemplateShape()

  /// An object whose names all hold values without names.
  /// - Parameter names: The names.
  public static func leaves(_ names: String...) -> TemplateShape {
    TemplateShape(Dictionary(uniqueKeysWithValues: names.map { ($0, leaf) }))
  }

  /// The shape of `value`: an object's names, a list's elements' names put together.
  /// - Parameter value: Template data.
  public init(of value: TemplateValue) {
    self.init()
    switch value {
    case .object(let object):
      for name in object.names { fields[name] = TemplateShape(of: object[name] ?? .null) }
    case .array(let elements):
      for element in elements { merge(TemplateShape(of: element)) }
    case .null, .bool, .int, .double, .string: break
    }
  }

  /// Adds the names of `other`, and of its values, to this shape's.
  /// - Parameter other: Another shape.
  public mutating func merge(_ other: TemplateShape) {
    for (name, shape) in other.fields { fields[name, default: .leaf].merge(shape) }
  }

  /// This shape and `other` put together.
  /// - Parameter other: Another shape.
  public func merging(_ other: TemplateShape) -> TemplateShape {
    var merged = self
    merged.merge(other)
    return merged
  }

  /// Every dotted name this shape has (`owner`, `owner.avatar`, `owner.avatar.small`), sorted.
  public var paths: [String] {
    fields.flatMap { name, shape in [name] + shape.paths.map { "\(name).\($0)" } }.sorted()
  }
}

extension TemplateShape: ExpressibleByDictionaryLiteral {
  /// A shape with the names written and the shapes of their values.
  /// - Parameter elements: The names and shapes.
  public init(dictionaryLiteral elements: (String, TemplateShape)...) {
    self.init(Dictionary(elements) { _, last in last })
  }
}
