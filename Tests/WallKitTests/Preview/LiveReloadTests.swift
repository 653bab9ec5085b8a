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
