import WallRender

/// The names the data of each page template can have (`TemplateShape`), in one place: what
/// `WallPageModel`, `IndexPageModel`, `PaginationValue`, `OpenGraphValue` and a private build's
/// root page put in a page's data.
///
/// A theme's tag naming anything else always renders as nothing: `unknownNames(in:)` warns of
/// it. `PageContextTests` renders the models and fails when they make a name this lacks, or
/// this holds one they never make: a model that gains a name must add it here. The texts
/// (`t`) are the theme's English keys with a single text (`UIStrings.templateValue`).
package enum PageContexts {
  /// A person, as wall pages name them (owner, uploader, comment author).
  static let person: TemplateShape = [
    "name": .leaf, "href": .leaf, "avatar": .leaves("small", "large"),
  ]

  /// A date: machine-readable, shown, and in full.
  static let time: TemplateShape = .leaves("iso", "text", "long")

  /// The links between the pages of a wall or of the index (`PaginationValue`).
  static let pagination: TemplateShape = [
    "current": .leaf, "count": .leaf, "pageOfCount": .leaf, "heading": .leaf, "label": .leaf,
    "newer": .leaf,
    "older": .leaf, "newerText": .leaf, "olderText": .leaf,
    "pages": .leaves("number", "href", "isCurrent", "ariaLabel"),
  ]

  /// The `og:` link-preview tags of a public page with a base URL (`OpenGraphValue`).
  static let openGraph: TemplateShape = .leaves("type", "title", "description", "url", "image")

  /// What every page has: its root, language, texts and the scripts' texts.
  static func page(texts: TemplateShape) -> TemplateShape {
    ["root": .leaf, "lang": .leaf, "t": texts, "scriptText": .leaf]
  }

  /// A comment of a card.
  static let comment: TemplateShape = [
    "objectId": .leaf, "author": person, "text": .leaf, "time": time,
  ]

  /// An image's card.
  static let card: TemplateShape = [
    "objectId": .leaf, "alt": .leaf, "unavailableLabel": .leaf, "unavailableText": .leaf,
    "commentsLabel": .leaf,
    "photo": [
      "src": .leaf, "srcset": .leaf, "webpSrcset": .leaf, "width": .leaf, "height": .leaf,
      "full": .leaf, "original": .leaves("src", "width"), "lazy": .leaf,
    ],
    "uploader": person, "time": time, "comments": comment, "hasComments": .leaf,
    "moreComments": .leaf,
  ]

  /// The header both views of a wall share (`WallPageModel.header(for:view:)`).
  static func wallHeader(texts: TemplateShape) -> TemplateShape {
    page(texts: texts).merging([
      "noindex": .leaf, "indexHref": .leaf, "siteTitle": .leaf, "owner": person,
      "photosData": .leaf, "photoEntries": .leaf,
      "title": .leaf, "description": .leaf, "openGraph": openGraph, "emptyText": .leaf,
      "hasImages": .leaf,
      "tabs": ["label": .leaf, "items": .leaves("text", "href", "selected", "isPage")],
    ])
  }

  /// A page of a wall's feed (`wall.html`); `download` only in an archive's bundle, `profile`
  /// only on the first page.
  static func wall(texts: TemplateShape) -> TemplateShape {
    wallHeader(texts: texts).merging([
      "images": card, "pagination": pagination,
      "download": .leaves("href", "text", "note"),
      "profile": [
        "label": .leaf, "owner": person, "photoCount": .leaf, "friendCount": .leaf,
        "friendsHeading": .leaf, "friends": person, "hasFriends": .leaf, "photosHeading": .leaf,
        "photos": .leaves("src", "srcset", "width", "height", "alt"), "hasPhotos": .leaf,
        "gridHref": .leaf,
        "gridText": .leaf,
      ],
    ])
  }

  /// A wall's photo grid (`photos.html`).
  static func photos(texts: TemplateShape) -> TemplateShape {
    wallHeader(texts: texts).merging([
      "months": [
        "heading": .leaf,
        "photos": [
          "objectId": .leaf, "alt": .leaf, "unavailableLabel": .leaf,
          "photo": [
            "src": .leaf, "srcset": .leaf, "width": .leaf, "height": .leaf, "full": .leaf,
            "original": .leaves("src", "width"), "lazy": .leaf,
          ],
        ],
      ]
    ])
  }

  /// A page of the index (`index.html`).
  static func index(texts: TemplateShape) -> TemplateShape {
    page(texts: texts).merging([
      "noindex": .leaf, "title": .leaf, "description": .leaf, "siteDescription": .leaf,
      "lede": .leaf,
      "openGraph": openGraph,
      "walls": [
        "name": .leaf, "username": .leaf, "href": .leaf, "imageCount": .leaf, "one": .leaf,
        "countText": .leaf, "cover": .leaves("src", "srcset", "width", "height", "lazy"),
        "avatar": .leaves("small", "large", "srcset"),
      ],
      "wallCount": .leaf, "peopleList": .leaf, "pagination": pagination, "range": .leaf,
    ])
  }

  /// The templates pages are rendered from, each with the names of its data.
  /// - Parameter texts: The names of the texts (`t`): by default, the built-in English's.
  package static func pages(
    texts: TemplateShape = TemplateShape(of: UIStrings.english.templateValue)
  ) -> [(template: String, shape: TemplateShape)] {
    [
      ("wall", wall(texts: texts)), ("photos", photos(texts: texts)),
      ("index", index(texts: texts)),
      (
        SiteBuilder.privateRootTemplate,
        page(texts: texts).merging([
          "noindex": .leaf, "description": .leaf, "openGraph": openGraph,
        ])
      ),
    ]
  }

  /// The tags of `theme`'s own templates (those of its `--theme` folder) whose name no page's
  /// data has, each naming the theme's file; none when its templates do not compile (the
  /// build reports that).
  /// - Parameter theme: The theme.
  package static func unknownNames(in theme: Theme) -> [TemplateNameWarning] {
    guard !theme.templateFiles.isEmpty,
      let library = try? TemplateLibrary(templates: theme.templates)
    else { return [] }
    // The theme's own English texts count too: a theme may add keys for its templates.
    let strings = (try? UIStrings(language: UIStrings.defaultLanguage, theme: theme)) ?? .english
    return pages(texts: TemplateShape(of: strings.templateValue)).flatMap { page in
      library.unknownNames(in: page.template, context: page.shape).compactMap { warning in
        guard let file = theme.templateFiles[warning.template] else { return nil }
        var located = warning
        located.template = file
        return located
      }
    }
  }
}
