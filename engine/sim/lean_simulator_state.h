// The lean engine's state layout (lean_simulator_hot.h; docs/engine.md,
// "The lean engine"): a router's decision block, a lane's row, the flit,
// and the two queries the allocator makes of a block. Private to engine/sim.
#pragma once

#include "topology/topology.h"

#include <emmintrin.h>  // SSE2: part of the x86-64 baseline

#include <array>
#include <cstdint>
#include <type_traits>

namespace flit {

// Lanes of a router: lane = port * K + vc for ports 0..6 (8 * K lanes, the
// last K unused), K = the VC count rounded up to 2, 4 or 8.
template <int K>
struct LeanLanes {
  static constexpr int kLanes = 8 * K;
  using Mask = std::conditional_t<(kLanes <= 32), std::uint32_t, std::uint64_t>;
  static constexpr Mask kPortLanes = static_cast<Mask>((1u << K) - 1u);  // one port's lanes
  static constexpr Mask kPortBits = [] {  // bit port * K for each of the 7 ports
    Mask m = 0;
    for (int p = 0; p < kPortsPerNode; ++p) m |= static_cast<Mask>(Mask{1} << (p * K));
    return m;
  }();
};

// A flit in a buffer or on a link (16 bytes, like Simulator's FlitSlot).
struct LeanFlit {
  std::int32_t packet;
  NodeId dest;
  // In a buffer: the first cycle it may leave. On a link: where it goes,
  // node << 8 | lane.
  std::uint32_t ready;
  std::uint8_t index;   // 0 = head
  std::uint8_t length;
  std::uint8_t level;   // head: dateline VC on the current ring
  std::uint8_t pad;
};
static_assert(sizeof(LeanFlit) == 16);

// opposite(d) for a direction d (a port that sends), as a table; 0 for the
// processor port (a value never used, read to spare a branch).
inline constexpr std::array<std::uint8_t, 8> kLeanOppositeOf = {3, 4, 5, 0, 1, 2, 0, 0};

// A router's decision state: everything the allocator reads to decide,
// in consecutive cache lines (one for 2 VCs: the ready cycles, routes and
// VC choices; then the rest). A buffer is read only to send from it.
template <int K>
struct alignas(64) LeanBlock {
  static constexpr int kLanes = LeanLanes<K>::kLanes;
  using Mask = typename LeanLanes<K>::Mask;
  std::array<std::uint16_t, kLanes> ready{};  // front's ready cycle, low 16 bits
  std::array<std::int8_t, kLanes> out{};      // front packet's output port
  // Head at the front: its dateline VC (bits 0-2) and credit need (bits
  // 3-7). Body at the front: the output VC its packet holds (bits 0-2)
  // and need 1.
  std::array<std::uint8_t, kLanes> sel{};
  // Per output VC (out * K + vc; 8 ports' worth, so that any port value
  // indexes it): credits, the buffer depth being at most 255.
  std::array<std::uint8_t, 8 * K> credits{};
  Mask nonEmpty = 0;
  Mask heads = 0;  // lanes whose front is a head
  Mask owned = 0;  // output VCs (bit out * K + vc) held by a packet (6 * K bits)
  std::array<std::uint8_t, kPortsPerNode> rrVc{};
  std::array<std::uint8_t, kPortsPerNode> rrInput{};
  std::uint8_t datelineDirs = 0;
};
// A lane's buffer state, statistics (Simulator::VcStats but the blocked
// cycles) and front flit in one cache line: a flit entering an empty
// buffer or leaving it touches this line only. The flits behind the front
// are in far_, a ring of depth_ - 1 per lane that restarts at its first
// slot whenever only the front is left.
struct alignas(64) LeanRow {
  std::int64_t occupancyArea = 0;  // as Simulator::VcStats
  std::uint64_t flitsIn = 0, packetsIn = 0;
  std::uint8_t count = 0;   // flits buffered, the front included
  std::uint8_t behind = 0;  // far_ position of the first flit behind the front
  LeanFlit front{};
};
static_assert(sizeof(LeanRow) == 64);

// The lanes whose front is not ready yet: ready - now > 0 in 16 bits.
template <int K>
typename LeanLanes<K>::Mask leanNotReady(const LeanBlock<K>& b, std::uint16_t now) {
  using Mask = typename LeanLanes<K>::Mask;
  constexpr int kLanes = LeanLanes<K>::kLanes;
  const __m128i nowv = _mm_set1_epi16(static_cast<short>(now));
  const __m128i zero = _mm_setzero_si128();
  Mask m = 0;
  for (int i = 0; i < kLanes / 16; ++i) {
    const __m128i lo = _mm_sub_epi16(
        _mm_load_si128(reinterpret_cast<const __m128i*>(&b.ready[static_cast<std::size_t>(16 * i)])), nowv);
    const __m128i hi = _mm_sub_epi16(
        _mm_load_si128(reinterpret_cast<const __m128i*>(&b.ready[static_cast<std::size_t>(16 * i + 8)])), nowv);
    const auto bits = static_cast<std::uint32_t>(
        _mm_movemask_epi8(_mm_packs_epi16(_mm_cmpgt_epi16(lo, zero), _mm_cmpgt_epi16(hi, zero))));
    m |= static_cast<Mask>(static_cast<Mask>(bits) << (16 * i));
  }
  return m;
}

// One bit per port (bit port * K) whose lanes in `m` hold a set bit.
template <int K>
typename LeanLanes<K>::Mask leanPortsOf(typename LeanLanes<K>::Mask m) {
  for (int s = 1; s < K; s <<= 1) m |= m >> s;
  return m & LeanLanes<K>::kPortBits;
}

}  // namespace flit
