// Packets of one source and destination that arrive out of the order they
// were created in. T3E paper section 5: "Adaptive routing introduces the
// possibility of packet-reordering in the network ... The processor may
// issue ordered requests which will not adapt (although their responses
// will because that is not functionally visible)."
//
// A pair is a source, a destination and a class (requests or responses:
// they travel on their own VCs and source queues, and a response is not
// ordered against the requests it answers). A delivered packet counts as
// reordered when a packet of its pair created after it (a higher serial)
// was delivered before it; an ordered request counts as an ordered reorder
// when that later packet was an ordered request too (what the ordered bit
// promises never happens).
//
// Kept per source: the packets it created that are alive (created, not yet
// delivered, dropped or discarded), one small contiguous list each in
// creation order. A delivery marks the packets of its pair created before
// it as overtaken; nothing is allocated per packet, and the lists hold only
// the packets alive (a checkpoint copies little). Deterministic.
#pragma once

#include "topology/ids.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace flit {

class PairOrder {
 public:
  struct Delivery {
    bool reordered = false;         // a later packet of the pair came first
    bool orderedReordered = false;  // an ordered request overtaken by a later ordered request
  };

  void resize(std::size_t nodes) { alive_.assign(nodes, {}); }
  void created(NodeId src, NodeId dst, bool response, std::int32_t serial) {
    alive_[static_cast<std::size_t>(src)].push_back(Alive{serial, pairKey(dst, response), 0, 0});
  }
  // The packet `serial` of src -> dst delivered (`ordered`: an ordered
  // request); it ends.
  Delivery delivered(NodeId src, NodeId dst, bool response, std::int32_t serial, bool ordered) {
    std::vector<Alive>& list = alive_[static_cast<std::size_t>(src)];
    // The list is in creation order: up to the packet itself come those
    // created before it and still on their way; a packet of its pair among
    // them has been overtaken. Packets mostly arrive oldest first, so this
    // walk is short.
    const std::uint32_t key = pairKey(dst, response);
    auto self = list.begin();  // walks the earlier packets until it reaches this one
    for (; self != list.end() && self->serial != serial; ++self) {
      Alive& earlier = *self;
      if (earlier.pair != key) continue;
      earlier.overtaken = 1;
      earlier.overtakenByOrdered |= ordered ? 1 : 0;
    }
    if (self == list.end()) return {};  // not listed (cannot happen)
    const Delivery d{self->overtaken != 0, ordered && self->overtakenByOrdered != 0};
    list.erase(self);
    return d;
  }
  // The packet ended otherwise (dropped, discarded at a failed source).
  void ended(NodeId src, std::int32_t serial) {
    std::vector<Alive>& list = alive_[static_cast<std::size_t>(src)];
    const auto self = std::find_if(list.begin(), list.end(), [&](const Alive& a) { return a.serial == serial; });
    if (self != list.end()) list.erase(self);
  }
  std::size_t packetsAlive() const {
    std::size_t n = 0;
    for (const auto& list : alive_) n += list.size();
    return n;
  }
  std::size_t bytes() const {
    std::size_t b = alive_.capacity() * sizeof(std::vector<Alive>);
    for (const auto& list : alive_) b += list.capacity() * sizeof(Alive);
    return b;
  }

 private:
  struct Alive {
    std::int32_t serial;
    std::uint32_t pair;  // destination and class (pairKey)
    std::uint8_t overtaken;
    std::uint8_t overtakenByOrdered;
  };
  static std::uint32_t pairKey(NodeId dst, bool response) {
    return (static_cast<std::uint32_t>(dst) << 1) | (response ? 1u : 0u);
  }
  std::vector<std::vector<Alive>> alive_;  // per source node, in creation order
};

}  // namespace flit
