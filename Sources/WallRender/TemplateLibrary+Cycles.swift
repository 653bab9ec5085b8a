extension TemplateLibrary {
  /// Throws if templates include each other forever through partial or parent tags that are
  /// always rendered (at a template's top level, outside sections and blocks).
  ///
  /// Inclusions inside sections or blocks are left to the renderer's depth limit: they may stop
  /// when the data or the overrides run out, as in the spec's "Recursion" tests.
  static func checkInclusionCycles(_ templates: [String: [TemplateNode]]) throws(TemplateError) {
    var finished: Set<String> = []
    for name in templates.keys.sorted() {
      var path: [(name: String, via: TemplateInclusion)] = []
      try visit(name, templates, &path, &finished)
    }
  }

  /// Depth-first search from `name`; `path` holds the templates entered, each with the tag
  /// through which the search left it.
  private static func visit(
    _ name: String, _ templates: [String: [TemplateNode]],
    _ path: inout [(name: String, via: TemplateInclusion)], _ finished: inout Set<String>
  ) throws(TemplateError) {
    if let start = path.firstIndex(where: { $0.name == name }) {
      let chain = path[start...].map(\.name) + [name]
      let tag = path[start].via
      throw TemplateError(
        template: tag.template, line: tag.location.line, column: tag.location.column,
        reason: .inclusionCycle(chain))
    }
    guard !finished.contains(name), let nodes = templates[name] else { return }
    for inclusion in unconditionalInclusions(nodes) {
      guard case .named(let target) = inclusion.target else { continue }
      path.append((name, inclusion))
      try visit(target, templates, &path, &finished)
      path.removeLast()
    }
    finished.insert(name)
  }

  private static func unconditionalInclusions(_ nodes: [TemplateNode]) -> [TemplateInclusion] {
    nodes.compactMap { node in
      switch node {
      case .partial(let inclusion), .parent(let inclusion, _): inclusion
      default: nil
      }
    }
  }
}
