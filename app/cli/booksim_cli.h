// BookSim2 configuration files on the command line (docs/booksim.md):
// `run --booksim FILE [KEY=VALUE]...` and `import-booksim FILE [KEY=VALUE]...
// --out SCENARIO.json`. The overrides are BookSim2's own command-line form.
#pragma once

#include "scenario/booksim_import.h"
#include "sim/simulator.h"

#include <QString>
#include <QStringList>

namespace flitcli {

// Reads FILE, applies the overrides in order and imports it; errors are
// UsageError naming the file and line (or the override) and the key.
flit::BooksimImport readBooksim(const QString& file, const QStringList& overrides, bool lenient);

// The import's notes (approximations; keys ignored under --booksim-lenient), on stderr.
void printBooksimNotes(const flit::BooksimImport& imported);

// `run --booksim-output`: the measured window as BookSim2's closing block
// ("Packet latency average = ...", "Accepted packet rate average = ...",
// trafficmanager.cpp DisplayOverallStats), so scripts written for BookSim2
// read it; a mean latency above `latencyThreshold` (>= 0), or a packet
// refused at a full source queue, prints BookSim2's "Simulation unstable"
// lines instead, as it does past saturation.
std::string booksimSummary(const flit::Simulator& sim, double latencyThreshold);

}  // namespace flitcli
