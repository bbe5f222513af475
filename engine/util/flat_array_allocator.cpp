// FlatArrayAllocator's advice to the kernel (util/flat_array_allocator.h).
#include "util/flat_array_allocator.h"

#include <sys/mman.h>

#include <cstdint>

namespace flit {

// From the page holding p: the kernel backs each 2 MB-aligned 2 MB range
// inside the advised pages with a huge page.
void adviseHugePages(void* p, std::size_t bytes) noexcept {
  const auto start = reinterpret_cast<std::uintptr_t>(p) & ~std::uintptr_t{4095};
  const auto end = reinterpret_cast<std::uintptr_t>(p) + bytes;
  (void)madvise(reinterpret_cast<void*>(start), end - start, MADV_HUGEPAGE);  // advice: failure leaves 4 KB pages
}

}  // namespace flit
