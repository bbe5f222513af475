#include "fattree/network_shape.h"

#include <array>

#include "fattree/flat_bidelta.h"

namespace flit::fattree {

std::span<const NetworkShape> networkShapes() {
  static const std::array<NetworkShape, 1> shapes = {
      flatBideltaShape(),  // section 1's flat bidelta network (flat_bidelta.h)
  };
  return shapes;
}

const NetworkShape* otherShapeOfKind(BlockKind kind) {
  for (const NetworkShape& s : networkShapes())
    if (s.kind == kind) return &s;
  return nullptr;
}

const NetworkShape* otherShapeOf(const FatTreeSpec& spec) { return otherShapeOfKind(spec.leaf); }

const NetworkShape* otherShapeOfFamilyKey(std::string_view key) {
  for (const NetworkShape& s : networkShapes())
    if (s.familyKey == key) return &s;
  return nullptr;
}

}  // namespace flit::fattree
