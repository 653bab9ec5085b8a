import WallSynth

// Regenerates the demo export bundled in Examples/demo-export (see DemoExport).
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(DemoCommand.run(Array(CommandLine.arguments.dropFirst())).rawValue)
