// Destinations for the circuit simulator: uniform, or with the locality
// structure of the paper's Tables 5-7 (section 6.2): P_any(n), the
// probability that a connection is routed through tree level n.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fattree/fat_tree_network.h"
#include "traffic/rng.h"

namespace flit::fattree {

enum class FatTreePattern : std::uint8_t { Uniform, Locality };
const char* fatTreePatternName(FatTreePattern p);
std::optional<FatTreePattern> parseFatTreePattern(const std::string& name);

struct LocalityTable {
  // pAny[n] for n = 0..treeLevels (pAny[0]: same bidelta cluster; 0 for
  // full fat-trees), normalised to sum 1.
  std::vector<double> pAny;
  std::string source;  // "Table 5, 4096 processors", ...
};

// The paper's table for this network, or nullopt when it has none (the
// paper tabulates 64, 4096 and 262144 endpoints of full fat-trees and one
// or two unit tree stages over bidelta clusters). The misprints and the
// values used are documented in the .cpp and docs/fat-tree.md.
std::optional<LocalityTable> paperLocality(const FatTreeSpec& spec);

// Draws destinations for one network.
class DestinationPicker {
 public:
  // Throws std::invalid_argument for Locality on a network without a table.
  DestinationPicker(const FatTreeSpec& spec, std::uint32_t endpoints, FatTreePattern pattern);
  std::uint32_t pick(std::uint32_t src, Rng& rng) const;
  // Endpoints whose common ancestor with `src` is at exactly `level`.
  std::uint64_t endpointsAtLevel(int level) const;

 private:
  FatTreeSpec spec_;
  std::uint32_t endpoints_;
  FatTreePattern pattern_;
  std::vector<std::uint64_t> cumulative_;  // thresholds per level, for Rng::next()
};

}  // namespace flit::fattree
