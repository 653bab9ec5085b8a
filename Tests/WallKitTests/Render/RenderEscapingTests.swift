import Testing
import WallKit

@Suite("Escaping")
struct RenderEscapingTests {
  private func render(_ template: String, _ context: TemplateValue) throws -> String {
    try TemplateLibrary(templates: ["t": template]).render("t", context)
  }

  @Test("a script tag in data is escaped")
  func scriptTag() throws {
    let output = try render("<p>{{comment}}</p>", ["comment": "<script>alert('hi')</script>"])
    #expect(output == "<p>&lt;script&gt;alert(&#39;hi&#39;)&lt;/script&gt;</p>")
  }

  @Test("quotes and ampersands are escaped in attributes")
  func attributes() throws {
    let output = try render(#"<img alt="{{alt}}">"#, ["alt": #"Tom & "Jerry""#])
    #expect(output == #"<img alt="Tom &amp; &quot;Jerry&quot;">"#)
  }

  @Test("only triple mustaches and ampersand tags write raw text")
  func rawOutput() throws {
    let context: TemplateValue = ["html": "<b>&</b>"]
    #expect(
      try render("{{html}}|{{{html}}}|{{&html}}", context)
        == "&lt;b&gt;&amp;&lt;/b&gt;|<b>&</b>|<b>&</b>")
  }

  @Test("tags inside data are never interpreted")
  func noReinterpretation() throws {
    let library = try TemplateLibrary(templates: [
      "t": "{{bio}} {{{bio}}} {{#user}}{{bio}}{{/user}} {{>card}}", "card": "[{{bio}}]",
      "secret": "S",
    ])
    let bio = "{{#x}}{{>secret}}{{/x}} {{=<% %>=}} <%name%>"
    let output = try library.render(
      "t", ["bio": .string(bio), "user": ["bio": "{{bio}}"], "x": true])
    #expect(
      output == "{{#x}}{{&gt;secret}}{{/x}} {{=&lt;% %&gt;=}} &lt;%name%&gt; \(bio) {{bio}} "
        + "[{{#x}}{{&gt;secret}}{{/x}} {{=&lt;% %&gt;=}} &lt;%name%&gt;]")
  }

  @Test("HTMLEscape replaces the five special characters and keeps the rest")
  func escapeFunction() {
    #expect(HTMLEscape.escape(#"a<b>&"c"'d' é 👋"#) == "a&lt;b&gt;&amp;&quot;c&quot;&#39;d&#39; é 👋")
    #expect(HTMLEscape.escape("") == "")
  }
}
