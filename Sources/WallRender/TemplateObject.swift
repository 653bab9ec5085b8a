/// A hash in a template context: names and their values, in the order they were given.
///
/// Objects in template data are small (a wall card has seven fields), and tags look names up in
/// them thousands of times per page. A linear scan over short keys compares them without hashing
/// (Swift compares short ASCII strings by their raw bits), which profiles showed to be much cheaper
/// than `Dictionary`'s hashing; making an object is one allocation.
///
/// Each name appears once: setting a name that is present replaces its value. Equality ignores
/// the order of the fields.
public struct TemplateObject: Sendable, Equatable {
  private var fields: [(name: String, value: TemplateValue)]
  /// `renderingKey`, or a negative number for none (kept as a plain `Int` so that a value holding
  /// an object is no larger than one holding a string).
  private var storedRenderingKey = -1

  /// A key under which a ``FragmentMemo`` may keep this object's rendering as a list element and
  /// reuse it wherever the same list section meets the same key; `nil` (the default) for none.
  ///
  /// Whoever sets it promises that objects with the same key have the same fields, within one
  /// memo's lifetime. Changing a field clears it, so a modified copy of a keyed object is never
  /// mistaken for the original. Keys are non-negative; setting a negative one clears it. It takes
  /// no part in equality.
  public var renderingKey: Int? {
    get { storedRenderingKey >= 0 ? storedRenderingKey : nil }
    set { storedRenderingKey = newValue.map { max($0, -1) } ?? -1 }
  }

  /// An empty object.
  public init() {
    fields = []
  }

  /// An object with the fields of `dictionary`, ordered by name.
  /// - Parameter dictionary: The fields.
  public init(_ dictionary: [String: TemplateValue]) {
    fields = dictionary.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
  }

  /// An object with `pairs` as fields, in their order; when a name repeats, the last value wins.
  /// - Parameter pairs: Name-value pairs.
  public init(_ pairs: some Collection<(String, TemplateValue)>) {
    fields = []
    fields.reserveCapacity(pairs.count)
    for (name, value) in pairs {
      self[name] = value
    }
  }

  /// The number of fields.
  public var count: Int { fields.count }

  /// The names of the fields, in their order.
  public var names: [String] { fields.map(\.name) }

  /// Calls `body` with each field in name order, without sorting a copy.
  ///
  /// Objects made in name order (as most template data is) are walked straight through; others
  /// are small, so finding each next name by a scan allocates nothing and costs little.
  /// - Parameter body: Takes a field's name and value.
  public func forEachFieldInNameOrder(_ body: (String, TemplateValue) -> Void) {
    if fields.indices.dropFirst().allSatisfy({ fields[$0 - 1].name < fields[$0].name }) {
      for field in fields { body(field.name, field.value) }
      return
    }
    var previous: String?
    for _ in fields.indices {
      var next: Int?
      for position in fields.indices {
        let name = fields[position].name
        if let previous, name <= previous { continue }
        if let best = next, fields[best].name <= name { continue }
        next = position
      }
      guard let next else { return }
      body(fields[next].name, fields[next].value)
      previous = fields[next].name
    }
  }

  /// The value of the field `name`, or `nil` if there is none; setting `nil` removes the field.
  /// - Parameter name: A field name (one segment of a dotted tag name).
  public subscript(name: String) -> TemplateValue? {
    get {
      var position = 0
      while position < fields.count {
        if fields[position].name == name { return fields[position].value }
        position += 1
      }
      return nil
    }
    set {
      storedRenderingKey = -1
      let position = fields.firstIndex { $0.name == name }
      switch (position, newValue) {
      case (let position?, let value?): fields[position].value = value
      case (let position?, nil): fields.remove(at: position)
      case (nil, let value?): fields.append((name: name, value: value))
      case (nil, nil): break
      }
    }
  }

  /// Whether both objects have the same names with equal values, in any order.
  public static func == (lhs: TemplateObject, rhs: TemplateObject) -> Bool {
    lhs.fields.count == rhs.fields.count
      && lhs.fields.allSatisfy { field in rhs[field.name] == field.value }
  }
}

extension TemplateObject: ExpressibleByDictionaryLiteral {
  /// Creates an object with the fields in the order written; when a name repeats, the last
  /// value wins.
  /// - Parameter elements: The name-value pairs.
  public init(dictionaryLiteral elements: (String, TemplateValue)...) {
    self.init(elements)
  }
}
