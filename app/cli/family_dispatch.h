// The one place where flitscope-cli picks a topology family: the scenario
// named on the command line decides whether `run` goes to the packet
// simulator (k-ary n-cube) or the circuit simulator (fat-tree).
#pragma once

#include <QString>
#include <QStringList>

#include "scenario/scenario_family.h"

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

// `run` and `sweep`: the k-ary n-cube command or the fat-tree one, by the
// scenario's family.
int runDispatch(const QStringList& args);
int sweepDispatch(const QStringList& args);
// route, check, tune-age, barrier: k-ary n-cube only; on a fat-tree scenario
// exit 2 with one line saying so (instead of the torus reader's "missing
// field radix").
int torusOnlyDispatch(const char* command, int (*torus)(const QStringList&),
                      const QStringList& args);

}  // namespace flitcli
