// Coordinates typed on a command line (flitscope-cli --from/--to/--fail-node/
// --fail-link, flitscope --fail-link): the engine's parseNodeCoord fills the
// coordinates it is not given with 0, so "--from 0,0" on a 3D torus would
// quietly mean node (0,0,0). A person who typed two numbers for a
// three-dimensional machine made a mistake; this check says so, naming the
// option. More components than dimensions are left to parseNodeCoord (a 0
// there is accepted, anything else is outside the topology).
#pragma once

#include "scenario/json_fields.h"

#include <string>
#include <string_view>

namespace flitapp {

// Components of "X,Y,Z" or of the coordinate part of "X,Y,Z:DIR".
inline int coordinateComponents(std::string_view text) {
  const std::string_view coords = text.substr(0, text.find(':'));
  int n = 1;
  for (const char c : coords) n += c == ',' ? 1 : 0;
  return n;
}

// Throws flit::ScenarioError(option, ...) when `text` has fewer coordinates
// than the topology has dimensions, e.g.
// "--from: expected 3 coordinates (X,Y,Z) for a 3D topology, got 2 in "0,0"".
inline void checkCoordinateArity(std::string_view text, int dims, const std::string& option) {
  const int given = coordinateComponents(text);
  if (given >= dims) return;
  static constexpr std::string_view kNames[] = {"X", "X,Y", "X,Y,Z"};
  const std::string names(kNames[dims >= 1 && dims <= 3 ? dims - 1 : 2]);
  throw flit::ScenarioError(option, "expected " + std::to_string(dims) + " coordinates (" + names + ") for a " +
                                        std::to_string(dims) + "D topology, got " + std::to_string(given) +
                                        " in \"" + std::string(text) + "\"");
}

}  // namespace flitapp
