// Level of detail: a frame lists up to this many flits one by one; with more
// in the network (a generic 32x32x32 torus holds 300,000) it counts them per
// channel (FrameSnapshot::channelFlits) and the view colours the links by
// them. llvmpipe draws about 50,000 flits at 5 frames a second. `--max-flits`
// (gui_options.h) sets another bound.
#pragma once

#include <cstddef>

namespace flitgui {

inline constexpr std::size_t kFlitsDrawnOneByOne = 50000;

}  // namespace flitgui
