// The side panel's answers (issue 5: node inspector, routing-tag editor,
// node faults): the inspected node and the tag preview the watch set asks
// for (watch_set.h), built by TorusRun as immutable values in every frame
// (Frame::torus->inspection, ->tagPreview): a window never reads engine
// state itself.
#pragma once

#include "topology/topology.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace flit {

// The requests (the inspected node, the tag preview) are parts of the
// watch set (watch_set.h).
// --- answers (inside the Frame) ---

// SeaStar performance counters of one input port (XT paper Table 4:
// RTR_PERF_VCv_PKTS, RTR_PERF_VCv_FLITS, RTR_PERF_VCv_BLOCKED per VC;
// RTR_PERF_STALLED per port, counted when the port's output is stalled).
struct InspectedPort {
  bool present = false;  // the node has this port (a link or the processor)
  bool linkUp = true;
  std::vector<int> buffered;  // per VC: flits in the input buffer now
  std::vector<std::uint64_t> packets, flits, blockedCycles;  // per VC, since inspected / reset
  std::uint64_t stalledCycles = 0;
  friend bool operator==(const InspectedPort&, const InspectedPort&) = default;
};

struct NodeInspection {
  flit::NodeId node = flit::kInvalidId;
  std::uint64_t cycle = 0;
  std::vector<int> capacity;  // per VC: buffer depth in flits
  std::vector<std::uint8_t> vcClass;  // per VC: VcClass (frame_snapshot.h), for the bar colours
  std::array<InspectedPort, flit::kPortsPerNode> ports;
  // The routing tag the node's router builds per destination node (through
  // the PE map and its R_LUT_OVERRIDE mode); empty when the algorithm has no
  // LUT (dimension order).
  std::vector<std::uint64_t> lutTags;
  std::vector<std::uint8_t> lutEdited;  // per destination: 1 when set by the tag editor
  int lutMode = -1;                     // manual Table 6 mode; -1 without a LUT
  // Node identification (manual HMM-160-0, Figures 11-12; T3E paper section
  // 9): the logical PE the node holds now, the home node of that PE (the
  // node itself unless a hot-spare move renamed it) and whether it is a
  // hot spare. logicalPe -1: the routing has no PE map in use (no LUT).
  int logicalPe = -1;
  flit::NodeId peHome = flit::kInvalidId;
  bool hotSpare = false;
  friend bool operator==(const NodeInspection&, const NodeInspection&) = default;
};

struct PreviewHop {
  flit::NodeId node = flit::kInvalidId;
  int outPort = flit::kProcessorPort;  // Direction, kProcessorPort or kRouteMisroute
  std::uint8_t vc = 0;                 // dateline VC on the output channel
  bool crossedDateline = false;
  bool violation = false;  // crossed a dateline already on VC1 (R_ERR0 bits 5:0)
  flit::LinkId link = flit::kInvalidId;  // the link the hop takes (kInvalidId: none)
  flit::ChannelId channel = flit::kInvalidId;  // and its direction on it
  friend bool operator==(const PreviewHop&, const PreviewHop&) = default;
};

struct TagPreview {
  std::uint64_t requestId = 0;
  flit::NodeId source = flit::kInvalidId;
  flit::NodeId destination = flit::kInvalidId;
  std::uint64_t tag = 0;          // the tag traced
  std::uint64_t lutTag = 0;       // the tag the LUT holds now for the pair
  std::uint64_t generatedTag = 0; // the tag the route generator made
  bool edited = false;            // the LUT entry differs from the generated one
  bool hasLut = false;            // direction-order routing (else the tag is not used)
  int lutMode = -1;               // the source's R_LUT_OVERRIDE mode (manual Table 6)
  int lutIndex = -1;              // the R_NET_LUT entry the pair uses (-1: mode 3, or no LUT): what Apply writes
  int entryShared = 1;            // destinations the source's LUT entry serves (4 in modes 1/2)
  std::vector<PreviewHop> hops;
  int outcome = 0;            // flit::PathOutcome
  std::string outcomeText;    // pathOutcomeName
  flit::NodeId endNode = flit::kInvalidId;
  std::vector<std::string> tagProblems;  // validateTag (field names of Table 7)
  std::string error;          // the request itself was bad (names the field)
  friend bool operator==(const TagPreview&, const TagPreview&) = default;
};

}  // namespace flit
