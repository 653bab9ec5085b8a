/// Makes list elements whole when they are rendered, so that data whose rendering is usually
/// reused is only made when it is not.
///
/// A caller that expects most elements of a list to be copied from a ``FragmentMemo`` may put a
/// small object with the element's ``TemplateObject/renderingKey`` in the list instead of the
/// element. The renderer asks the memo first; only when the memo has no rendering for that key
/// does it call `expand`, and renders (and keeps) what that returns. Every other object in a list
/// passes through `expand` too, which returns it unchanged, so an object that stands in for
/// another is never rendered as it is, memo or not.
public struct TemplateExpander: Sendable {
  /// The whole object `object` stands in for, or `object` itself.
  public let expand: @Sendable (TemplateObject) -> TemplateObject

  /// Creates an expander from a function that returns its argument unless it stands in for
  /// another object.
  /// - Parameter expand: The function.
  public init(_ expand: @escaping @Sendable (TemplateObject) -> TemplateObject) {
    self.expand = expand
  }
}
