import WallSupport

/// A set of named templates, parsed once and rendered many times.
///
/// Partial (`{{>name}}`) and parent (`{{<name}}`) tags refer to other templates of the same
/// library by name; a name the library does not hold renders as the empty string.
public struct TemplateLibrary: Sendable {
  private let templates: [String: [TemplateNode]]

  /// Parses every template once and checks that none includes itself unconditionally.
  /// - Parameter templates: Template sources keyed by the names tags use for them.
  /// - Throws: `TemplateError` for the first bad template in name order, or for templates whose
  ///   partial or parent tags include each other forever (`a -> b -> a`).
  public init(templates: [String: String]) throws(TemplateError) {
    var parsed: [String: [TemplateNode]] = [:]
    for (name, source) in templates.sorted(by: { $0.key < $1.key }) {
      var lexer = TemplateLexer(name: name, source: source)
      var parser = TemplateParser(name: name, tokens: try lexer.lex())
      parsed[name] = try parser.parse()
    }
    try Self.checkInclusionCycles(parsed)
    self.templates = parsed
  }

  /// Renders the template `name` with `context` at the bottom of the context stack.
  /// - Parameters:
  ///   - name: The name of a template in this library.
  ///   - context: The data the template's tags look names up in.
  /// - Returns: The rendered text.
  /// - Throws: `TemplateError` if there is no template `name`, or if partials and parents nest
  ///   deeper than 100 levels (runaway recursion).
  public func render(_ name: String, _ context: TemplateValue) throws(TemplateError) -> String {
    String(decoding: try renderUTF8(name, context), as: UTF8.self)
  }

  /// Renders the template `name` as ``render(_:_:)`` does, returning the text's UTF-8 bytes
  /// (what a page file holds) without making a `String`.
  /// - Parameters:
  ///   - name: The name of a template in this library.
  ///   - context: The data the template's tags look names up in.
  ///   - capacity: The expected size of the result, to allocate once.
  ///   - memo: Where renderings of keyed list elements are kept and reused (see
  ///     ``FragmentMemo``); made by ``makeMemo(byteBudget:spill:)`` of this library.
  ///   - expand: Makes the whole object of a list element that stands in for one (see
  ///     ``TemplateExpander``), when its rendering is not reused.
  ///   - sink: Takes the text in chunks as it is rendered (see ``TemplateSink``).
  /// - Returns: The rendered text as UTF-8; with a sink, what it has not given the sink.
  /// - Throws: As ``render(_:_:)``.
  public func renderUTF8(
    _ name: String, _ context: TemplateValue, capacity: Int = 0, memo: FragmentMemo? = nil,
    expand: TemplateExpander? = nil, sink: TemplateSink? = nil
  ) throws(TemplateError) -> [UInt8] {
    guard let nodes = templates[name] else {
      throw TemplateError(template: name, line: 0, column: 0, reason: .templateNotFound(name))
    }
    var renderer = TemplateRenderer(
      templates: templates, name: name, context: context, capacity: capacity, memo: memo,
      expand: expand, sink: sink)
    return try renderer.render(nodes)
  }

  /// A memo for renders with this library that keeps at most `byteBudget` bytes of renderings
  /// in memory, and what does not fit in `spill` when there is one.
  /// - Parameter byteBudget: The memory the memo may use (see ``FragmentMemo``).
  /// - Parameter spill: A scratch file for renderings past the memory budget.
  public func makeMemo(byteBudget: Int, spill: SpillFile? = nil) -> FragmentMemo {
    FragmentMemo(templates: templates, byteBudget: byteBudget, spill: spill)
  }

  /// The parsed templates, by name.
  var parsedTemplates: [String: [TemplateNode]] { templates }

  /// Whether the library holds a template called `name`.
  /// - Parameter name: A template name.
  /// - Returns: `true` if `render(name, …)` finds a template.
  public func contains(_ name: String) -> Bool {
    templates[name] != nil
  }
}
