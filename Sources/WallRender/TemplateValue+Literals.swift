extension TemplateValue: ExpressibleByNilLiteral {
  /// Creates `.null`.
  /// - Parameter nilLiteral: The `nil` literal.
  public init(nilLiteral: ()) { self = .null }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
  /// Creates `.bool`.
  /// - Parameter value: The boolean literal.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
  /// Creates `.int`.
  /// - Parameter value: The integer literal.
  public init(integerLiteral value: Int) { self = .int(value) }
}

extension TemplateValue: ExpressibleByFloatLiteral {
  /// Creates `.double`.
  /// - Parameter value: The floating-point literal.
  public init(floatLiteral value: Double) { self = .double(value) }
}

extension TemplateValue: ExpressibleByStringLiteral {
  /// Creates `.string`.
  /// - Parameter value: The string literal.
  public init(stringLiteral value: String) { self = .string(value) }
}

extension TemplateValue: ExpressibleByArrayLiteral {
  /// Creates `.array`.
  /// - Parameter elements: The elements of the list.
  public init(arrayLiteral elements: TemplateValue...) { self = .array(elements) }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
  /// Creates `.object`; when a key repeats, the last value wins.
  /// - Parameter elements: The key-value pairs of the hash.
  public init(dictionaryLiteral elements: (String, TemplateValue)...) {
    self = .object(TemplateObject(elements))
  }
}
