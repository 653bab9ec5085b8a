import Foundation
import WallFuzz

#if FUZZING
  /// libFuzzer's own driver (`libclang_rt.fuzzer_no_main`, linked by scripts/fuzz.sh): it parses
  /// the libFuzzer options in `argv` and calls `callback` with each input.
  @_silgen_name("LLVMFuzzerRunDriver")
  func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt

  /// The harness chosen by `WALLGEN_FUZZ_TARGET`, set once before the driver starts.
  nonisolated(unsafe) private var chosen = FuzzTarget.json

  /// With `-DFUZZING`: a libFuzzer binary running the harness named by `WALLGEN_FUZZ_TARGET`
  /// (the main program is ours, not libFuzzer's, so that every other executable of the package
  /// still links with its own `main` in the same instrumented build).
  @main
  struct WallgenFuzz {
    static func main() {
      let name = ProcessInfo.processInfo.environment["WALLGEN_FUZZ_TARGET"] ?? ""
      guard let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("set WALLGEN_FUZZ_TARGET to one of: \(names)\n".utf8))
        exit(64)
      }
      chosen = target
      var argc = CommandLine.argc
      var argv = CommandLine.unsafeArgv
      let status = runFuzzerDriver(&argc, &argv) { data, size in
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        chosen.run(bytes)
        return 0
      }
      exit(status)
    }
  }
#else
  /// Without `-DFUZZING`: replays files through a harness (`wallgen-fuzz TARGET FILE|FOLDER...`),
  /// which is how crash inputs are checked after a fix; `wallgen-fuzz seeds FOLDER` writes the
  /// generated seeds (`FuzzSeeds`) under `FOLDER/<target>/`.
  @main
  struct WallgenFuzz {
    static func main() {
      let arguments = Array(CommandLine.arguments.dropFirst())
      let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
      guard arguments.count >= 2 else {
        fail("usage: wallgen-fuzz \(names) FILE|FOLDER...\n       wallgen-fuzz seeds FOLDER")
      }
      if arguments[0] == "seeds" {
        writeSeeds(into: arguments[1])
        return
      }
      guard let target = FuzzTarget(rawValue: arguments[0]) else {
        fail("unknown target '\(arguments[0])': \(names)")
      }
      var count = 0
      for path in arguments.dropFirst() {
        for file in files(at: path) {
          guard let data = FileManager.default.contents(atPath: file) else {
            fail("cannot read \(file)")
          }
          target.run(Array(data))
          count += 1
        }
      }
      print("\(target.rawValue): \(count) inputs ran without a crash")
    }

    static func files(at path: String) -> [String] {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
      else { return [path] }
      let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      return names.sorted().map { "\(path)/\($0)" }
    }

    static func writeSeeds(into folder: String) {
      for target in FuzzTarget.allCases {
        let seeds: [(name: String, bytes: [UInt8])]
        do {
          seeds = try FuzzSeeds.make(target)
        } catch {
          fail("cannot make the \(target.rawValue) seeds: \(error)")
        }
        let targetFolder = "\(folder)/\(target.rawValue)"
        try? FileManager.default.createDirectory(
          atPath: targetFolder, withIntermediateDirectories: true)
        for seed in seeds {
          let path = "\(targetFolder)/\(seed.name)"
          guard FileManager.default.createFile(atPath: path, contents: Data(seed.bytes)) else {
            fail("cannot write \(path)")
          }
        }
        print("\(target.rawValue): \(seeds.count) seeds in \(targetFolder)")
      }
    }

    static func fail(_ message: String) -> Never {
      FileHandle.standardError.write(Data((message + "\n").utf8))
      exit(64)
    }
  }
#endif
