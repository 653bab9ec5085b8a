import WallJSON
import WallSite
import WallSupport

extension SiteConfig {
  /// Reads the value of `"rotateLinks"`: `{"<objectId>": <count>, ...}`, each count a whole
  /// number from 1 to `LinkRotations.maximumCount`, raised by one each time that person's
  /// private link must be replaced.
  /// - Throws: `UsageError` naming the file, the key (`rotateLinks.<objectId>`) and the reason.
  static func linkRotations(_ value: JSONValue, file: String) throws(UsageError) -> LinkRotations {
    guard let members = value.objectValue else {
      throw UsageError(
        "\(file): 'rotateLinks' must be an object of objectIds and counts such as "
          + "{\"u123\": 1}, not \(value.kindDescription)")
    }
    var counts: [String: Int] = [:]
    for (objectId, count) in members.sorted(by: { $0.key < $1.key }) {
      guard !objectId.isEmpty else {
        throw UsageError("\(file): 'rotateLinks' has an empty objectId")
      }
      guard let number = count.integerValue, let whole = Int(exactly: number),
        (1...LinkRotations.maximumCount).contains(whole)
      else {
        throw UsageError(
          "\(file): 'rotateLinks.\(objectId)' must be a whole number from 1 to "
            + "\(NumberText.grouped(LinkRotations.maximumCount)) (raise it by one to replace "
            + "that person's link again), not "
            + (count.integerValue != nil || count.doubleValue != nil
              ? count.serialized : count.kindDescription))
      }
      counts[objectId] = whole
    }
    return LinkRotations(counts: counts, file: file)
  }
}
