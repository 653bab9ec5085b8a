import Testing
import WallKit

@Suite("Template library")
struct RenderLibraryTests {
  @Test("a page fills the blocks of its layout, indented where the layout places them")
  func layout() throws {
    let library = try TemplateLibrary(templates: [
      "layout": """
      <html>
        <head><title>{{$title}}wallgen{{/title}}</title></head>
        <body>
          {{$content}}
          <p>empty</p>
          {{/content}}
        </body>
      </html>

      """,
      "wall": """
      {{<layout}}
      {{$title}}{{name}}'s wall{{/title}}
      {{$content}}
      <ul>
        {{#friends}}
        <li>{{>friend}}</li>
        {{/friends}}
      </ul>
      {{/content}}
      {{/layout}}

      """,
      "friend": "<a href=\"{{url}}\">{{name}}</a>",
    ])
    let context: TemplateValue = [
      "name": "Ada",
      "friends": [["name": "Bob", "url": "/bob/"], ["name": "Cy & Di", "url": "/cd/"]],
    ]
    #expect(
      try library.render("wall", context) == """
        <html>
          <head><title>Ada's wall</title></head>
          <body>
            <ul>
              <li><a href="/bob/">Bob</a></li>
              <li><a href="/cd/">Cy &amp; Di</a></li>
            </ul>
          </body>
        </html>

        """)
  }

  @Test("standalone partials indent every line of nested partials")
  func nestedPartialIndentation() throws {
    let library = try TemplateLibrary(templates: [
      "page": "<div>\n  {{>list}}\n</div>\n", "list": "<ul>\n  {{>item}}\n</ul>\n",
      "item": "<li>\n{{{html}}}\n</li>\n",
    ])
    #expect(
      try library.render("page", ["html": "a\nb"])
        == "<div>\n  <ul>\n    <li>\n    a\nb\n    </li>\n  </ul>\n</div>\n")
  }

  @Test("indentation follows CRLF line breaks too")
  func crlfIndentation() throws {
    let library = try TemplateLibrary(templates: [
      "page": "<div>\r\n  {{>list}}\r\n</div>", "list": "<ul>\r\n\r\n</ul>\r\n",
    ])
    #expect(try library.render("page", [:]) == "<div>\r\n  <ul>\r\n\r\n  </ul>\r\n</div>")
  }

  @Test("content overriding a block renders that block's default inside itself")
  func selfReferencingOverride() throws {
    let library = try TemplateLibrary(templates: [
      "card": "[{{$body}}card default{{/body}}]",
      "page": "{{<card}}{{$body}}{{<card}}{{$body}}inner{{/body}}{{/card}}{{/body}}{{/card}}",
    ])
    #expect(try library.render("page", [:]) == "[[inner]]")
  }

  @Test("a library is reusable and knows its templates")
  func reuse() throws {
    let library = try TemplateLibrary(templates: ["hi": "Hi {{.}}!"])
    #expect(library.contains("hi") && !library.contains("bye"))
    #expect(try (1...3).map { try library.render("hi", .int($0)) } == ["Hi 1!", "Hi 2!", "Hi 3!"])
  }

  @Test("missing partials and parents render as nothing")
  func missingPartials() throws {
    let library = try TemplateLibrary(templates: [
      "t": "a{{>nope}}b{{<gone}}{{$x}}y{{/x}}{{/gone}}c"
    ])
    #expect(try library.render("t", [:]) == "abc")
  }
}
