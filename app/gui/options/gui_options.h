// The window's command line (parseGuiOptions, QCommandLineParser) and its
// translation (installTranslations). QtCore only: the window (gui_session.h)
// starts from what it parses, and the command-line fuzz target
// (tests/fuzz/fuzz_command_line.cpp) parses without a window.
#pragma once

#include "level_of_detail.h"
#include "slice_spec.h"
#include "scenario/scenario.h"

#include <QSize>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

class QCoreApplication;

struct GuiOptions {
  QString scenarioPath;    // empty: the bundled default (teaching-4x4x4)
  QString screenshotPath;  // non-empty: render the first frame to this PNG and quit
  QSize windowSize{1280, 800};
  int benchmarkFrames = 0;  // > 0: orbit for this many frames, print the frame rate, quit
  std::uint64_t runCycles = 0;  // > 0: simulate this many cycles (full speed) before the screenshot
  std::vector<flit::LinkSpec> failLinks;  // --fail-link X,Y,Z:DIR: broken at start (as a click would)
  QStringList failLinkTexts;              // as typed, checked against the machine's dimensions at start
  std::optional<flitgui::SliceSpec> slice;  // --slice XY:3: the 2D slice open on that plane
  bool map = false;                          // --map: a fat-tree's map open
  bool charts = false;     // --charts: the live charts docked below the view
  QString arbiter;         // --arbiter roundRobin|t3e|age: switched at start; empty: the scenario's
  bool ageColors = false;  // --age-colors: packets coloured by age (A)
  bool presenter = false;  // --presenter: presenter mode at start (F5)
  bool sync = false;       // --sync: the Synchronization section open, the barrier tree shown (T)
  bool vcBalance = false;  // --vc-balance: the VC balance section open, the overlay shown (V)
  bool lab = false;        // --lab: the deadlock lab open (Ctrl+D)
  QString heat;            // --heat load|change: the link heat map on (H), by load or by its change (Shift+H)
  std::uint64_t maxFlits = flitgui::kFlitsDrawnOneByOne;  // --max-flits N: more in flight are shown per link
  // --engine-threads N: the threads the engine's cycle runs on; 0 the cores
  // the view leaves (one less than the machine has, 1 to
  // kMaxAutoEngineThreads). Without the option parseGuiOptions gives 0 here:
  // the count last chosen in Simulation > Engine threads, else the automatic one.
  int engineThreads = 1;
  // --autosave-seconds N: how often the run is kept for after a crash
  // (autosave.h; parseGuiOptions's default 5, 0 off; off here and in a
  // --screenshot or --benchmark-frames run).
  int autosaveSeconds = 0;
  QString lesson;  // --lesson N|FILE: a bundled lesson (1 = the first of Help > Lessons) or a lesson file, open at start
};

struct GuiOptionsResult {
  std::optional<GuiOptions> options;  // nullopt: print `message`, exit with `exitCode`
  QString message;
  int exitCode = 0;
};
GuiOptionsResult parseGuiOptions(const QStringList& arguments);
inline constexpr int kMaxAutoEngineThreads = 4;
int automaticEngineThreads();  // the cores the view leaves, 1 to kMaxAutoEngineThreads

// Installs the app's translation for the current QLocale (German: flitscope_de).
void installTranslations(QCoreApplication& app);
