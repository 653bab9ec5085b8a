// Reads a class file's rows through wallgen's JSONReader, keeping nothing, and prints the time
// and the row count (run by run-json-bench.sh, which compiles it with the JSON sources).
import Glibc

/// The whole file, or nil when it cannot be read.
func contents(of path: String) -> [UInt8]? {
  let descriptor = open(path, O_RDONLY)
  guard descriptor >= 0 else { return nil }
  defer { close(descriptor) }
  var info = stat()
  guard fstat(descriptor, &info) == 0 else { return nil }
  let size = Int(info.st_size)
  var bytes = [UInt8](repeating: 0, count: size)
  var done = 0
  while done < size {
    let count = bytes.withUnsafeMutableBytes { buffer in
      read(descriptor, buffer.baseAddress.map { $0 + done }, size - done)
    }
    guard count > 0 else { return nil }
    done += count
  }
  return bytes
}

/// Milliseconds on the monotonic clock.
func milliseconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
  print("usage: bench-rows FILE")
  exit(64)
}
let start = milliseconds()
guard let bytes = contents(of: arguments[1]) else {
  print("cannot read \(arguments[1])")
  exit(1)
}
let reader = JSONReader(bytes)
var rows = 0
do {
  reading: while true {
    switch try reader.nextRow() {
    case .row: rows += 1
    case .end, .notRows: break reading
    }
  }
} catch {
  print("\(arguments[1]): invalid JSON at \(error)")
  exit(1)
}
print("JSONReader rows \(arguments[1]): \(rows) rows in \(Int(milliseconds() - start)) ms")
