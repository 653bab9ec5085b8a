import WallRender

/// The names the data of each page template can have (`TemplateShape`), in one place: what
/// `WallPageModel`, `IndexPageModel` and `PaginationValue` put in a page's data.
///
/// A theme's tag naming anything else always renders as nothing: `unknownNames(in:)` warns of
/// it. `PageContextTests` renders the models and fails when they make a name this lacks, or
/// this holds one they never make: a model that gains a name must add it here.
package enum PageContexts {
  /// A person, as wall pages name them (owner, uploader, comment author).
  static let person: TemplateShape = [
    "name": .leaf, "href": .leaf, "avatar": .leaves("small", "large"),
  ]

  /// A date: machine-readable, shown, and in full.
  static let time: TemplateShape = .leaves("iso", "text", "long")

  /// The links between the pages of a wall or of the index (`PaginationValue`).
  static let pagination: TemplateShape = [
    "current": .leaf, "count": .leaf, "label": .leaf, "newer": .leaf, "older": .leaf,
    "newerText": .leaf, "olderText": .leaf,
    "pages": .leaves("number", "href", "isCurrent", "ariaLabel"),
  ]

  /// A comment of a card.
  static let comment: TemplateShape = [
    "objectId": .leaf, "author": person, "text": .leaf, "time": time,
  ]

  /// An image's card.
  static let card: TemplateShape = [
    "objectId": .leaf, "alt": .leaf,
    "photo": [
      "src": .leaf, "srcset": .leaf, "webpSrcset": .leaf, "width": .leaf, "height": .leaf,
      "full": .leaf, "original": .leaves("src", "width"), "lazy": .leaf,
    ],
    "uploader": person, "time": time, "comments": comment, "hasComments": .leaf,
    "moreComments": .leaf,
  ]

  /// A page of a wall (`wall.html`).
  static let wall: TemplateShape = [
    "root": .leaf, "noindex": .leaf, "indexHref": .leaf, "owner": person, "images": card,
    "hasImages": .leaf, "pagination": pagination,
  ]

  /// A page of the index (`index.html`).
  static let index: TemplateShape = [
    "root": .leaf,
    "walls": [
      "name": .leaf, "href": .leaf, "imageCount": .leaf, "one": .leaf,
      "cover": .leaves("src", "srcset", "width", "height", "lazy"),
      "avatar": .leaves("small", "large", "srcset"),
    ],
    "wallCount": .leaf, "peopleList": .leaf, "pagination": pagination, "range": .leaf,
  ]

  /// The templates pages are rendered from, each with the names of its data.
  package static let pages: [(template: String, shape: TemplateShape)] = [
    ("wall", wall), ("index", index),
  ]

  /// The tags of `theme`'s own templates (those of its `--theme` folder) whose name no page's
  /// data has, each naming the theme's file; none when its templates do not compile (the
  /// build reports that).
  /// - Parameter theme: The theme.
  package static func unknownNames(in theme: Theme) -> [TemplateNameWarning] {
    guard !theme.templateFiles.isEmpty,
      let library = try? TemplateLibrary(templates: theme.templates)
    else { return [] }
    return pages.flatMap { page in
      library.unknownNames(in: page.template, context: page.shape).compactMap { warning in
        guard let file = theme.templateFiles[warning.template] else { return nil }
        var located = warning
        located.template = file
        return located
      }
    }
  }
}
