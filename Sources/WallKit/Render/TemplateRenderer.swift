/// Renders parsed templates against a context stack.
struct TemplateRenderer {
  /// How deeply partials and parents may nest before rendering stops.
  static let depthLimit = 100

  private let templates: [String: [TemplateNode]]
  private var output = TemplateOutput()
  private var contexts: [TemplateValue]
  /// Block overrides in force; the outermost caller's override of a name wins.
  private var overrides: [String: [TemplateNode]] = [:]
  /// Names of the templates being rendered, outermost first; its count is the nesting depth.
  private var inclusions: [String]

  /// Prepares to render the template `name` with `context` as the bottom of the stack.
  init(templates: [String: [TemplateNode]], name: String, context: TemplateValue) {
    self.templates = templates
    self.contexts = [context]
    self.inclusions = [name]
  }

  /// Renders `nodes` (the template named at init) and returns the text.
  mutating func render(_ nodes: [TemplateNode]) throws(TemplateError) -> String {
    try renderNodes(nodes)
    return output.text
  }

  private mutating func renderNodes(_ nodes: [TemplateNode]) throws(TemplateError) {
    for node in nodes {
      switch node {
      case .text(let text):
        output.writeTemplateText(text)
      case .variable(let path, let escaped):
        if let value = resolve(path) { output.writeValue(value.renderedText, escaped: escaped) }
      case .section(let path, let inverted, let children):
        try renderSection(resolve(path) ?? .null, inverted: inverted, children)
      case .partial(let inclusion):
        try include(inclusion, overrides: [:])
      case .parent(let inclusion, let overrides):
        try include(inclusion, overrides: overrides)
      case .block(let name, let indent, let children):
        try renderBlock(name, default: children, indent: indent)
      }
    }
  }

  private mutating func renderSection(
    _ value: TemplateValue, inverted: Bool, _ children: [TemplateNode]
  ) throws(TemplateError) {
    if inverted {
      if !value.isTruthy { try renderNodes(children) }
    } else if case .array(let elements) = value {
      for element in elements {
        contexts.append(element)
        try renderNodes(children)
        contexts.removeLast()
      }
    } else if value.isTruthy {
      contexts.append(value)
      try renderNodes(children)
      contexts.removeLast()
    }
  }

  /// Renders the override of block `name` if a caller gave one, else its default content.
  ///
  /// Inside its own override content a block name is not overridden, so content that mentions its
  /// own block renders that block's default instead of recursing.
  private mutating func renderBlock(
    _ name: String, default children: [TemplateNode], indent: String?
  ) throws(TemplateError) {
    let savedIndent = indent.map { output.beginIndent($0) }
    if let replacement = overrides.removeValue(forKey: name) {
      try renderNodes(replacement)
      overrides[name] = replacement
    } else {
      try renderNodes(children)
    }
    if let savedIndent { output.endIndent(savedIndent) }
  }

  /// Renders the template a partial or parent tag names, if there is one by that name.
  private mutating func include(
    _ inclusion: TemplateInclusion, overrides newOverrides: [String: [TemplateNode]]
  ) throws(TemplateError) {
    let name: String
    switch inclusion.target {
    case .named(let literal):
      name = literal
    case .dynamic(let path):
      guard case .string(let resolved)? = resolve(path) else { return }
      name = resolved
    }
    guard let nodes = templates[name] else { return }
    guard inclusions.count <= Self.depthLimit else {
      throw TemplateError(
        template: inclusion.template, line: inclusion.location.line,
        column: inclusion.location.column,
        reason: .inclusionTooDeep(limit: Self.depthLimit, chain: chain(endingWith: name)))
    }
    let savedOverrides = overrides
    if !newOverrides.isEmpty {
      overrides = newOverrides.merging(overrides) { _, outer in outer }
    }
    let savedIndent = output.beginIndent(inclusion.indent)
    inclusions.append(name)
    try renderNodes(nodes)
    inclusions.removeLast()
    output.endIndent(savedIndent)
    overrides = savedOverrides
  }

  /// The inclusions from the last time `name` was entered, then `name`: `a -> b -> a`.
  private func chain(endingWith name: String) -> [String] {
    let start = inclusions.lastIndex(of: name) ?? inclusions.startIndex
    return Array(inclusions[start...]) + [name]
  }

  /// Looks up a dotted name: its first part in the innermost context that has it, the rest in the
  /// values found.
  ///
  /// The empty path is the innermost context itself.
  private func resolve(_ path: [String]) -> TemplateValue? {
    guard let first = path.first else { return contexts.last }
    guard var value = contexts.reversed().lazy.compactMap({ $0[first] }).first else { return nil }
    for key in path.dropFirst() {
      guard let next = value[key] else { return nil }
      value = next
    }
    return value
  }
}
