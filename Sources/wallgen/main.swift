#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import WallKit

exit(WallCLI.run(Array(CommandLine.arguments.dropFirst())).rawValue)
