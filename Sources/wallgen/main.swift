import WallKit

#if canImport(Glibc)
  import CMalloc
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(Glibc)
  // Buffers of 128 KiB and more are mapped on their own and returned when freed, instead of
  // glibc raising this threshold as they are freed and keeping them in its heap: a shard's
  // peak at 1M users fell from 220 to 200 MiB (`docs/scale.md`, "1M users: a hub's wall
  // bounded"), at the same CPU. A `MALLOC_MMAP_THRESHOLD_` in the environment still wins.
  if getenv("MALLOC_MMAP_THRESHOLD_") == nil { _ = mallopt(M_MMAP_THRESHOLD, 128 << 10) }
#endif

exit(WallCLI.run(Array(CommandLine.arguments.dropFirst())).rawValue)
