#include "slice_spec.h"

#include <cctype>
#include <charconv>
#include <stdexcept>
#include <string>

namespace flitgui {

SliceAxes sliceAxes(SlicePlane plane) {
  switch (plane) {
    case SlicePlane::XY: return {0, 1, 2};
    case SlicePlane::YZ: return {1, 2, 0};
    case SlicePlane::XZ: return {0, 2, 1};
  }
  return {0, 1, 2};
}

std::string_view slicePlaneName(SlicePlane plane) {
  switch (plane) {
    case SlicePlane::XY: return "XY";
    case SlicePlane::YZ: return "YZ";
    case SlicePlane::XZ: return "XZ";
  }
  return "XY";
}

std::optional<SlicePlane> parseSlicePlane(std::string_view text) {
  std::string upper(text);
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (SlicePlane p : {SlicePlane::XY, SlicePlane::YZ, SlicePlane::XZ})
    if (upper == slicePlaneName(p)) return p;
  return std::nullopt;
}

SliceSpec parseSliceSpec(std::string_view text, std::string_view option) {
  const auto fail = [&](const std::string& why) {
    return std::invalid_argument(std::string(option) + ": " + why + ", got \"" + std::string(text) + "\"");
  };
  const std::size_t colon = text.find(':');
  const std::string_view planeText = text.substr(0, colon);
  const std::optional<SlicePlane> plane = parseSlicePlane(planeText);
  if (!plane) throw fail("expected PLANE:INDEX with PLANE one of XY, YZ, XZ (e.g. XY:3)");
  SliceSpec spec{*plane, 0};
  if (colon == std::string_view::npos) return spec;  // "XY": the plane at ordinate 0
  const std::string_view indexText = text.substr(colon + 1);
  const char* end = indexText.data() + indexText.size();
  const auto [ptr, ec] = std::from_chars(indexText.data(), end, spec.index);
  if (indexText.empty() || ec != std::errc() || ptr != end || spec.index < 0)
    throw fail("the plane index must be a number >= 0 (e.g. XY:3)");
  return spec;
}

}  // namespace flitgui
