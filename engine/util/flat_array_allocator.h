// FlatArrayAllocator: the allocator of the simulator's big per-router arrays
// (engine/router/router_core.h).
#pragma once

#include <cstddef>
#include <new>
#include <vector>

namespace flit {

// Blocks start on a 64-byte cache line (a buffer's first flit slots share
// one line). For blocks of kHugeBlockBytes or more the kernel is asked for
// transparent huge pages before they are first written (madvise
// MADV_HUGEPAGE; Debian's default THP mode, "madvise", backs only such
// ranges with them): each 2 MB-aligned 2 MB range inside the block gets
// one. The cycle touches these arrays at random places all over the
// machine; on 4 KB pages a big torus's buffers span more pages than the TLB
// holds (docs/performance.md, stop 29: the XT 11x12x16 9.8 M node-cycles/s
// on 4 KB pages, 11.7 M on huge pages). The block itself is not aligned to 2 MB:
// with the big arrays all starting on a 2 MB boundary the generic 16x16x16
// ran 40% slower (same figure with huge pages off, so an effect of the
// alignment, not of the pages). Where the kernel gives no huge pages the
// advice is ignored.
inline constexpr std::size_t kHugeBlockBytes = std::size_t{2} << 20;

// Advises the pages of [p, p + bytes) for huge pages (flat_array_allocator.cpp:
// the system header stays out of the engine's headers).
void adviseHugePages(void* p, std::size_t bytes) noexcept;

template <class T>
struct FlatArrayAllocator {
  using value_type = T;
  FlatArrayAllocator() = default;
  template <class U>
  FlatArrayAllocator(const FlatArrayAllocator<U>&) noexcept {}  // NOLINT(google-explicit-constructor)
  T* allocate(std::size_t n) {
    void* p = ::operator new(n * sizeof(T), std::align_val_t{64});
    if (n * sizeof(T) >= kHugeBlockBytes) adviseHugePages(p, n * sizeof(T));
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t) noexcept { ::operator delete(p, std::align_val_t{64}); }
  template <class U>
  friend bool operator==(const FlatArrayAllocator&, const FlatArrayAllocator<U>&) {
    return true;
  }
};

// A vector of one of those arrays.
template <class T>
using FlatArray = std::vector<T, FlatArrayAllocator<T>>;

}  // namespace flit
