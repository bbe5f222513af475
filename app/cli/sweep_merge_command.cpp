// flitscope-cli sweep-merge PART... : the parts of a sweep run with
// --shard I/N (on a cluster: one Slurm array task each, docs/cluster.md)
// joined into exactly what one `sweep` prints (sweep_shards.h).
#include "cli_commands.h"
#include "cli_common.h"
#include "sweep_shards.h"

namespace flitcli {

namespace {

int sweepMergeBody(const QStringList& args) {
  QCommandLineParser p;
  p.addPositionalArgument(QStringLiteral("PART"),
                          QStringLiteral("The parts (the output of sweep --shard I/N), all N of them, in any order."),
                          QStringLiteral("PART..."));
  if (!parseArgs(p, args, -1, "usage: flitscope-cli sweep-merge PART...")) return 0;
  mergeSweepParts(p.positionalArguments());
  return 0;
}

}  // namespace

int sweepMergeCommand(const QStringList& args) { return guarded("sweep-merge", sweepMergeBody, args); }

}  // namespace flitcli
