// The main window's menus and keys (the "what a new user hit" list):
//  - KeyBindings is one list: every binding has keys and a description, no key
//    is bound twice, and the Shortcut items of the real window bind exactly
//    the keys of that list (so the shortcut sheet, built from the list, is
//    complete and true);
//  - a menu bar File, Edit, View, Simulation, Help; F1 and ? open the sheet,
//    which has a row per binding; the preset menu and chooser show the
//    presets' names;
//  - the save dialog's button says Save, the open dialog's Open; Save writes
//    to the file saved as last without asking; Ctrl+E (File > Export Trace)
//    asks for the cycles, the whole run by default, then a file (Save);
//  - the menus, the node menu opened at the bottom-right corner of the view
//    and the preset chooser's list stay inside the window.
// Needs a display (xvfb-run).
#include "test_main.h"
#include "gui_session.h"
#include "network_controller.h"
#include "key_bindings.h"
#include "window_test_support.h"

#include <QApplication>
#include <QCursor>
#include <QQuickItem>
#include <QQuickWindow>
#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QtQml/qqmlextensionplugin.h>

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

using flitgui::KeyBindings;

namespace {

QSet<QString> portable(const QList<QKeySequence>& keys) {
  QSet<QString> out;
  for (const QKeySequence& k : keys) out.insert(k.toString(QKeySequence::PortableText));
  return out;
}


}  // namespace

class TestMenusAndKeys : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<MainWindowSession> session_;
  QQuickWindow* window() { return session_->window(); }
  QObject* object(const char* name) { return window()->findChild<QObject*>(QString::fromLatin1(name)); }

  // The popup's frame (its background item) in window coordinates.
  static QRectF popupRect(QObject* popup) {
    auto* background = popup->property("background").value<QQuickItem*>();
    if (!background) return {};
    return QRectF(background->mapToScene(QPointF(0, 0)), background->size());
  }
  void verifyInsideWindow(QObject* popup, const char* what) {
    QTRY_VERIFY2(popup->property("opened").toBool(), what);
    const QRectF r = popupRect(popup);
    const QRectF win(0, 0, window()->width(), window()->height());
    QVERIFY2(!r.isEmpty() && win.contains(r),
             qPrintable(QStringLiteral("%1 at %2,%3 %4x%5 in a %6x%7 window").arg(QLatin1String(what))
                            .arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height()).arg(win.width()).arg(win.height())));
  }

 private slots:
  void initTestCase() {
    session_ = std::make_unique<MainWindowSession>();
    GuiOptions options;
    options.windowSize = QSize(1000, 700);
    QVERIFY2(session_->start(options), qPrintable(session_->errorString()));
    if (!QTest::qWaitForWindowExposed(window())) QSKIP("no window system (run under xvfb-run)");
    window()->requestActivate();
    QVERIFY(QTest::qWaitForWindowActive(window()));
  }
  void cleanupTestCase() { session_.reset(); }

  void everyBindingHasKeysAndNoKeyIsBoundTwice() {
    const KeyBindings bindings;
    const QStringList ids = bindings.ids();
    QCOMPARE(QSet<QString>(ids.begin(), ids.end()).size(), ids.size());
    QHash<QString, QString> owner;
    for (const QString& id : ids) {
      const QList<QKeySequence> keys = KeyBindings::keySequences(id);
      QVERIFY2(!keys.isEmpty(), qPrintable(id));
      QVERIFY2(!bindings.description(id).isEmpty(), qPrintable(id));
      for (const QString& k : portable(keys)) {
        QVERIFY2(!owner.contains(k), qPrintable(k + QStringLiteral(": ") + owner.value(k) + QStringLiteral(" and ") + id));
        owner.insert(k, id);
      }
    }
    // Standard keys where they exist (this platform's, and the usual one, as
    // some platforms bind none to e.g. Save As).
    const auto standard = [](const char* id, QKeySequence::StandardKey key, const char* usual) {
      const QList<QKeySequence> keys = KeyBindings::keySequences(QString::fromLatin1(id));
      for (const QKeySequence& k : QKeySequence::keyBindings(key))
        if (!keys.contains(k)) return false;
      return keys.contains(QKeySequence::fromString(QString::fromLatin1(usual), QKeySequence::PortableText));
    };
    QVERIFY(standard("open", QKeySequence::Open, "Ctrl+O"));
    QVERIFY(standard("save", QKeySequence::Save, "Ctrl+S"));
    QVERIFY(standard("saveAs", QKeySequence::SaveAs, "Ctrl+Shift+S"));
    QVERIFY(standard("quit", QKeySequence::Quit, "Ctrl+Q"));
    QVERIFY(standard("undo", QKeySequence::Undo, "Ctrl+Z"));
    QVERIFY(standard("redo", QKeySequence::Redo, "Ctrl+Shift+Z"));
    QVERIFY(standard("zoomIn", QKeySequence::ZoomIn, "Ctrl++"));
    QVERIFY(standard("shortcuts", QKeySequence::HelpContents, "F1"));
    QCOMPARE(bindings.sheet().size(), ids.size());
  }

  // The window's Shortcut items bind exactly the keys of the list, each once.
  void theWindowBindsExactlyTheListedKeys() {
    QSet<QString> listed;
    const KeyBindings bindings;
    for (const QString& id : bindings.ids()) listed += portable(KeyBindings::keySequences(id));
    QSet<QString> bound;
    int shortcuts = 0;
    for (QObject* o : window()->findChildren<QObject*>()) {
      if (QLatin1String(o->metaObject()->className()) != QLatin1String("QQuickShortcut")) continue;
      ++shortcuts;
      QVariantList sequences = o->property("sequences").toList();
      if (sequences.isEmpty() && !o->property("sequence").toString().isEmpty()) sequences << o->property("sequence");
      QVERIFY2(!sequences.isEmpty(), "a Shortcut without keys");
      for (const QVariant& v : sequences) {
        const QString k = QKeySequence::fromString(v.toString(), QKeySequence::PortableText).toString(QKeySequence::PortableText);
        QVERIFY2(listed.contains(k), qPrintable(k + QStringLiteral(" is bound but not in KeyBindings (the sheet)")));
        QVERIFY2(!bound.contains(k), qPrintable(k + QStringLiteral(" is bound twice")));
        bound.insert(k);
      }
    }
    QVERIFY(shortcuts >= bindings.ids().size());
    QCOMPARE(bound, listed);
  }

  void menuBarHasTheStandardMenus() {
    QObject* bar = object("menuBar");
    QVERIFY(bar);
    QStringList titles;
    for (const char* name : {"fileMenu", "editMenu", "viewMenu", "simulationMenu", "helpMenu"}) {
      QObject* menu = object(name);
      QVERIFY2(menu, name);
      titles << menu->property("title").toString().remove(QLatin1Char('&'));
    }
    QCOMPARE(titles, QStringList({QStringLiteral("File"), QStringLiteral("Edit"), QStringLiteral("View"),
                                  QStringLiteral("Simulation"), QStringLiteral("Help")}));
    // The preset menu names the presets by their names, as the chooser does.
    QObject* presets = object("presetMenu");
    QVERIFY(presets);
    const QStringList names = session_->controller()->presetNames();
    QTRY_COMPARE(presets->property("count").toInt(), names.size());
    QObject* chooser = object("presetBox");
    QVERIFY(chooser);
    QCOMPARE(chooser->property("model").toStringList(), names);
  }

  void f1AndQuestionMarkOpenTheSheet() {
    QObject* sheet = object("shortcutSheet");
    QVERIFY(sheet);
    QTest::keyClick(window(), Qt::Key_F1);
    QTRY_VERIFY(sheet->property("opened").toBool());
    QList<QQuickItem*> items;
    window_test::collectAll(window()->contentItem(), items);
    int keyLabels = 0;
    for (QQuickItem* i : items) keyLabels += i->objectName() == QLatin1String("sheetKeys") ? 1 : 0;
    QCOMPARE(keyLabels, KeyBindings().ids().size());
    window()->grabWindow().save(QStringLiteral("shortcut_sheet.png"));  // to look at
    QTest::keyClick(window(), Qt::Key_Escape);
    QTRY_VERIFY(!sheet->property("visible").toBool());
    // A real keyboard's ? (Shift+/ on a US layout) offers Qt both "Shift+?" and
    // "?" (the layout's possible keys); QTest's synthetic event has no layout,
    // so it is sent as the plain key.
    QTest::keyClick(window(), Qt::Key_Question);
    QTRY_VERIFY(sheet->property("opened").toBool());
    QTest::keyClick(window(), Qt::Key_Escape);
    QTRY_VERIFY(!sheet->property("visible").toBool());
  }

  void saveDialogSaysSave() {
    QObject* side = object("sidePanel");
    QVERIFY(QMetaObject::invokeMethod(side, "saveScenarioAs"));
    auto* save = window()->findChild<flitgui::FileChooser*>(QStringLiteral("saveDialog"));
    QVERIFY(save);
    QFileDialog* dialog = window_test::shownDialog(save);
    QVERIFY(dialog);
    QCOMPARE(window_test::acceptButtonText(dialog), QStringLiteral("Save"));
    save->close();
    QTRY_VERIFY(!save->visible());
    QVERIFY(QMetaObject::invokeMethod(side, "openScenario"));
    auto* open = window()->findChild<flitgui::FileChooser*>(QStringLiteral("openDialog"));
    QVERIFY(open);
    dialog = window_test::shownDialog(open);
    QVERIFY(dialog);
    QCOMPARE(window_test::acceptButtonText(dialog), QStringLiteral("Open"));
    open->close();
    QTRY_VERIFY(!open->visible());
  }

  // Save without a file asks for one (Save As); after a Save As, Save writes
  // to that file without asking.
  void saveWritesToTheFileSavedAsLast() {
    QObject* side = object("sidePanel");
    QObject* dialog = object("saveDialog");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("mine.json"));
    const QUrl url = QUrl::fromLocalFile(path);
    QVERIFY(QMetaObject::invokeMethod(side, "saveTo", Q_ARG(QVariant, url)));
    QTRY_VERIFY(QFile::exists(path));
    QTRY_COMPARE(side->property("currentFile").toUrl(), url);
    QVERIFY(QFile::remove(path));
    QTest::keyClick(window(), Qt::Key_S, Qt::ControlModifier);  // Save
    QTRY_VERIFY(QFile::exists(path));
    QVERIFY(!dialog->property("visible").toBool());
  }

  // Ctrl+E and File > Export Trace: the cycle range (0 to the cycle reached,
  // spin boxes bounded by it), then a file dialog whose button says Save.
  void ctrlEAsksTheTraceRangeThenAFile() {
    QObject* dialog = object("traceExportDialog");
    QObject* item = object("exportTraceItem");
    QVERIFY(dialog && item);
    QTRY_VERIFY(item->property("enabled").toBool());
    QTest::keyClick(window(), Qt::Key_E, Qt::ControlModifier);
    QTRY_VERIFY(dialog->property("opened").toBool());
    QObject* first = object("traceFirstCycle");
    QObject* last = object("traceLastCycle");
    QVERIFY(first && last);
    QCOMPARE(first->property("value").toInt(), 0);
    QCOMPARE(last->property("value").toInt(), dialog->property("runCycle").toInt());
    QCOMPARE(last->property("to").toInt(), dialog->property("runCycle").toInt());
    window()->grabWindow().save(QStringLiteral("trace_export_dialog.png"));  // to look at
    QVERIFY(QMetaObject::invokeMethod(object("traceExportButton"), "clicked"));
    auto* files = window()->findChild<flitgui::FileChooser*>(QStringLiteral("traceFileDialog"));
    QVERIFY(files);
    QFileDialog* fileDialog = window_test::shownDialog(files);
    QVERIFY(fileDialog);
    QCOMPARE(window_test::acceptButtonText(fileDialog), QStringLiteral("Save"));
    files->close();
    QTRY_VERIFY(!files->visible());
    QVERIFY(QMetaObject::invokeMethod(dialog, "close"));
    QTRY_VERIFY(!dialog->property("visible").toBool());
    QVERIFY(QMetaObject::invokeMethod(item, "triggered"));  // the menu opens it too
    QTRY_VERIFY(dialog->property("opened").toBool());
    QVERIFY(QMetaObject::invokeMethod(dialog, "close"));
    QTRY_VERIFY(!dialog->property("visible").toBool());
    QTest::qWait(300);  // the dialog's close transition
  }

  // The node menu's actions are in the Edit menu too, for the selected node.
  void editMenuFailsTheSelectedNode() {
    NetworkController* c = session_->controller();
    c->setSelectedNode(5);
    QObject* item = object("failNodeMenuItem");
    QVERIFY(item);
    QTRY_VERIFY(item->property("enabled").toBool());
    QCOMPARE(item->property("text").toString(), QStringLiteral("Fail %1").arg(c->describeNode(5)));
    QVERIFY(QMetaObject::invokeMethod(item, "triggered"));
    QTRY_VERIFY(!c->nodeUp(5));
    QCOMPARE(item->property("text").toString(), QStringLiteral("Repair %1").arg(c->describeNode(5)));
    c->undo();
    QTRY_VERIFY(c->nodeUp(5));
    c->setSelectedNode(-1);
    QVERIFY(!item->property("enabled").toBool());
  }

  // Ctrl+D and View > Deadlock lab open and close the lab beside the view;
  // open, its controller is watched and the check of the routes arrives.
  void ctrlDAndTheViewMenuToggleTheDeadlockLab() {
    QObject* panel = object("deadlockLabPanel");
    QObject* item = object("deadlockLabItem");
    QVERIFY(panel && item);
    QVERIFY(!panel->property("visible").toBool());
    QTest::keyClick(window(), Qt::Key_D, Qt::ControlModifier);
    QTRY_VERIFY(panel->property("visible").toBool());
    auto* lab = window()->property("deadlockLab").value<QObject*>();
    QVERIFY(lab);
    QVERIFY(lab->property("watched").toBool());
    QTRY_VERIFY_WITH_TIMEOUT(lab->property("answered").toBool(), 20000);
    QTest::keyClick(window(), Qt::Key_D, Qt::ControlModifier);
    QTRY_VERIFY(!panel->property("visible").toBool());
    QVERIFY(!lab->property("watched").toBool());
    QVERIFY(QMetaObject::invokeMethod(item, "triggered"));
    QTRY_VERIFY(panel->property("visible").toBool());
    QVERIFY(QMetaObject::invokeMethod(item, "triggered"));
    QTRY_VERIFY(!panel->property("visible").toBool());
  }

  // L and View > Legend hide and show the packet legend over the view.
  void lAndTheViewMenuToggleTheLegend() {
    QObject* legend = object("packetLegend");
    QObject* item = object("legendItem");
    QVERIFY(legend && item);
    QTRY_VERIFY(legend->property("visible").toBool());
    QTest::keyClick(window(), Qt::Key_L);
    QTRY_VERIFY(!legend->property("visible").toBool());
    QVERIFY(!item->property("checked").toBool());
    QTest::keyClick(window(), Qt::Key_L);
    QTRY_VERIFY(legend->property("visible").toBool());
    QVERIFY(QMetaObject::invokeMethod(item, "triggered"));
    QTRY_VERIFY(!legend->property("visible").toBool());
    QVERIFY(QMetaObject::invokeMethod(item, "triggered"));
    QTRY_VERIFY(legend->property("visible").toBool());
  }

  // Issue 42, item 3: "After using Presets, Arbiter or VC rule, Space toggles
  // the run and also opens that list; the cycle field swallows [ and ]".
  // Controls used with the mouse give the keyboard back to the view, and a
  // text field passes on the keys it cannot take.
  void globalKeysWorkWhereverTheFocusIsLeft() {
    flitgui::SimulationController* sim = session_->simulation();
    auto* view = qobject_cast<QQuickItem*>(object("networkView"));
    QVERIFY(sim && view);
    const auto spaceToggles = [&](const char* after) {
      const bool running = sim->running();
      QTest::keyClick(window(), Qt::Key_Space);
      QTRY_VERIFY2(sim->running() != running, after);
      QTest::keyClick(window(), Qt::Key_Space);
      QTRY_VERIFY2(sim->running() == running, after);
      QVERIFY2(view->hasActiveFocus(), after);  // the view has the keyboard again
    };
    const auto clickAt = [&](QQuickItem* item) { window_test::clickItem(window(), item); };

    // The preset list, opened and closed again without a choice.
    auto* presets = qobject_cast<QQuickItem*>(object("presetBox"));
    QVERIFY(presets);
    auto* presetPopup = presets->property("popup").value<QObject*>();
    clickAt(presets);
    QTRY_VERIFY(presetPopup->property("opened").toBool());
    QTest::keyClick(window(), Qt::Key_Escape);
    QTRY_VERIFY(!presetPopup->property("visible").toBool());
    spaceToggles("after the preset list");
    QTest::qWait(300);
    QVERIFY(!presetPopup->property("visible").toBool());  // Space did not open it again
    QCOMPARE(session_->controller()->scenarioName(), QStringLiteral("Teaching torus 4x4x4"));

    // The traffic pattern, chosen from its list with the mouse.
    auto* pattern = qobject_cast<QQuickItem*>(object("patternBox"));
    QVERIFY(pattern);
    auto* patternPopup = pattern->property("popup").value<QObject*>();
    clickAt(pattern);
    QTRY_VERIFY(patternPopup->property("opened").toBool());
    QList<QQuickItem*> items;
    window_test::collectAll(patternPopup->property("contentItem").value<QQuickItem*>(), items);
    QQuickItem* transpose = nullptr;
    for (QQuickItem* i : items)
      if (i->property("text").toString() == QStringLiteral("Transpose") && i->isVisible()) transpose = i;
    QVERIFY(transpose);
    clickAt(transpose);
    QTRY_COMPARE(sim->trafficPattern(), QStringLiteral("transpose"));
    QTRY_VERIFY(!patternPopup->property("visible").toBool());
    spaceToggles("after the pattern list");
    QTest::qWait(300);
    QVERIFY(!patternPopup->property("visible").toBool());
    session_->controller()->undo();  // the pattern back
    QTRY_COMPARE(sim->trafficPattern(), QStringLiteral("uniform"));

    // A button pressed with the mouse: Space does not press it again.
    auto* step = qobject_cast<QQuickItem*>(object("step1Button"));
    QVERIFY(step);
    const double cycle = sim->cycle();
    clickAt(step);
    QTRY_COMPARE(sim->cycle(), cycle + 1);
    spaceToggles("after Step 1");

    // The cycle field takes digits; [ and ] still change the speed.
    auto* field = qobject_cast<QQuickItem*>(object("runToField"));
    QVERIFY(field);
    clickAt(field);
    QTRY_VERIFY(field->hasActiveFocus());
    const double speed = sim->speed();
    QTest::keyClick(window(), Qt::Key_BracketLeft);
    QTRY_VERIFY(sim->speed() < speed);  // slower
    const double slower = sim->speed();
    QTest::keyClick(window(), '2');
    QTest::keyClick(window(), '5');
    QTest::keyClick(window(), Qt::Key_BracketRight);
    QTRY_VERIFY(sim->speed() > slower);  // faster
    QCOMPARE(field->property("text").toString(), QStringLiteral("25"));
    QVERIFY(field->hasActiveFocus());  // typing goes on in the field
    field->setProperty("text", QString());
  }

  void menusStayInsideTheWindow() {
    for (const char* name : {"fileMenu", "editMenu", "viewMenu", "simulationMenu", "helpMenu"}) {
      QObject* menu = object(name);
      QVERIFY(QMetaObject::invokeMethod(menu, "open"));
      verifyInsideWindow(menu, name);
      window()->grabWindow().save(QStringLiteral("menu_%1.png").arg(QLatin1String(name)));  // to look at
      QVERIFY(QMetaObject::invokeMethod(menu, "close"));
      QTRY_VERIFY(!menu->property("visible").toBool());
    }
    // The node menu, opened with the mouse in the bottom-right corner of the view.
    auto* view = qobject_cast<QQuickItem*>(object("networkView"));
    QVERIFY(view);
    const QPointF corner = view->mapToScene(QPointF(view->width() - 3, view->height() - 3));
    const QPoint cursorBefore = QCursor::pos();
    QCursor::setPos(window()->mapToGlobal(corner.toPoint()));
    QTest::mouseMove(window(), corner.toPoint());
    QVERIFY(QMetaObject::invokeMethod(view, "openNodeMenu", Q_ARG(QVariant, 0)));
    QObject* nodeMenu = object("nodeMenu");
    QVERIFY(nodeMenu);
    verifyInsideWindow(nodeMenu, "node menu");
    // Every entry shown whole: the menu is as wide as its widest entry.
    QList<QQuickItem*> entries;
    window_test::collectAll(window()->contentItem(), entries);
    for (QQuickItem* entry : entries) {
      if (!QString::fromLatin1(entry->metaObject()->className()).contains(QLatin1String("MenuItem")) ||
          !entry->isVisible() || entry->property("menu").value<QObject*>() != nodeMenu)
        continue;
      QVERIFY2(entry->width() + 0.5 >= entry->implicitWidth(),
               qPrintable(entry->property("text").toString() + QStringLiteral(" is cut off")));
    }
    window()->grabWindow().save(QStringLiteral("node_menu_corner.png"));  // to look at
    QVERIFY(QMetaObject::invokeMethod(nodeMenu, "close"));
    QTRY_VERIFY(!nodeMenu->property("visible").toBool());
    QCursor::setPos(cursorBefore);  // the X server's pointer is shared with the tests that follow
    // The preset chooser's list, wider than the chooser, at the window's right edge.
    QObject* chooser = object("presetBox");
    auto* popup = chooser->property("popup").value<QObject*>();
    QVERIFY(popup);
    QVERIFY(QMetaObject::invokeMethod(popup, "open"));
    verifyInsideWindow(popup, "preset list");
    QVERIFY(popupRect(popup).width() > qobject_cast<QQuickItem*>(chooser)->width());
    QVERIFY(QMetaObject::invokeMethod(popup, "close"));
  }
};

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestMenusAndKeys test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_menus_and_keys.moc"
