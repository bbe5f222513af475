// The one place where flitscope-cli picks a topology family: the scenario
// named on the command line decides whether `run` goes to the packet
// simulator (k-ary n-cube) or the circuit simulator (fat-tree).
#pragma once

#include <QString>
#include <QStringList>

#include "cli_commands.h"
#include "scenario/scenario_family.h"

#include <string>

namespace flitcli {

// The family of the first argument after the program name that names a
// readable scenario file with a topology (k-ary n-cube when none does: the
// command's own parser then reports what is missing). Throws
// flit::ScenarioError for an unknown topology.family.
flit::TopologyFamily familyOfArgs(const QStringList& args);
// That argument when its family is the fat-tree, else an empty string.
QString fatTreeFileOfArgs(const QStringList& args);
// The family of one scenario file (k-ary n-cube when unreadable).
flit::TopologyFamily familyOfFile(const QString& path);

// Runs a command of kCliCommands with the function for the scenario's
// family; on a family it has none for, exit 2 with one line saying which
// commands that family has (instead of the other reader's "missing field
// radix"). Errors finding the family exit 2 too, naming the command.
int runCliCommand(const CliCommand& command, const QStringList& args);
// The commands a family has, for messages: "run, sweep, describe".
std::string commandsFor(flit::TopologyFamily family);

}  // namespace flitcli
