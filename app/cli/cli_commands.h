// flitscope-cli subcommands. Each takes the arguments after the subcommand
// name and returns the process exit code: 0 success, 1 a negative verdict
// (e.g. `check` found a cycle), 2 bad input (one line on stderr naming the
// argument). Each lives in its own <name>_command.cpp.
#pragma once

#include <QStringList>

namespace flitcli {

int runCommand(const QStringList& args);      // run_command.cpp
int sweepCommand(const QStringList& args);    // sweep_command.cpp
int routeCommand(const QStringList& args);    // route_command.cpp
int checkCommand(const QStringList& args);    // check_command.cpp
int tuneAgeCommand(const QStringList& args);  // tune_age_command.cpp
int barrierCommand(const QStringList& args);  // barrier_command.cpp
int optimizeVcCommand(const QStringList& args);  // vc_command.cpp
int describeCommand(const QStringList& args);  // describe_command.cpp (any family)
int fatTreeRunCommand(const QStringList& args);  // fattree_run_command.cpp (run on a fat-tree)
int fatTreeSweepCommand(const QStringList& args);  // fattree_sweep_command.cpp (sweep on a fat-tree)

}  // namespace flitcli
