import WallMedia
import WallModel
import WallRender

/// The `og:` metadata of a page (Open Graph: the title, text and picture of a link preview),
/// for `layout.html`'s `openGraph` section.
///
/// Only public pages of a site whose address is known carry it: a preview needs absolute
/// addresses, and a `--private` page is for its owner alone (its secret address must not be in
/// any other page's metadata, and it is not for sharing).
enum OpenGraphValue {
  /// The metadata of the page at site-relative `path`, or null when there is none.
  /// - Parameters:
  ///   - site: The site's address and title.
  ///   - audience: Who reads the page; only `.anyone`'s pages get metadata.
  ///   - title: The page's title.
  ///   - description: A sentence about the page.
  ///   - path: The page's site-relative path (`walls/<id>/index.html`).
  ///   - image: The site-relative path of the page's picture, if any.
  static func value(
    site: SiteIdentity, audience: Audience, title: String, description: String, path: String,
    image: String?
  ) -> TemplateValue {
    guard audience == .anyone, let base = site.baseURL?.string else { return .null }
    let page = path.hasSuffix("/index.html") ? String(path.dropLast(10)) : path
    return [
      "type": "website",
      "title": .string(title),
      "description": .string(description),
      "url": .string(base + (page == "index.html" ? "" : page)),
      "image": image.map { TemplateValue.string(base + $0) } ?? .null,
    ]
  }
}

extension WallPageModel {
  /// The site-relative path of the largest file of the cover of `user`'s wall (the newest of
  /// their own photos on it), or nil when it has none.
  func coverPath(of user: User) -> String? {
    WallCover(of: user.objectId, index: index, outcome: media.photo).variants.last?.path
  }
}
