import WallKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(WallCLI.run(Array(CommandLine.arguments.dropFirst())).rawValue)
