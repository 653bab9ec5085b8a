/// Template source with a `1️⃣` marker where a test expects an error to point; the marker is
/// removed from `source` and its place kept as `line` and `column` (in Unicode scalars).
struct MarkedTemplate {
  let source: String
  let line: Int
  let column: Int

  init(_ marked: String) {
    let scalars = Array(marked.unicodeScalars)
    let marker = Array("1️⃣".unicodeScalars)
    let start =
      scalars.indices.first { scalars[$0...].starts(with: marker) } ?? scalars.endIndex
    let before = scalars[..<start]
    var text = String.UnicodeScalarView(before)
    text.append(contentsOf: scalars[min(start + marker.count, scalars.endIndex)...])
    source = String(text)
    line = before.filter { $0 == "\n" }.count + 1
    column = start - (before.lastIndex(of: "\n").map { $0 + 1 } ?? 0) + 1
  }
}
