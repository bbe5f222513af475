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
// was delivered before it; an ordered request
// counts as an ordered reorder when that later packet was an ordered
// request too (what the ordered bit promises never happens). State is kept
// only for pairs with packets alive (created, not yet delivered, dropped or
// discarded), so it holds at most as many entries as packets alive and a
// checkpoint copies little. Deterministic: nothing iterates the table.
#pragma once

#include "topology/ids.h"

#include <cstddef>
#include <cstdint>
#include <unordered_map>

namespace flit {

class PairOrder {
 public:
  struct Delivery {
    bool reordered = false;         // a later packet of the pair came first
    bool orderedReordered = false;  // an ordered request overtaken by a later ordered request
  };

  void created(NodeId src, NodeId dst, bool response) { ++pairs_[key(src, dst, response)].alive; }
  // The packet `serial` of src -> dst delivered; it ends.
  Delivery delivered(NodeId src, NodeId dst, bool response, std::int32_t serial, bool ordered) {
    const auto it = pairs_.find(key(src, dst, response));
    if (it == pairs_.end()) return {};  // created before this table was kept (cannot happen)
    Pair& p = it->second;
    Delivery d;
    d.reordered = serial < p.newest;
    if (ordered) {
      d.orderedReordered = serial < p.newestOrdered;
      if (serial > p.newestOrdered) p.newestOrdered = serial;
    }
    if (serial > p.newest) p.newest = serial;
    end(it);
    return d;
  }
  // The packet ended otherwise (dropped, discarded at a failed source).
  void ended(NodeId src, NodeId dst, bool response) {
    const auto it = pairs_.find(key(src, dst, response));
    if (it != pairs_.end()) end(it);
  }
  std::size_t pairsAlive() const { return pairs_.size(); }
  std::size_t bytes() const { return pairs_.bucket_count() * sizeof(void*) + pairs_.size() * (sizeof(Entry) + 2 * sizeof(void*)); }

 private:
  struct Pair {
    std::uint32_t alive = 0;
    std::int32_t newest = -1;         // highest serial delivered while the pair had packets alive
    std::int32_t newestOrdered = -1;  // the same among ordered requests
  };
  using Table = std::unordered_map<std::uint64_t, Pair>;
  using Entry = Table::value_type;
  // Node ids are below 2^31: bit 31 holds the class.
  static std::uint64_t key(NodeId src, NodeId dst, bool response) {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(src)) << 32) | static_cast<std::uint32_t>(dst) |
           (response ? std::uint64_t{1} << 31 : 0);
  }
  void end(Table::iterator it) {
    if (--it->second.alive == 0) pairs_.erase(it);
  }
  Table pairs_;
};

}  // namespace flit
