// TEMPORARY placeholder: replaced by the real 'check' command before landing.
#include "cli_commands.h"

#include <cstdio>

namespace flitcli {
int checkCommand(const QStringList&) {
  std::fputs("flitscope-cli check: not implemented yet\n", stderr);
  return 2;
}
}  // namespace flitcli
