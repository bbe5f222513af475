// TEMPORARY placeholder: replaced by the real 'route' command before landing.
#include "cli_commands.h"

#include <cstdio>

namespace flitcli {
int routeCommand(const QStringList&) {
  std::fputs("flitscope-cli route: not implemented yet\n", stderr);
  return 2;
}
}  // namespace flitcli
