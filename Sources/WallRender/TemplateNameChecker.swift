import WallSupport

/// Walks a template as the renderer would, with the shapes of the data instead of the data, and
/// finds the tags whose names no value can have (`TemplateLibrary.unknownNames`).
///
/// Follows partials and parents by name (each at most once per chain), blocks with the
/// overrides in force, and sections into the shape of what they name; a dynamic partial
/// (`{{>*name}}`) is not followed. A tag checked with several contexts (a partial included
/// twice) is reported only if its name is unknown in every one of them.
struct TemplateNameChecker {
  /// A block override in force and the template it was written in.
  typealias Override = (template: String, nodes: [TemplateNode])

  /// A place in a template: its name, line and column.
  private struct Place: Hashable {
    var template: String
    var line: Int
    var column: Int
  }

  private let templates: [String: [TemplateNode]]
  /// Tags whose name was unknown, with the warning; a tag whose name was found is set to nil.
  private var findings: [Place: TemplateNameWarning?] = [:]
  /// The templates being walked, outermost first.
  private var chain: [String] = []

  init(templates: [String: [TemplateNode]]) {
    self.templates = templates
  }

  /// The warnings for the template `name` rendered with data of `shape`, in source order.
  mutating func warnings(for name: String, shape: TemplateShape) -> [TemplateNameWarning] {
    guard let nodes = templates[name] else { return [] }
    chain = [name]
    check(nodes, in: name, stack: [shape], overrides: [:])
    return findings.values.compactMap { $0 }.sorted {
      ($0.template, $0.line, $0.column) < ($1.template, $1.line, $1.column)
    }
  }

  /// Checks `nodes` of `template` with `stack` as the context stack (nil: a value of unknown
  /// shape, which has every name).
  private mutating func check(
    _ nodes: [TemplateNode], in template: String, stack: [TemplateShape?],
    overrides: [String: Override]
  ) {
    for node in nodes {
      switch node {
      case .text: continue
      case .variable(let path, _, let place):
        _ = resolve(path, at: place, in: template, stack: stack)
      case .section(let path, let inverted, let children, let place):
        let found = resolve(path, at: place, in: template, stack: stack)
        let inner = inverted ? stack : stack + [found ?? nil]
        check(children, in: template, stack: inner, overrides: overrides)
      case .partial(let inclusion):
        include(inclusion, stack: stack, overrides: overrides)
      case .parent(let inclusion, let blocks):
        var merged = overrides
        for (name, nodes) in blocks where merged[name] == nil {
          merged[name] = (template, nodes)
        }
        include(inclusion, stack: stack, overrides: merged)
      case .block(let name, _, let children):
        if let override = overrides[name] {
          var inner = overrides
          inner[name] = nil
          check(override.nodes, in: override.template, stack: stack, overrides: inner)
        } else {
          check(children, in: template, stack: stack, overrides: overrides)
        }
      }
    }
  }

  private mutating func include(
    _ inclusion: TemplateInclusion, stack: [TemplateShape?], overrides: [String: Override]
  ) {
    switch inclusion.target {
    case .dynamic(let path):
      _ = resolve(path, at: inclusion.location, in: inclusion.template, stack: stack)
    case .named(let name):
      guard let nodes = templates[name], !chain.contains(name) else { return }
      chain.append(name)
      check(nodes, in: name, stack: stack, overrides: overrides)
      chain.removeLast()
    }
  }

  /// The shape of what `path` names (`.some(nil)`: of unknown shape), or nil, after noting a
  /// warning, when no context has it.
  private mutating func resolve(
    _ path: [String], at place: SourceLocation, in template: String, stack: [TemplateShape?]
  ) -> TemplateShape?? {
    let key = Place(template: template, line: place.line, column: place.column)
    guard let first = path.first else { return .some(stack.last ?? nil) }
    var found: TemplateShape?? = nil
    for context in stack.reversed() {
      guard let context else {
        found = .some(nil)
        break
      }
      if let shape = context.fields[first] {
        found = .some(shape)
        break
      }
    }
    for segment in path.dropFirst() {
      guard case .some(.some(let shape)) = found else { break }
      found = shape.fields[segment].map { .some($0) }
    }
    if found != nil {
      findings[key] = .some(nil)
    } else if findings[key] == nil {
      let name = path.joined(separator: ".")
      let known = Set(stack.compactMap { $0 }.flatMap(\.paths)).sorted()
      findings[key] = TemplateNameWarning(
        template: template, line: place.line, column: place.column, name: name,
        suggestion: EditDistance.closest(to: name, in: known, limit: 1).first)
    }
    return found
  }
}

extension TemplateLibrary {
  /// The tags of the template `name`, and of the templates it includes, whose name no value
  /// of data shaped as `context` has: they always render as nothing.
  /// - Parameters:
  ///   - name: A template of this library (none: no warning).
  ///   - context: The names its data can have.
  /// - Returns: One warning per such tag, by template, line and column.
  public func unknownNames(in name: String, context: TemplateShape) -> [TemplateNameWarning] {
    var checker = TemplateNameChecker(templates: parsedTemplates)
    return checker.warnings(for: name, shape: context)
  }
}
