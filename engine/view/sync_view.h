// The synchronization panel's data (issue 17, "In the GUI"; T3E paper
// section 6, docs/synchronization.md): what a window shows of the
// barrier/eureka networks (SimSync, engine/sim/sim_sync.h). The answer is
// Frame::torus->sync, built by TorusRun only while someone looks (the watch
// set's sync part: the panel open or the tree overlay on), so other frames
// stay cheap. Every fact in here is the engine's: a window computes none.
#pragma once

#include "sim/sim_sync.h"
#include "topology/topology.h"

#include <array>
#include <cstdint>
#include <vector>

namespace flit {

struct SyncView {
  bool hasTrees = false;     // the scenario has sync.trees (Simulator::sync())
  std::vector<int> bsus;     // the configured BSUs, ascending
  int bsu = -1;              // the BSU the rest is about (-1: not configured)
  // Per NodeId, for `bsu`: the BSU state (flit::BsuState as a number:
  // 0 S_BAR, 1 S_ARM, 2 S_EUR), whether the processor participates, and the
  // router's tree parent direction (flit::SyncTree::parentDir: 0..5,
  // kNoParent at the root, kNotInTree outside).
  std::vector<std::uint8_t> state;
  std::vector<std::uint8_t> participates;
  std::vector<std::int8_t> parentDir;
  // Per NodeId: its level below the root (flit::SyncTree::depth: 0 the root, -1 outside).
  std::vector<std::int32_t> depth;
  // Per NodeId: the router register's children that signalled the barrier
  // under way (BsuRegister::signalled; 0 once it sent its own signal up).
  std::vector<std::uint8_t> signalled;
  flit::NodeId root = flit::kInvalidId;
  flit::NodeId eurekaTrigger = flit::kInvalidId;
  std::array<int, 3> participantsInState{};  // participants in S_BAR, S_ARM, S_EUR
  bool idle = true;                          // SyncNetwork::idle(bsu): nothing under way
  int treeDepth = 0;
  flit::SyncSummary summary;                 // every BSU, since reset
  // Every BSU's barrier/eureka packets on network links now
  // (flit::SimSync::packetsOnLinks): the 3D view draws them.
  std::vector<flit::SyncPacketOnLink> packets;
  friend bool operator==(const SyncView&, const SyncView&) = default;
};

}  // namespace flit
