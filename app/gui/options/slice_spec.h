// Which plane of the torus the 2D slice shows (torus/slice_model.h draws it):
// the plane's name and axes, and `--slice XY:3` as the command line gives it.
// Plain values; QtCore-free, so the command-line parser (gui_options.h) and
// its fuzz target use it without the window.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace flitgui {

// XY: X across, Y up, one Z. YZ: Y across, Z up, one X. XZ: X across, Z up, one Y.
enum class SlicePlane : std::uint8_t { XY = 0, YZ, XZ };

struct SliceAxes {
  int horizontal;  // dimension drawn across (columns)
  int vertical;    // dimension drawn upwards (rows)
  int fixed;       // the dimension the plane index is an ordinate of
};
SliceAxes sliceAxes(SlicePlane plane);
std::string_view slicePlaneName(SlicePlane plane);  // "XY", "YZ", "XZ"
std::optional<SlicePlane> parseSlicePlane(std::string_view text);  // case-insensitive; nullopt otherwise

// A plane and the ordinate of its fixed dimension, as `--slice XY:3` gives it.
struct SliceSpec {
  SlicePlane plane = SlicePlane::XY;
  int index = 0;
};
// Parses "XY:3" (or "xz:0"). Throws std::invalid_argument whose message
// starts with `option` and names what is wrong. The index is checked against
// a machine only by buildSliceGrid.
SliceSpec parseSliceSpec(std::string_view text, std::string_view option);

}  // namespace flitgui
