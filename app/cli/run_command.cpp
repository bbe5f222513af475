// TEMPORARY placeholder: replaced by the real 'run' command before landing.
#include "cli_commands.h"

#include <cstdio>

namespace flitcli {
int runCommand(const QStringList&) {
  std::fputs("flitscope-cli run: not implemented yet\n", stderr);
  return 2;
}
}  // namespace flitcli
