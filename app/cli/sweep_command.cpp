// TEMPORARY placeholder: replaced by the real 'sweep' command before landing.
#include "cli_commands.h"

#include <cstdio>

namespace flitcli {
int sweepCommand(const QStringList&) {
  std::fputs("flitscope-cli sweep: not implemented yet\n", stderr);
  return 2;
}
}  // namespace flitcli
