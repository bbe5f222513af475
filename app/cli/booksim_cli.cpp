#include "booksim_cli.h"

#include "cli_commands.h"
#include "cli_common.h"
#include "scenario/booksim_config.h"
#include "scenario/json_fields.h"

#include <QFileInfo>
#include <cstdio>

namespace flitcli {

flit::BooksimImport readBooksim(const QString& file, const QStringList& overrides, bool lenient) {
  try {
    flit::BooksimConfig config;
    flit::readBooksimText(config, flit::readScenarioFileText(file.toStdString()), file.toStdString());
    for (const QString& o : overrides) flit::applyBooksimOverride(config, o.toStdString());
    return flit::importBooksim(config, lenient, QFileInfo(file).fileName().toStdString());
  } catch (const flit::ScenarioError& e) {
    throw UsageError(e.what());
  }
}

void printBooksimNotes(const flit::BooksimImport& imported) {
  for (const std::string& note : imported.notes) std::fprintf(stderr, "note: %s\n", note.c_str());
}

namespace {

int importBody(const QStringList& args) {
  QCommandLineParser p;
  p.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("BookSim2 configuration file."));
  p.addPositionalArgument(QStringLiteral("KEY=VALUE"), QStringLiteral("BookSim2 overrides, applied in order."),
                          QStringLiteral("[KEY=VALUE...]"));
  p.addOption({QStringLiteral("out"), QStringLiteral("The scenario to write."), QStringLiteral("FILE")});
  p.addOption({QStringLiteral("booksim-lenient"),
               QStringLiteral("Keys Flitscope cannot honour become notes on stderr instead of errors.")});
  if (!parseArgs(p, args, -1, "usage: flitscope-cli import-booksim FILE [KEY=VALUE]... --out SCENARIO.json"))
    return 0;
  const QStringList positional = p.positionalArguments();
  if (positional.isEmpty()) throw UsageError("missing FILE argument (the BookSim2 configuration)");
  if (!p.isSet(QStringLiteral("out"))) throw UsageError("--out: missing (the scenario file to write)");
  const flit::BooksimImport imported =
      readBooksim(positional.front(), positional.mid(1), p.isSet(QStringLiteral("booksim-lenient")));
  printBooksimNotes(imported);
  const QString out = p.value(QStringLiteral("out"));
  writeFileOrThrow(out, flit::serializeScenario(imported.scenario), "out");
  std::printf("wrote %s; BookSim2's run is: flitscope-cli run %s --warmup %llu --cycles %llu\n", qPrintable(out),
              qPrintable(out), static_cast<unsigned long long>(imported.warmupCycles),
              static_cast<unsigned long long>(imported.measureCycles));
  return 0;
}

}  // namespace

int importBooksimCommand(const QStringList& args) { return guarded("import-booksim", importBody, args); }

}  // namespace flitcli
