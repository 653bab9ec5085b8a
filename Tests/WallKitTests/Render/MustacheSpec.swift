import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// One test of the official Mustache spec, read from `../shared/testdata/mustache-spec/`.
struct MustacheSpecCase: Sendable, CustomTestStringConvertible {
  /// The spec file, such as `sections.json`.
  let file: String
  let name: String
  let data: TemplateValue
  let template: String
  let partials: [String: String]
  let expected: String

  var testDescription: String { "\(file): \(name)" }

  /// The name the case's own template gets in the library; no spec partial uses it.
  static let templateName = "(spec template)"

  /// Renders the case's template with its partials and data.
  func render() throws(TemplateError) -> String {
    var templates = partials
    templates[Self.templateName] = template
    return try TemplateLibrary(templates: templates).render(Self.templateName, data)
  }
}

/// Finds and reads the Mustache spec that lives beside the repository, never inside it.
enum MustacheSpec {
  /// The spec files this engine implements (`~lambdas` is not one of them).
  static let files = [
    "comments.json", "delimiters.json", "interpolation.json", "inverted.json", "partials.json",
    "sections.json", "~inheritance.json", "~dynamic-names.json",
  ]

  /// `../shared/testdata/mustache-spec`, or `nil` when it is absent.
  static let directory: URL? = SharedTestData.url("mustache-spec")

  static var isAvailable: Bool { directory != nil }

  /// Every test in the spec file `file`, or none when the spec folder is absent.
  static func cases(_ file: String) throws -> [MustacheSpecCase] {
    guard let directory else { return [] }
    let json = try Data(contentsOf: directory.appendingPathComponent(file))
    guard let root = try JSONSerialization.jsonObject(with: json) as? [String: Any],
      let tests = root["tests"] as? [[String: Any]]
    else {
      throw SpecFormatError(file: file)
    }
    return try tests.map { test in
      guard let name = test["name"] as? String, let template = test["template"] as? String,
        let expected = test["expected"] as? String, let data = test["data"]
      else {
        throw SpecFormatError(file: file)
      }
      return MustacheSpecCase(
        file: file, name: name, data: TemplateValue(jsonObject: data), template: template,
        partials: test["partials"] as? [String: String] ?? [:], expected: expected)
    }
  }
}

/// A spec file that does not have the spec's shape.
struct SpecFormatError: Error, CustomStringConvertible {
  let file: String
  var description: String { "\(file) is not a Mustache spec file" }
}
