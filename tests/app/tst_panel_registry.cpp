// The panels that watch frames register themselves (panel_registry.h;
// issue 37: "panels that watch frames register themselves instead of being
// listed centrally"): the four torus panels are found by name without the
// composition root naming them, a PanelSet makes one of each watching the
// simulation it is given, QML reads them by name, and a name registered
// twice is refused.
#include "test_main.h"
#include "panel_registry.h"
#include "simulation_controller.h"
#include "watching_controller.h"

#include <QTest>

#include <stdexcept>
#include <string>
#include <vector>

using namespace flitgui;

class TstPanelRegistry : public QObject {
  Q_OBJECT
 private slots:
  void theWatchingPanelsRegisterThemselves() {
    std::vector<std::string> names;
    for (const PanelRegistry::Entry& e : PanelRegistry::entries()) names.emplace_back(e.name);
    QCOMPARE(names, (std::vector<std::string>{"deadlockLab", "special", "sync", "vcBalance"}));
  }

  void aSetMakesOneOfEachWatchingItsSimulation() {
    SimulationController simulation;
    PanelSet set(&simulation);
    QCOMPARE(set.byName().size(), PanelRegistry::entries().size());
    for (const auto& [name, panel] : set.byName()) {
      QVERIFY(panel);
      QCOMPARE(panel->simulation(), &simulation);
      QVERIFY(!panel->watched());  // a panel looks only once its QML opens it
      QCOMPARE(set.objects()->value(name).value<QObject*>(), static_cast<QObject*>(panel));
    }
    QCOMPARE(QString::fromUtf8(set.objects()->value(QStringLiteral("sync")).value<QObject*>()->metaObject()->className()),
             QStringLiteral("SyncController"));
  }

  void aNameRegisteredTwiceIsRefused() {
    try {
      PanelRegistry::add("sync", PanelRegistry::entries().front().make);
      QFAIL("a second 'sync' was accepted");
    } catch (const std::logic_error& e) {
      QVERIFY2(std::string(e.what()).find("'sync'") != std::string::npos, e.what());
    }
    QCOMPARE(PanelRegistry::entries().size(), std::size_t{4});
  }
};

FLITSCOPE_TEST_APPLESS_MAIN(TstPanelRegistry)
#include "tst_panel_registry.moc"
