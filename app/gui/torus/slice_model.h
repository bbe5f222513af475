// The 2D slice of the torus (issue 5, "For large machines a 2D slice mode
// (one XY, YZ or XZ plane, with wrap links shown at the edges) beside the 3D
// view, because 3D occludes"): which nodes, links and flits one plane holds,
// and where they sit on a grid. Plain values, no QObject: SliceView
// (slice_view.h) paints them, tst_slice_model checks them.
//
// Grid units: a node sits at (column, row) = (its coordinate in the plane's
// horizontal dimension, its coordinate in the vertical one); one unit is one
// hop. A wrap link of a torus ring (k-1 -> 0) is not drawn across the plane:
// it is two stubs, from node k-1 out to k-0.5 and from -0.5 into node 0, so a
// flit on it leaves at one edge and comes back in at the other.
#pragma once

#include "view/lab_view.h"
#include "frame_snapshot.h"
#include "topology/topology.h"
#include "slice_spec.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace flitgui {


struct SliceNode {
  flit::NodeId node;
  int column;
  int row;
};

struct SliceLink {
  flit::LinkId link;
  int dim;             // the link's dimension (the plane's horizontal or vertical one)
  bool wrap;           // torus wrap link: drawn as two edge stubs
  int lowerColumn, lowerRow;  // the link's lower end (its + port side; column k-1 or row k-1 for a wrap)
  int upperColumn, upperRow;  // the + neighbour (column or row 0 for a wrap)
};

struct SliceGrid {
  SlicePlane plane = SlicePlane::XY;
  int index = 0;      // ordinate of the fixed dimension
  int columns = 0;    // radix of the horizontal dimension (1 when unused)
  int rows = 0;       // radix of the vertical dimension
  std::vector<SliceNode> nodes;  // row by row, columns ascending
  std::vector<SliceLink> links;  // in LinkId order
  std::vector<int> nodeSlot;     // per NodeId: index into nodes, -1 outside the plane
  std::vector<int> linkSlot;     // per LinkId: index into links, -1 outside the plane

  bool containsNode(flit::NodeId n) const {
    return n >= 0 && static_cast<std::size_t>(n) < nodeSlot.size() && nodeSlot[static_cast<std::size_t>(n)] >= 0;
  }
  bool containsLink(flit::LinkId l) const {
    return l >= 0 && static_cast<std::size_t>(l) < linkSlot.size() && linkSlot[static_cast<std::size_t>(l)] >= 0;
  }
  int wrapLinkCount() const;
};

// The plane of `topology` whose fixed dimension has ordinate `index`.
// Throws std::invalid_argument naming the index and its range when `index`
// is outside 0 .. radix(fixed)-1.
SliceGrid buildSliceGrid(const flit::Topology& topology, SlicePlane plane, int index);

// One flit of the plane, in grid units.
struct SliceFlit {
  std::int32_t packet = -1;
  VcClass vcClass = VcClass::RequestVc0;
  std::uint8_t flags = 0;   // kFlit* of frame_snapshot.h
  float x = 0.0f;           // column
  float y = 0.0f;           // row
  float dirX = 0.0f;        // unit direction of travel (on a link) or of its input port (buffered)
  float dirY = 0.0f;
  bool buffered = false;
};

struct SliceFlits {
  std::vector<SliceFlit> flits;
  // Flits on links of the fixed dimension that leave or enter the plane:
  // not drawn (they are between planes), counted for the caption.
  int betweenPlanes = 0;
};

inline constexpr float kSliceNodeRadius = 0.2f;    // grid units
inline constexpr float kSliceStackStep = 0.07f;    // buffered flits of one port, one behind the other
inline constexpr int kSliceStackMax = 6;           // deeper buffers pile up at the last place

// The flits of `frame` that are in the plane: on one of its links, placed by
// progress (a wrap link's flit on the stub it is on), or buffered in one of
// its routers, beside the node on the side of its input port, the k-th of a
// port kSliceStackStep further out. Only the plane's flits are kept.
SliceFlits collectSliceFlits(const flit::Topology& topology, const SliceGrid& grid, const FrameSnapshot& frame);

// Unit vector on the grid of a router port (where its buffered flits sit):
// in-plane directions along their axis, the fixed dimension's ports and the
// processor port diagonally.
void slicePortVector(const SliceAxes& axes, int port, float& dx, float& dy);

// The watchdog's deadlock in the plane (issue 18, deadlock lab), in grid
// units: a mark per waiting buffer of the cycle whose router is in the plane
// (beside the node on its input port's side, where its flits are drawn), and
// the "waits for" arrows between two such buffers (flit::waitEdgesOf, lab_data.h):
// a wrap link's as two stubs, out at one edge and in at the other, the head
// on the second. Arrows over links between planes are left out.
struct SliceDeadlockMarks {
  struct Buffer {
    int index;  // into the deadlock's cycle
    float x, y;
  };
  struct Arrow {
    float x0, y0, x1, y1;
    bool head;
  };
  std::vector<Buffer> buffers;
  std::vector<Arrow> arrows;
};
SliceDeadlockMarks sliceDeadlockMarks(const flit::Topology& topology, const SliceGrid& grid,
                                      const std::vector<flit::DeadlockBuffer>& cycle);

}  // namespace flitgui
