// `scale-bench publish DIR [--walls N] [--pages N] [--rounds N] [--pause S]`: what publishing
// a staged re-render costs, one way against the other in the same run. A site of N walls of N
// pages each (2 KiB a page) is made in DIR/site; each round stages new bytes for every page and
// publishes them (`StagingCommit.placeAll`, then `StagingArea.discard`), once swapping each
// page with the one it replaces (`renameat2` with `RENAME_EXCHANGE`) and once hard-linking
// the replaced page aside and renaming the new one over it, in turn. It prints each round and
// the medians. DIR must be a new or empty folder: it is removed at the end.
//
// Before each staging it waits `--pause` seconds (35 by default): ext4 passes over inodes freed
// in the last 30 s when it makes a file (`recently_deleted`), so pages made right after the
// last round's were removed take ten to twenty times as long, which no real build sees (its
// pages are made minutes after the last build removed the old ones).
import Foundation
import WallKit

/// Runs the publish benchmark in `folder`.
func runPublishBench(in folder: String) {
  let walls = option("--walls", default: 10_000)
  let pages = option("--pages", default: 8)
  let rounds = option("--rounds", default: 5)
  let pause = option("--pause", default: 35)
  guard FileSystem.kind(of: folder) == .missing || FileSystem.isEmptyFolder(folder) else {
    fail("\(folder) must be a new or empty folder")
  }
  let site = "\(folder)/site", state = "\(folder)/state"
  func page(_ wall: Int, _ number: Int, round: Int, swap: Bool) -> [UInt8] {
    Array(repeating: UInt8(ascii: "a") + UInt8((wall + number + round + 1) % 26), count: 2_048)
      + Array("\(wall) \(number) \(round) \(swap)".utf8)
  }
  do {
    for wall in 0..<walls {
      for number in 0..<pages {
        try FileSystem.writeAtomically(
          page(wall, number, round: -1, swap: false),
          to: "\(site)/walls/u\(wall)/page-\(number).html")
      }
    }
  } catch {
    fail("cannot make the site: \(error)")
  }
  print("publish: \(walls) walls of \(pages) pages (\(walls * pages) files replaced a round)")
  print("round\tway\tstage s\tplace s\tdiscard s\tpublish s")
  var publish: [Bool: [Double]] = [true: [], false: []]
  let clock = ContinuousClock()
  func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
  for round in 0..<rounds {
    // Which way goes first alternates, so that neither always follows the other.
    for swap in round % 2 == 0 ? [true, false] : [false, true] {
      do {
        sleep(UInt32(max(0, pause)))
        let start = clock.now
        let area = try StagingArea(
          folder: "\(state)/staging", siteRoot: site, stateRoot: state, listsFiles: false)
        for wall in 0..<walls {
          for number in 0..<pages {
            try area.stage(
              page(wall, number, round: round, swap: swap),
              at: "walls/u\(wall)/page-\(number).html",
              in: .site)
          }
        }
        let staged = clock.now
        let commit = StagingCommit(area: area)
        commit.swaps = swap
        try commit.placeAll(in: .site)
        let placed = clock.now
        area.discard()
        let discarded = clock.now
        let total = seconds(discarded - staged)
        publish[swap, default: []].append(total)
        print(
          "\(round + 1)\t\(swap ? "swap" : "link")\t"
            + [staged - start, placed - staged, discarded - placed].map {
              String(format: "%.2f", seconds($0))
            }.joined(separator: "\t") + "\t" + String(format: "%.2f", total))
      } catch {
        fail("round \(round + 1): \(error)")
      }
    }
  }
  func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }
  let (swapped, linked) = (median(publish[true] ?? []), median(publish[false] ?? []))
  print(
    String(
      format: "median publish: swap %.2f s, link %.2f s, swap/link %.2f×", swapped, linked,
      linked > 0 ? swapped / linked : 0))
  try? FileManager.default.removeItem(atPath: folder)
}
