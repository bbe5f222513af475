// flitscope-cli subcommands. Each takes the arguments after the subcommand
// name and returns the process exit code: 0 success, 1 a negative verdict
// (e.g. `check` found a cycle), 2 bad input (one line on stderr naming the
// argument). Each lives in its own <name>_command.cpp.
//
// kCliCommands is the one list of them (issue 37: one table per closed
// list): main() finds the command there, the usage lists it, and a command
// given a scenario of a family it has no function for says which commands
// that family has (family_dispatch.cpp). A new command: its function and one
// row.
#pragma once

#include <QStringList>

#include <array>

namespace flitcli {

using CommandFunction = int (*)(const QStringList& args);

int runCommand(const QStringList& args);      // run_command.cpp
int sweepCommand(const QStringList& args);    // sweep_command.cpp
int routeCommand(const QStringList& args);    // route_command.cpp
int checkCommand(const QStringList& args);    // check_command.cpp
int tuneAgeCommand(const QStringList& args);  // tune_age_command.cpp
int barrierCommand(const QStringList& args);  // barrier_command.cpp
int optimizeVcCommand(const QStringList& args);  // vc_command.cpp
int describeCommand(const QStringList& args);  // describe_command.cpp (any family)
int importBooksimCommand(const QStringList& args);  // booksim_cli.cpp
int fatTreeRunCommand(const QStringList& args);  // fattree_run_command.cpp (run on a fat-tree)
int fatTreeSweepCommand(const QStringList& args);  // fattree_sweep_command.cpp (sweep on a fat-tree)
int sweepMergeCommand(const QStringList& args);  // sweep_merge_command.cpp (any family: reads parts)

struct CliCommand {
  const char* name;
  const char* summary;         // its line in the usage
  CommandFunction kAryNCube;   // on a k-ary n-cube's scenario; null: not for them
  CommandFunction fatTree;     // on a fat-tree's scenario; null: not for them
};

inline constexpr std::array<CliCommand, 10> kCliCommands = {{
    {"run", "simulate a scenario and print a summary (--json for JSON)", runCommand, fatTreeRunCommand},
    {"sweep", "latency-throughput curve over injection rates", sweepCommand, fatTreeSweepCommand},
    // Its arguments are parts, not scenarios: one function, the family read from the parts.
    {"sweep-merge", "join the parts of a sweep run with --shard I/N", sweepMergeCommand, sweepMergeCommand},
    {"route", "routing tag and hop-by-hop path between two nodes", routeCommand, nullptr},
    {"check", "rebuild route tables, check the channel dependency graph", checkCommand, nullptr},
    {"tune-age", "derive age-arbitration settings (age biases, AGE_CLK_PERIOD)", tuneAgeCommand, nullptr},
    {"barrier", "one barrier or eureka on an idle network: tree, latency, packets", barrierCommand, nullptr},
    {"optimize-vc", "optimize the VC tables for VC balance, write the scenario", optimizeVcCommand, nullptr},
    // One function for any family: it reads the scenario itself.
    {"describe", "router, channel and endpoint counts of a scenario's network", describeCommand, describeCommand},
    {"import-booksim", "read a BookSim2 configuration file, write the scenario", importBooksimCommand, nullptr},
}};

}  // namespace flitcli
