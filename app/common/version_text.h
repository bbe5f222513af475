// What `--version` prints in both programs (issue 39): the version and the
// versions of the file formats this build reads and writes. The About dialog
// shows the same numbers (app_info.cpp).
#pragma once

#include "scenario/recording_envelope.h"
#include "scenario/scenario.h"

#include <string>
#include <string_view>

namespace flitapp {

inline std::string versionText(std::string_view program) {
  return std::string(program) + " " FLITSCOPE_VERSION "\nscenario format " + std::to_string(flit::kScenarioFormatVersion) +
         ", recording format " + std::to_string(flit::kRecordingFormatVersion) + "\n";
}

}  // namespace flitapp
