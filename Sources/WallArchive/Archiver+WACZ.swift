import WallModel
import WallWACZ

extension Archiver {
  /// Writes `<output>/<name>.wacz`: a web archive of exactly the files of the bag at `bag`
  /// (its `data/`), each at `<baseURL><name>/<path>`, its wall's pages listed as pages.
  /// - Parameters:
  ///   - bag: The installed bag.
  ///   - name: The bundle's name (the bag's folder name, `Archiver`'s one naming rule).
  ///   - owner: The wall's owner, for the archive's title.
  ///   - time: The date of every record (the bag's `Bagging-Date` instant).
  /// - Returns: The WACZ's path.
  /// - Throws: `ArchiveError.wacz` when a file cannot be read or the WACZ written.
  func writeWACZ(of bag: String, name: String, owner: User, time: WARCTime) throws(ArchiveError)
    -> String
  {
    let data = "\(bag)/data"
    let files = BagWriter.files(in: data)
    let resources = files.map {
      WACZResource(path: "\(name)/\($0)", source: .file("\(data)/\($0)"))
    }
    // The wall's pages sit at the top of data/: index.html first, then page-2.html, ...
    let pages = files.filter { !$0.contains("/") && $0.hasSuffix(".html") }.sorted {
      ($0 == "index.html" ? 0 : 1, $0.count, $0) < ($1 == "index.html" ? 0 : 1, $1.count, $1)
    }
    let path = "\(settings.output)/\(name).wacz"
    do throws(WACZError) {
      _ = try WACZWriter.write(
        WACZWriter.Contents(
          resources: resources, pages: pages.map { "\(name)/\($0)" },
          title: "The image wall of \(owner.displayName), as they could see it"),
        to: path, base: settings.waczBase, time: time)
    } catch {
      throw .wacz(error)
    }
    return path
  }
}
