import Testing
import WallKit

@Suite struct LiveReloadTests {
  @Test("the script goes before the last </body>, any case, else at the end")
  func injection() {
    let page = Array("<body>x</body><!-- </BODY> -->".utf8)
    let injected = String(decoding: LiveReload.inject(into: page, generation: "g-1"), as: UTF8.self)
    #expect(injected.hasPrefix("<body>x</body><!-- <script data-wallgen-live-reload>"))
    #expect(injected.hasSuffix("</script>\n</BODY> -->"))
    #expect(
      String(decoding: LiveReload.inject(into: [], generation: "g"), as: UTF8.self)
        == LiveReload.script(generation: "g"))
  }

  @Test("</body> is looked for in the page's last 4 KiB only; further up, the script is appended")
  func boundedSearch() {
    let filler = String(repeating: "x", count: LiveReload.markerSearchLength)
    let page = Array("<body>a</body>\(filler)".utf8)
    let injected = LiveReload.inject(into: page, generation: "g-1")
    #expect(injected == page + Array(LiveReload.script(generation: "g-1").utf8))
    let near = Array("<body>a</body>\(filler.dropFirst(7))".utf8)
    #expect(
      String(decoding: LiveReload.inject(into: near, generation: "g-1"), as: UTF8.self)
        .hasPrefix("<body>a<script data-wallgen-live-reload>"))
  }

  @Test("the generation is embedded with anything but letters, digits and '-' removed")
  func embedsSafely() {
    let script = LiveReload.script(generation: "a1-2\"</script>")
    #expect(script.contains("var g=\"a1-2script\""))
    #expect(script.contains("fetch(\"/__wallgen/status\""))
  }

  @Test("the generation moves on at each build")
  func generation() {
    let generation = BuildGeneration()
    let first = generation.current
    #expect(first.hasSuffix("-1"))
    generation.advance()
    #expect(generation.current != first)
    #expect(generation.current.hasSuffix("-2"))
  }
}
