// Every editable number field refuses bad input with a message that names
// it and keeps the last good value (issue 41), typed as a person types: a
// real click into the field, Ctrl+A, keys, Enter, in the real main window.
//  - A NumberField (qml/NumberField.qml; every SpinBox a person can type
//    into): the Age clock period on the XT merging line (age arbiter).
//  - The Run to field of the controls bar.
#include "test_main.h"
#include "gui_session.h"

#include <QApplication>
#include <QQuickItem>
#include <QQuickWindow>
#include <QtQml/qqmlextensionplugin.h>
#include <QtTest>

#include "window_test_support.h"

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

class TestNumberFields : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<MainWindowSession> session_;

  QQuickWindow* window() { return session_->window(); }
  QQuickItem* item(const char* name) { return window()->findChild<QQuickItem*>(QString::fromLatin1(name)); }
  static QQuickItem* visualItem(QQuickItem* root, const QString& name) { return window_test::visualItem(root, name); }
  // Selects what the focused field holds and types `text` over it, then Enter.
  void typeAndEnter(const QString& text) {
    QTest::keyClick(window(), Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(window(), Qt::Key_Backspace);
    for (const QChar c : text) QTest::keyClick(window(), c.toLatin1());
    QTest::keyClick(window(), Qt::Key_Return);
  }
  static QString shownText(QQuickItem* spin) {
    return spin->property("contentItem").value<QQuickItem*>()->property("text").toString();
  }
  static QObject* refusalTip(QObject* field, const char* name) { return field->findChild<QObject*>(QString::fromLatin1(name)); }

 private slots:
  void initTestCase() {
    session_ = std::make_unique<MainWindowSession>();
    GuiOptions options;
    options.scenarioPath = QString::fromUtf8(FLITSCOPE_PRESETS_DIR) + QStringLiteral("/xt-merging-8.json");
    QVERIFY2(session_->start(options), qPrintable(session_->errorString()));
    if (!QTest::qWaitForWindowExposed(window())) QSKIP("no window system (run under xvfb-run)");
    window()->requestActivate();
    QVERIFY(QTest::qWaitForWindowActive(window()));
    session_->simulation()->setSpeed(0);
  }
  void cleanupTestCase() { session_.reset(); }

  void aNumberFieldRefusesWhatIsNotAWholeNumberInItsRange() {
    flitgui::SimulationController* sim = session_->simulation();
    QTRY_VERIFY(sim->hasSimulation() && sim->arbiter() == QStringLiteral("age"));
    QQuickItem* spin = nullptr;
    QTRY_VERIFY((spin = visualItem(window()->contentItem(), QStringLiteral("ageClockSpin"))) && spin->isVisible());
    const int kept = sim->ageClockPeriod();
    const QString keptText = shownText(spin);
    auto* input = spin->property("contentItem").value<QQuickItem*>();
    window_test::clickItem(window(), input);
    QTRY_VERIFY(input->hasActiveFocus());

    // Past its range (1..65535): refused, named, the last good value kept.
    typeAndEnter(QStringLiteral("70000"));
    QObject* tip = refusalTip(spin, "numberFieldRefusal");
    QVERIFY(tip);
    QTRY_VERIFY(tip->property("visible").toBool());
    const QString message = spin->property("refusal").toString();
    QVERIFY2(message.startsWith(QStringLiteral("Age clock period: \"70000\"")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("1 to 65535")) && message.contains(QStringLiteral("kept ") + keptText),
             qPrintable(message));
    QCOMPARE(shownText(spin), keptText);
    QCOMPARE(spin->property("value").toInt(), kept);
    window()->grabWindow().save(QStringLiteral("number_field_refusal.png"));  // to look at
    sim->step(1);
    QTRY_VERIFY(sim->frameSawEveryCommand());
    QCOMPARE(sim->ageClockPeriod(), kept);  // the engine never saw it

    // Empty, and separators without a number: refused the same way.
    typeAndEnter(QString());
    QTRY_VERIFY(spin->property("refusal").toString().startsWith(QStringLiteral("Age clock period: \"\"")));
    QCOMPARE(shownText(spin), keptText);
    typeAndEnter(QStringLiteral("-,-"));
    QTRY_VERIFY(spin->property("refusal").toString().startsWith(QStringLiteral("Age clock period: \"-,-\"")));
    QCOMPARE(sim->ageClockPeriod(), kept);

    // A letter is not typed into it (it goes to the window's keys).
    QTest::keyClick(window(), Qt::Key_End);
    QTest::keyClick(window(), 'q');
    QCOMPARE(shownText(spin), keptText);

    // A good value goes through, and the message goes.
    typeAndEnter(QStringLiteral("12"));
    QTRY_COMPARE(sim->ageClockPeriod(), 12);
    QVERIFY(spin->property("refusal").toString().isEmpty());
    QTRY_VERIFY(!tip->property("visible").toBool());
  }

  void theRunToFieldRefusesWhatIsNotACycle() {
    flitgui::SimulationController* sim = session_->simulation();
    QQuickItem* field = item("runToField");
    QVERIFY(field);
    window_test::clickItem(window(), field);
    QTRY_VERIFY(field->hasActiveFocus());
    QObject* tip = refusalTip(field, "runToRefusal");
    QVERIFY(tip);

    typeAndEnter(QString());
    QTRY_VERIFY(tip->property("visible").toBool());
    QCOMPARE(tip->property("text").toString(),
             QStringLiteral("Run to: \"\" is not a cycle number (0 to 999999999999)"));

    // A cycle it runs to, then one too long: the field goes back to the last.
    const double from = sim->cycle();
    typeAndEnter(QStringLiteral("%1").arg(static_cast<qint64>(from) + 40));
    QTRY_COMPARE(sim->cycle(), from + 40);
    QTRY_VERIFY(!tip->property("visible").toBool());
    typeAndEnter(QStringLiteral("1234567890123456"));
    QTRY_VERIFY(tip->property("visible").toBool());
    QVERIFY(tip->property("text").toString().startsWith(QStringLiteral("Run to: \"1234567890123456\"")));
    QCOMPARE(field->property("text").toString(), QStringLiteral("%1").arg(static_cast<qint64>(from) + 40));
    QTest::qWait(200);
    QCOMPARE(sim->cycle(), from + 40);  // nothing ran
  }
};

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);  // the file dialogs are widgets
  TestNumberFields test;
  return QTest::qExec(&test, argc, argv);
}
#include "tst_number_fields.moc"
