#if canImport(Glibc)
  import CMalloc
  import Glibc
#endif

/// glibc's allocator settings, made by the command that runs: they hold for the whole process,
/// so that the executable and the one-process build set them, and no other code does.
///
/// A setting the environment already makes (`MALLOC_MMAP_THRESHOLD_`, `MALLOC_TRIM_THRESHOLD_`,
/// `MALLOC_TOP_PAD_`) is left as it is. Elsewhere than on glibc, these do nothing.
package enum AllocatorSettings {
  /// Maps buffers of 128 KiB and more on their own, so that they are returned when freed.
  ///
  /// Otherwise glibc raises this threshold as such buffers are freed, and keeps them in its
  /// heap: with it, a shard's peak at 1M users fell from 220 to 200 MiB (`docs/scale.md`, "1M
  /// users: a hub's wall bounded"), at the same CPU. Set by the executable at start.
  package static func returnLargeBuffers() {
    #if canImport(Glibc)
      if getenv("MALLOC_MMAP_THRESHOLD_") == nil { _ = mallopt(M_MMAP_THRESHOLD, 128 << 10) }
    #endif
  }

  /// Keeps up to 16 MiB free at the top of each heap, and grows a heap by 16 MiB at a time.
  ///
  /// Fixing the mmap threshold (`returnLargeBuffers()`) also fixes when glibc gives the top of a
  /// heap back: at 128 KiB free. The one-process build frees a page's renderings at the end of
  /// each page, on two threads, so that its heaps shrank and grew again on every page, with a
  /// system call and fresh page faults each time: a re-render of the 10k export spent 12.5 s
  /// in the kernel. With this, its render step took 10.7–12.0 s instead of 14.8 s, at the same
  /// peak RSS (`docs/performance.md`, "The allocator's heaps"). A shard's and a plan part's CPU
  /// did not change with it, and their peaks rose by 5–8 MiB at 100k users, so only the
  /// one-process build sets it.
  package static func keepHeapTops() {
    #if canImport(Glibc)
      if getenv("MALLOC_TRIM_THRESHOLD_") == nil { _ = mallopt(M_TRIM_THRESHOLD, 16 << 20) }
      if getenv("MALLOC_TOP_PAD_") == nil { _ = mallopt(M_TOP_PAD, 16 << 20) }
    #endif
  }
}
