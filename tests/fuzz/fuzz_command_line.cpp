// Fuzz target for the two command lines (issue 41, "the command-line
// parsers"): the input's lines are the arguments (program name left out).
//  - flitscope: parseGuiOptions (options/gui_options.h), whole. What it
//    accepts is within its documented bounds (window size 200x150 to
//    8192x8192, autosave at most a day, no autosave in a one-shot run).
//  - flitscope-cli: the option layer every command shares (cli_common.h,
//    sweep_points.h) over the options the commands take (--rate, --pattern,
//    --seed, --adaptive, --fail-link, --arbiter, --age-period, --age-bias,
//    --tie-rule, --vc-rule, --trace, --trace-cycles, --cycles, --warmup,
//    --rates, --jobs), applied to a preset the first byte picks, then made
//    into the engine's configuration. Bad input may only be refused the way
//    a command refuses it (UsageError, or ScenarioError from the scenario
//    checks the command turns into one); --rates lists at most
//    kMaxRatePoints rates.
// Nothing here runs a simulation: the commands' work is fuzzed by
// fuzz_loaders, fuzz_booksim and fuzz_interventions.
#include "cli_common.h"
#include "gui_options.h"
#include "scenario/scenario.h"
#include "sweep_points.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QStringList>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "fuzz_command_line: %s\n", what);
    std::abort();
  }
}

// The presets the CLI part applies its options to: the teaching torus (age
// arbiter, adaptive), the non-speculative generic torus (adaptive refused)
// and the T3E manual's 2x4x2 (its direction-order routing and tables;
// small, so one input stays far below the 1 s timeout).
const flit::Scenario& preset(std::uint8_t pick) {
  static const std::array<flit::Scenario, 3> presets = {
      flit::loadScenarioFile(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json"),
      flit::loadScenarioFile(FLITSCOPE_PRESETS_DIR "/generic-8x8x8.json"),
      flit::loadScenarioFile(FLITSCOPE_PRESETS_DIR "/t3e-manual-figure12-2x4x2.json")};
  return presets[pick % presets.size()];
}

void guiCommandLine(const QStringList& args) {
  const GuiOptionsResult r = parseGuiOptions(QStringList{QStringLiteral("flitscope")} + args);
  if (!r.options) {
    check(r.exitCode == 0 || !r.message.isEmpty(), "a refused command line says nothing");
    return;
  }
  const GuiOptions& o = *r.options;
  check(o.windowSize.width() >= 200 && o.windowSize.height() >= 150 && o.windowSize.width() <= 8192 &&
            o.windowSize.height() <= 8192,
        "a window size outside 200x150..8192x8192 was accepted");
  check(o.autosaveSeconds >= 0 && o.autosaveSeconds <= 86400, "an autosave interval outside 0..86400 s");
  check(o.screenshotPath.isEmpty() || o.autosaveSeconds == 0, "a screenshot run keeps an autosave");
  check(o.failLinks.size() == static_cast<std::size_t>(o.failLinkTexts.size()), "--fail-link texts and links differ");
  check(o.lesson.isEmpty() || o.scenarioPath.isEmpty(), "--lesson with --scenario was accepted");
}

void cliCommandLine(std::uint8_t pick, const QStringList& args) {
  QCommandLineParser p;
  flitcli::addSimulationOptions(p);
  flitcli::addTraceOptions(p);
  p.addOption({QStringLiteral("cycles"), QStringLiteral("Cycles."), QStringLiteral("N")});
  p.addOption({QStringLiteral("warmup"), QStringLiteral("Warm-up cycles."), QStringLiteral("N")});
  p.addOption({QStringLiteral("rates"), QStringLiteral("Rates."), QStringLiteral("A:B:STEP")});
  p.addOption({QStringLiteral("jobs"), QStringLiteral("Jobs."), QStringLiteral("N")});
  p.addOption({QStringLiteral("json"), QStringLiteral("JSON.")});
  try {
    if (!flitcli::parseArgs(p, QStringList{QStringLiteral("flitscope-cli")} + args, -1, "usage: fuzz")) return;
    flit::Scenario s = preset(pick);
    flitcli::applyScenarioOptions(s, p);
    (void)flit::simConfigFromScenario(s);
    (void)flitcli::parseTraceOptions(p);
    if (p.isSet(QStringLiteral("cycles")))
      (void)flitcli::parseCount(p.value(QStringLiteral("cycles")), "cycles", 1, INT64_MAX);
    if (p.isSet(QStringLiteral("warmup")))
      (void)flitcli::parseCount(p.value(QStringLiteral("warmup")), "warmup", 0, INT64_MAX);
    if (p.isSet(QStringLiteral("jobs")))
      (void)flitcli::parseCount(p.value(QStringLiteral("jobs")), "jobs", 1, flitcli::kMaxJobs);
    if (p.isSet(QStringLiteral("rates"))) {
      const std::vector<double> rates = flitcli::rateList(flitcli::parseRates(p.value(QStringLiteral("rates"))));
      check(!rates.empty() && rates.size() <= flitcli::kMaxRatePoints + 1, "--rates lists too many rates");
      for (double r : rates) check(r >= 0 && r <= 1, "--rates lists a rate outside 0..1");
    }
  } catch (const flitcli::UsageError&) {
  } catch (const flit::ScenarioError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static int argc = 1;
  static char name[] = "fuzz_command_line";
  static char* argv[] = {name, nullptr};
  static QCoreApplication app(argc, argv);  // as both programs have one when they parse
  if (size == 0) return 0;
  QStringList args;
  std::string arg;
  for (std::size_t i = 1; i < size && args.size() < 64; ++i) {
    const char c = static_cast<char>(data[i]);
    if (c == '\n' || c == '\0') {
      args.append(QString::fromUtf8(arg.data(), static_cast<qsizetype>(arg.size())));
      arg.clear();
    } else {
      arg += c;
    }
  }
  if (!arg.empty() || size == 1) args.append(QString::fromUtf8(arg.data(), static_cast<qsizetype>(arg.size())));
  guiCommandLine(args);
  cliCommandLine(data[0], args);
  return 0;
}
