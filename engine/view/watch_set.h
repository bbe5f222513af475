// What the open panels ask every frame to carry (issue 37: "the extras a
// watch set asks for"): the inspected node, the followed packet, the
// synchronization panel's BSU, the VC-balance section, the deadlock lab and
// the 2D slice's plane. One value, posted whole (WatchCommand) whenever a
// panel changes its part (SimulationController::updateWatch); the source
// acts on the parts that differ from what it does now. A new simulation
// starts with nothing watched: the panels set their parts again when
// SimulationController::hasSimulationChanged says so.
#pragma once

#include "topology/ids.h"

#include <cstdint>
#include <optional>

namespace flit {

// The routing-tag editor's preview: trace source -> destination through the
// routes in force (engine/routing/path_trace.h), with `tag` instead of the
// LUT's when given. The answer (Frame::torus->tagPreview) carries
// requestId; an older answer is stale. A new requestId asks again (after a
// fault, a LUT edit, an undo).
struct TagPreviewRequest {
  std::uint64_t requestId = 0;
  flit::NodeId source = flit::kInvalidId;
  flit::NodeId destination = flit::kInvalidId;
  std::optional<std::uint64_t> tag;
  bool operator==(const TagPreviewRequest&) const = default;
};

struct WatchSet {
  // The node inspector's router (a torus node or a fat-tree RN1); -1 none.
  // Frame::torus->inspection counts from when it was chosen.
  flit::NodeId inspectedNode = flit::kInvalidId;
  // Follow mode (view/followed_packet.h): a packet serial (torus) or an endpoint whose
  // message is followed (fat-tree); -1 none. Frame::followed.
  std::int32_t followedPacket = -1;
  // The synchronization panel (view/sync_view.h): Frame::torus->sync about syncBsu.
  bool sync = false;
  int syncBsu = 0;
  bool vcBalance = false;  // the VC-balance section: Frame::torus->vcBalance
  bool lab = false;        // the deadlock lab: Frame::torus->lab
  // The 2D slice open on the plane where dimension sliceDim has ordinate
  // sliceIndex: a frame that counts its flits per channel still lists the
  // plane's flits one by one.
  bool slice = false;
  int sliceDim = 2;
  int sliceIndex = 0;
  std::optional<TagPreviewRequest> tagPreview;  // the tag editor open on a pair
  bool operator==(const WatchSet&) const = default;
};

}  // namespace flit
