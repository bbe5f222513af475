// LineAlignedAllocator (engine/sim/simulator.h's flit slots).
#pragma once

#include <cstddef>
#include <new>

namespace flit {

// An allocator whose blocks start on a 64-byte cache line (the simulator's
// flit slots: a buffer's first slots share one line).
template <class T>
struct LineAlignedAllocator {
  using value_type = T;
  LineAlignedAllocator() = default;
  template <class U>
  LineAlignedAllocator(const LineAlignedAllocator<U>&) noexcept {}  // NOLINT(google-explicit-constructor)
  T* allocate(std::size_t n) {
    return static_cast<T*>(::operator new(n * sizeof(T), std::align_val_t{64}));
  }
  void deallocate(T* p, std::size_t) noexcept { ::operator delete(p, std::align_val_t{64}); }
  template <class U>
  friend bool operator==(const LineAlignedAllocator&, const LineAlignedAllocator<U>&) {
    return true;
  }
};

}  // namespace flit
