import WallKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

WallCLI.setProcessAllocator()
exit(WallCLI.run(Array(CommandLine.arguments.dropFirst())).rawValue)
