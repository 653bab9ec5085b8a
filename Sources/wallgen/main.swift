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
  // Fixing the threshold above also fixes when glibc gives the top of its heaps back: at 128 KiB
  // free, by default. A page's renderings are freed at the end of each page, so the heaps
  // shrank and grew again on every page, a system call and fresh page faults each time: a
  // re-render of the 10k export spent 12.5 s in the kernel. Keeping up to 16 MiB free at the
  // top of each heap, and growing a heap by 16 MiB at a time, took its render step from 14.8
  // to 10.5–11.5 s at the same peak RSS (`docs/performance.md`, "The allocator's heaps").
  if getenv("MALLOC_TRIM_THRESHOLD_") == nil { _ = mallopt(M_TRIM_THRESHOLD, 16 << 20) }
  if getenv("MALLOC_TOP_PAD_") == nil { _ = mallopt(M_TOP_PAD, 16 << 20) }
#endif

exit(WallCLI.run(Array(CommandLine.arguments.dropFirst())).rawValue)
