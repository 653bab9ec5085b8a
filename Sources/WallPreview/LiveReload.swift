import WallJSON

/// The live-reload script the preview server adds to the HTML pages it serves (never to the
/// built files): it polls the build status every second, reloads the page when the generation
/// differs from the one the page was served with, and shows the last build's problems as an
/// overlay (`ProblemOverlay`) until a clean build removes them.
public enum LiveReload {
  /// The path answering the current build generation as plain text.
  public static let versionPath = "/__wallgen/version"
  /// The path answering the generation and the last build's report as JSON (`statusJSON`).
  public static let statusPath = "/__wallgen/status"

  /// The script element for a page served at `generation`, with a clean report.
  /// - Parameter generation: letters, digits and `-` only (it is embedded in a JS string).
  public static func script(generation: String) -> String {
    script(generation: generation, report: .clean)
  }

  /// The script element for a page served at `snapshot`: its generation, and its report as
  /// HTML-safe JSON, shown at once when not clean.
  /// - Parameter snapshot: The generation (letters, digits and `-` are kept) and report.
  public static func script(_ snapshot: BuildGeneration.Snapshot) -> String {
    script(generation: snapshot.generation, report: snapshot.report)
  }

  /// The script element for `generation` (letters, digits and `-` are kept) and `report`
  /// (`BuildGeneration.Snapshot` makes it once per build, not once per page).
  static func script(generation: String, report: PreviewReport) -> String {
    let safe = String(
      generation.unicodeScalars.filter {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
      })
    return """
      <script data-wallgen-live-reload>(function(){var g="\(safe)";\
      var r=\(report.json.serialized);\(ProblemOverlay.script)\
      function poll(){fetch("\(statusPath)",{cache:"no-store"}).then(function(x){return x.json()})\
      .then(function(s){if(s.generation!==g){location.reload()}else{show(s.report);\
      setTimeout(poll,1000)}},function(){setTimeout(poll,1000)})}\
      show(r);setTimeout(poll,1000)})();</script>

      """
  }

  /// The answer at `statusPath`: `{"generation": "…", "report": {…}}`.
  /// - Parameter snapshot: The current generation and report.
  public static func statusJSON(_ snapshot: BuildGeneration.Snapshot) -> String {
    JSONValue.object([
      "generation": .string(snapshot.generation), "report": snapshot.report.json,
    ]).serialized
  }

  /// How far from the end of a page `</body` is looked for, in bytes.
  ///
  /// The script goes before the last `</body` that starts in the page's last 4 KiB, else at
  /// the end. Nothing else of the page is read for it, so a page of any size is streamed with
  /// the script in.
  public static let markerSearchLength = 4096

  /// The length of a page of `size` bytes once the script is in, known without reading it:
  /// the script is always added whole, inserted or appended.
  public static func injectedLength(of size: Int, generation: String) -> Int {
    injectedLength(of: size, BuildGeneration.Snapshot(generation: generation))
  }

  /// The length of a page of `size` bytes once the script for `snapshot` is in.
  public static func injectedLength(of size: Int, _ snapshot: BuildGeneration.Snapshot) -> Int {
    size + snapshot.script.count
  }

  /// `html` with the script inserted before its last `</body` (looked for in its last
  /// `markerSearchLength` bytes), or appended when there is none there.
  public static func inject(into html: [UInt8], generation: String) -> [UInt8] {
    inject(into: html, BuildGeneration.Snapshot(generation: generation))
  }

  /// `html` with the script for `snapshot` inserted before its last `</body` (looked for in
  /// its last `markerSearchLength` bytes), or appended.
  public static func inject(into html: [UInt8], _ snapshot: BuildGeneration.Snapshot) -> [UInt8] {
    let at = markerIndex(in: html.suffix(markerSearchLength)) ?? html.count
    var page: [UInt8] = []
    page.reserveCapacity(html.count + snapshot.script.count)
    page += html[..<at]
    page += snapshot.script
    page += html[at...]
    return page
  }

  /// Where the script goes in a page whose last bytes are `tail`: the index, in `tail`, of the
  /// last `</body` (any case) in it; nil when there is none (the script is then appended).
  static func markerIndex(in tail: ArraySlice<UInt8>) -> Int? {
    let marker = Array("</body".utf8)
    var index = tail.endIndex - marker.count
    while index >= tail.startIndex {
      if tail[index] == 0x3C
        && zip(tail[index...], marker).allSatisfy({ lowercase($0) == $1 })
      {
        return index
      }
      index -= 1
    }
    return nil
  }

  private static func lowercase(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
  }
}
