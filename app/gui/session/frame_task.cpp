// FrameTask (gui_session.h): --screenshot, --run-cycles and --benchmark-frames on the running window.
#include "gui_session.h"

#include "keyboard_focus.h"

#include "coordinate_arity.h"

#include <QQuickGraphicsConfiguration>
#include <QQuickItem>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QLibraryInfo>
#include <QLocale>
#include <QQuickStyle>
#include <QQuickWindow>
#include <QTimer>
#include <QTranslator>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <exception>

FrameTask::FrameTask(MainWindowSession* session, const GuiOptions& options)
    : QObject(session), session_(session), options_(options) {
  connect(session->window(), &QQuickWindow::frameSwapped, this, &FrameTask::onFrameSwapped,
          Qt::QueuedConnection);
  connect(session->simulation(), &flitgui::SimulationController::frameChanged, this, [this] {
    if (done_ || !timer_.isValid() || options_.benchmarkFrames <= 0) return;
    const EngineMark mark{static_cast<std::uint64_t>(session_->simulation()->cycle()), timer_.nsecsElapsed()};
    if (!firstEngineFrame_) firstEngineFrame_ = mark;
    lastEngineFrame_ = mark;
  });
}

void FrameTask::onFrameSwapped() {
  if (done_) return;
  ++frames_;
  QQuickWindow* window = session_->window();
  flitgui::SimulationController* simulation = session_->simulation();
  if (options_.runCycles > 0 && !runStarted_) {
    if (!simulation->hasSimulation()) {
      std::fprintf(stderr, "flitscope: --run-cycles: %s\n", qPrintable(simulation->lastError()));
      finish(2);
      return;
    }
    simulation->setSpeed(0);
    simulation->runTo(static_cast<double>(options_.runCycles));
    runStarted_ = true;
  }
  // A run the watchdog stopped on a deadlock ends before cycle N: the picture shows the deadlock.
  const bool halted = simulation->currentFrame() && flit::engineHalted(*simulation->currentFrame()) && !simulation->running();
  if (runStarted_ && !runDone_) {
    if (simulation->running() || (simulation->cycle() < static_cast<double>(options_.runCycles) && !halted)) {
      frames_ = 0;  // each new simulation frame brings another swap; warm up after the last
      return;
    }
    runDone_ = true;  // (the benchmark runs the engine again: that is not this run)
  }
  if (runStarted_ && frames_ == 1) {  // the charts up to cycle N, now
    simulation->charts()->flush();
    simulation->arbitrationCharts()->flush();
  }
  if (options_.screenshotPath.isEmpty() && options_.benchmarkFrames <= 0) {
    done_ = true;  // --run-cycles alone: the window stays open, paused at cycle N
    return;
  }
  if (!options_.screenshotPath.isEmpty()) {
    // The controls show the engine's state (adaptive routing, cycle) once a
    // frame that saw every command has come: wait for it, then let the
    // controls' own animations (a switch's handle slides) finish.
    if (simulation->hasSimulation() && !simulation->frameSawEveryCommand()) {
      frames_ = 0;
      window->update();
      return;
    }
    if (!settleTimer_.isValid()) settleTimer_.start();
    // The instance tables are uploaded in the first sync, so the first frames
    // are complete; a few warm-up frames let the layout settle (panel sizes).
    if (frames_ < kWarmupFrames || settleTimer_.elapsed() < kSettleMs) {
      window->update();
      return;
    }
    const QImage image = window->grabWindow();
    if (image.isNull() || !image.save(options_.screenshotPath)) {
      std::fprintf(stderr, "flitscope: %s\n",
                   qPrintable(tr("cannot write the screenshot %1").arg(options_.screenshotPath)));
      finish(3);
      return;
    }
    finish(0);
    return;
  }
  // Benchmark: the window turns the camera by one degree every frame
  // (Main.qml orbitDegreesPerFrame), forcing a full re-render; asking for the
  // next frame keeps the loop going when nothing else would (a paused run).
  window->update();
  if (frames_ == kWarmupFrames) {
    timer_.start();
    if (simulation->hasSimulation()) {  // the engine at full speed while the frames are drawn
      simulation->setSpeed(0);
      simulation->run();
      benchmarkStartCycle_ = simulation->cycle();
    }
  }
  const int measured = frames_ - kWarmupFrames;
  if (measured >= options_.benchmarkFrames) {
    const double seconds = static_cast<double>(timer_.nsecsElapsed()) * 1e-9;
    std::printf("scenario: %s (%d nodes, %d links)\nwindow: %dx%d\nframes: %d in %.3f s\n"
                "frames per second: %.1f\n",
                qPrintable(session_->controller()->scenarioName()), session_->controller()->nodeCount(),
                session_->controller()->linkCount(), window->width(), window->height(), measured,
                seconds, measured / seconds);
    if (simulation->hasSimulation()) {
      double rate = (simulation->cycle() - benchmarkStartCycle_) / seconds;
      if (firstEngineFrame_ && lastEngineFrame_->nsecs > firstEngineFrame_->nsecs)
        rate = static_cast<double>(lastEngineFrame_->cycle - firstEngineFrame_->cycle) /
               (static_cast<double>(lastEngineFrame_->nsecs - firstEngineFrame_->nsecs) * 1e-9);
      std::printf("simulated cycles per second: %.0f\npackets in flight: %.0f\n", rate,
                  simulation->packetsInFlight());
      simulation->pause();
    }
    std::fflush(stdout);
    finish(0);
  }
}

void FrameTask::finish(int exitCode) {
  done_ = true;
  QTimer::singleShot(0, qApp, [exitCode] { QCoreApplication::exit(exitCode); });
}
