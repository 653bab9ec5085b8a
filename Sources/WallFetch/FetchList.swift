import WallImport
import WallJSON
import WallSupport

/// The files an export's File fields link to, read from its class files.
public struct FetchList: Sendable, Equatable {
  /// One item per file name, in the order first met (class files by name, rows in order).
  public var items: [FetchItem] = []
  /// Rows whose File cannot be fetched (no URL, an unsafe name, a name another URL takes) and
  /// class files that cannot be read.
  public var refused: [FetchRecord] = []

  /// Creates an empty list.
  public init() {}

  /// Reads every `*.json` class file at the top of `export`, row by row, and lists each File
  /// field of each row (`{"__type":"File","name":…,"url":…}`).
  /// - Parameters:
  ///   - export: the export folder.
  ///   - limits: the size caps of class files and rows, as the import has them.
  public static func read(export: String, limits: ImportLimits = ImportLimits()) -> FetchList {
    var list = FetchList()
    var byName: [String: Int] = [:]
    for classFile in FileSystem.contents(of: export).sorted()
    where classFile.hasSuffix(".json") && FileSystem.kind(of: "\(export)/\(classFile)") == .regular
    {
      list.readClassFile(classFile, in: export, limits: limits, byName: &byName)
    }
    return list
  }

  private mutating func readClassFile(
    _ classFile: String, in export: String, limits: ImportLimits, byName: inout [String: Int]
  ) {
    let reader: JSONReader
    do throws(FileSystemError) {
      let bytes = try FileSystem.readFile("\(export)/\(classFile)", limit: limits.classFileBytes)
      reader = JSONReader(bytes, maximumDepth: limits.maximumDepth, pieceBytes: limits.rowBytes)
    } catch {
      refuseFile(classFile, "cannot be read: \(error); its files are not fetched")
      return
    }
    while true {
      let step: JSONRowStep
      do throws(JSONSyntaxError) {
        step = try reader.nextRow()
      } catch {
        refuseFile(classFile, "invalid JSON at \(error); its files are not fetched")
        return
      }
      switch step {
      case .row(let row): addFiles(of: row, classFile: classFile, byName: &byName)
      case .tooLarge, .notRows, .end: return
      }
    }
  }

  private mutating func refuseFile(_ classFile: String, _ reason: String) {
    refused.append(
      FetchRecord(url: "", file: classFile, classFile: classFile, objectId: "", reason: reason))
  }

  /// Lists the File fields of one row, in the order of their field names.
  private mutating func addFiles(
    of row: JSONValue, classFile: String, byName: inout [String: Int]
  ) {
    guard let fields = row.objectValue else { return }
    let objectId = fields["objectId"]?.stringValue ?? ""
    for field in fields.keys.sorted() {
      guard let value = fields[field]?.objectValue, value["__type"]?.stringValue == "File"
      else { continue }
      let url = value["url"]?.stringValue ?? ""
      let given = value["name"]?.stringValue ?? ""
      let name = given.isEmpty ? ExportPath.lastComponent(ofURL: url) : given
      let item = FetchItem(url: url, name: name, classFile: classFile, objectId: objectId)
      if let reason = Self.refusal(
        of: item, field: field, given: given, byName: byName, items: items)
      {
        if reason.isEmpty { continue }
        refused.append(
          FetchRecord(
            url: url, file: FetchItem.isSafeName(name) ? item.path : classFile,
            classFile: classFile, objectId: objectId, reason: reason))
        continue
      }
      byName[name] = items.count
      items.append(item)
    }
  }

  /// Why `item` is not fetched; "" when another object already links the same URL under the
  /// same name (it is fetched once), nil when it is fetched.
  private static func refusal(
    of item: FetchItem, field: String, given: String, byName: [String: Int], items: [FetchItem]
  ) -> String? {
    guard !item.url.isEmpty else {
      return "the File of field \"\(field)\" has no url; nothing to fetch"
    }
    guard FetchItem.isSafeName(item.name) else {
      let shown = given.isEmpty ? "the url's last component" : "the name"
      return
        "\(shown) \"\(item.name)\" of field \"\(field)\" is not a plain file name (empty, "
        + "'.', '..', or holding '/', a backslash, NUL or a control character); refused"
    }
    if FilesFolder.isReserved(item.name) {
      return
        "the name \"\(item.name)\" of field \"\(field)\" is the folder fetch keeps its downloads "
        + "under way in; refused"
    }
    if let index = byName[item.name] {
      let first = items[index]
      if first.url == item.url { return "" }
      return
        "\(first.classFile) object \(first.objectId) names the same file from \(first.url); "
        + "only that one is fetched"
    }
    return nil
  }
}
