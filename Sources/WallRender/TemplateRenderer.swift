/// Renders parsed templates against a context stack.
struct TemplateRenderer {
  /// How deeply partials and parents may nest before rendering stops.
  static let depthLimit = 100

  private let templates: [String: [TemplateNode]]
  private var output: TemplateOutput
  private var contexts: [TemplateValue]
  /// Block overrides in force; the outermost caller's override of a name wins.
  private var overrides: [String: [TemplateNode]] = [:]
  /// Names of the templates being rendered, outermost first; its count is the nesting depth.
  private var inclusions: [String]
  /// Where list elements' renderings are kept and reused, if anywhere.
  private let memo: FragmentMemo?
  /// Makes the whole object of a list element that stands in for one, before it is rendered.
  private let expand: TemplateExpander?
  /// Takes the text rendered so far once it reaches `TemplateSink.chunkSize`, between two list
  /// elements, so that a long list is never held whole (see ``TemplateSink``).
  private let sink: TemplateSink?
  /// For each list element being rendered for the memo, innermost last: the lowest context
  /// position its lookups may use, and whether one went lower (or a block was rendered), which
  /// makes its rendering depend on more than the element.
  private var memoFrames: [(floor: Int, impure: Bool)] = []

  /// Prepares to render the template `name` with `context` as the bottom of the stack.
  ///
  /// `capacity` is the expected size of the output in bytes.
  init(
    templates: [String: [TemplateNode]], name: String, context: TemplateValue, capacity: Int = 0,
    memo: FragmentMemo? = nil, expand: TemplateExpander? = nil, sink: TemplateSink? = nil
  ) {
    self.templates = templates
    self.memo = memo
    self.expand = expand
    self.sink = sink
    self.output = TemplateOutput(capacity: capacity)
    self.contexts = [context]
    self.inclusions = [name]
  }

  /// Renders `nodes` (the template named at init) and returns the text as UTF-8: all of it, or
  /// what it has not given its sink.
  mutating func render(_ nodes: [TemplateNode]) throws(TemplateError) -> [UInt8] {
    try renderNodes(nodes)
    return output.bytes
  }

  private mutating func renderNodes(_ nodes: [TemplateNode]) throws(TemplateError) {
    for node in nodes {
      switch node {
      case .text(let text):
        output.writeTemplateText(text)
      case .variable(let path, let escaped, _):
        if let value = resolve(path) { output.writeValue(value.renderedText, escaped: escaped) }
      case .section(let path, let inverted, let children, _):
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
        if memo != nil, case .object(let object) = element, let key = object.renderingKey,
          !children.isEmpty
        {
          try renderMemoized(element, key: key, children)
          drainIfFull()
          continue
        }
        contexts.append(expanded(element))
        try renderNodes(children)
        contexts.removeLast()
        drainIfFull()
      }
    } else if value.isTruthy {
      contexts.append(value)
      try renderNodes(children)
      contexts.removeLast()
    }
  }

  /// Renders one list element through the memo: reuses its kept rendering, or renders it while
  /// watching its lookups and keeps the result if it depended on the element alone.
  ///
  /// Only the outermost element being watched is kept: an inner one (a comment in a card) is
  /// part of its container's rendering.
  private mutating func renderMemoized(
    _ element: TemplateValue, key elementKey: Int, _ children: [TemplateNode]
  ) throws(TemplateError) {
    guard let memo else { return }
    let section = children.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    let key = FragmentMemo.Key(section: section, element: elementKey)
    let start = output.lineState
    if memo.reuse(key, into: &output) { return }
    let startOffset = output.bytes.count
    contexts.append(expanded(element))
    memoFrames.append((floor: contexts.count - 1, impure: false))
    try renderNodes(children)
    let frame = memoFrames.removeLast()
    contexts.removeLast()
    guard !frame.impure, memoFrames.isEmpty else { return }
    memo.keep(
      FragmentMemo.Entry(
        indent: start.indent, startsAtLineStart: start.atLineStart,
        endsAtLineStart: output.lineState.atLineStart,
        bytes: Array(output.bytes[startOffset...])),
      for: key)
  }

  /// Gives the sink the text so far once it holds a chunk.
  ///
  /// Only outside the elements watched for the memo, whose renderings are taken from the
  /// output when they end.
  private mutating func drainIfFull() {
    guard let sink, memoFrames.isEmpty, output.bytes.count >= TemplateSink.chunkSize else {
      return
    }
    output.drain(into: sink.take)
  }

  /// `element`, or the whole object it stands in for.
  private func expanded(_ element: TemplateValue) -> TemplateValue {
    guard let expand, case .object(let object) = element else { return element }
    return .object(expand.expand(object))
  }

  /// Marks the watched elements whose rendering a lookup answered at context `position` (or not
  /// at all: -1) depends on beyond themselves.
  private mutating func noteLookup(at position: Int) {
    var frame = memoFrames.count - 1
    while frame >= 0, position < memoFrames[frame].floor {
      memoFrames[frame].impure = true
      frame -= 1
    }
  }

  /// Renders the override of block `name` if a caller gave one, else its default content.
  ///
  /// Inside its own override content a block name is not overridden, so content that mentions its
  /// own block renders that block's default instead of recursing.
  private mutating func renderBlock(
    _ name: String, default children: [TemplateNode], indent: String?
  ) throws(TemplateError) {
    // What a block renders depends on the overrides in force, which come from outside.
    noteLookup(at: -1)
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
  private mutating func resolve(_ path: [String]) -> TemplateValue? {
    guard let first = path.first else { return contexts.last }
    var position = contexts.count - 1
    while position >= 0 {
      if var value = contexts[position][first] {
        if !memoFrames.isEmpty { noteLookup(at: position) }
        var segment = 1
        while segment < path.count {
          guard let next = value[path[segment]] else { return nil }
          value = next
          segment += 1
        }
        return value
      }
      position -= 1
    }
    if !memoFrames.isEmpty { noteLookup(at: -1) }
    return nil
  }
}
