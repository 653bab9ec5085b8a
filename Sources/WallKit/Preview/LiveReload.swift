/// The live-reload script the preview server adds to the HTML pages it serves (never to the
/// built files): it polls the build generation every second and reloads the page when the
/// generation differs from the one the page was served with.
public enum LiveReload {
  /// The path answering the current build generation as plain text.
  public static let versionPath = "/__wallgen/version"

  /// The script element for a page served at `generation`.
  /// - Parameter generation: letters, digits and `-` only (it is embedded in a JS string).
  public static func script(generation: String) -> String {
    let safe = String(
      generation.unicodeScalars.filter {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
      })
    return """
      <script data-wallgen-live-reload>(function(){var g="\(safe)";function poll(){\
      fetch("\(versionPath)",{cache:"no-store"}).then(function(r){return r.text()})\
      .then(function(t){if(t.trim()!==g){location.reload()}else{setTimeout(poll,1000)}},\
      function(){setTimeout(poll,1000)})}setTimeout(poll,1000)})();</script>

      """
  }

  /// HTML pages larger than this are served as built, without the script (and are not read
  /// into memory whole).
  public static let maxInjectedSize = 8 * 1024 * 1024

  /// The length of a page of `size` bytes once the script is in, known without reading it:
  /// the script is always added whole, inserted or appended.
  public static func injectedLength(of size: Int, generation: String) -> Int {
    size + script(generation: generation).utf8.count
  }

  /// `html` with the script inserted before its last `</body`, or appended when there is none.
  public static func inject(into html: [UInt8], generation: String) -> [UInt8] {
    let script = Array(script(generation: generation).utf8)
    let marker = Array("</body".utf8)
    var index = html.count - marker.count
    while index >= 0 {
      if zip(html[index...], marker).allSatisfy({ lowercase($0) == $1 }) {
        return Array(html[..<index]) + script + Array(html[index...])
      }
      index -= 1
    }
    return html + script
  }

  private static func lowercase(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
  }
}
