#include "key_bindings.h"

#include <QCoreApplication>
#include <QDebug>

#include <array>
#include <variant>

namespace flitgui {
namespace {

using Key = std::variant<QKeySequence::StandardKey, const char*>;

struct Binding {
  const char* id;
  const char* section;      // menu it belongs to (translated in context "KeyBindings")
  const char* description;  // translated in context "KeyBindings"
  std::array<Key, 4> keys;  // unused slots: nullptr; a standard key's usual keys follow it (some platforms bind none)
};

// The order is the sheet's and the menus' order. Keys that are not standard
// keys are portable text (QKeySequence::fromString).
const Binding kBindings[] = {
    {"open", QT_TRANSLATE_NOOP("KeyBindings", "File"), QT_TRANSLATE_NOOP("KeyBindings", "Open a scenario file"),
     {QKeySequence::Open, "Ctrl+O", nullptr, nullptr}},
    {"save", QT_TRANSLATE_NOOP("KeyBindings", "File"),
     QT_TRANSLATE_NOOP("KeyBindings", "Save the scenario (to its file; asks for a name the first time)"),
     {QKeySequence::Save, "Ctrl+S", nullptr, nullptr}},
    {"saveAs", QT_TRANSLATE_NOOP("KeyBindings", "File"), QT_TRANSLATE_NOOP("KeyBindings", "Save the scenario under a new name"),
     {QKeySequence::SaveAs, "Ctrl+Shift+S", nullptr, nullptr}},
    {"saveRecording", QT_TRANSLATE_NOOP("KeyBindings", "File"),
     QT_TRANSLATE_NOOP("KeyBindings", "Save the recording: the scenario, every change with its cycle, the cycles run"),
     {"Ctrl+Alt+S", nullptr, nullptr, nullptr}},
    {"exportTrace", QT_TRANSLATE_NOOP("KeyBindings", "File"),
     QT_TRANSLATE_NOOP("KeyBindings", "Export a trace: the packet or circuit events of a range of cycles as Chrome/Perfetto JSON"),
     {"Ctrl+E", nullptr, nullptr, nullptr}},
    {"quit", QT_TRANSLATE_NOOP("KeyBindings", "File"), QT_TRANSLATE_NOOP("KeyBindings", "Quit Flitscope"),
     {QKeySequence::Quit, "Ctrl+Q", nullptr, nullptr}},
    {"undo", QT_TRANSLATE_NOOP("KeyBindings", "Edit"), QT_TRANSLATE_NOOP("KeyBindings", "Undo the last break, repair or node change"),
     {QKeySequence::Undo, "Ctrl+Z", nullptr, nullptr}},
    {"redo", QT_TRANSLATE_NOOP("KeyBindings", "Edit"), QT_TRANSLATE_NOOP("KeyBindings", "Redo"),
     {QKeySequence::Redo, "Ctrl+Shift+Z", "Ctrl+Y", nullptr}},
    {"toggleLink", QT_TRANSLATE_NOOP("KeyBindings", "Edit"),
     QT_TRANSLATE_NOOP("KeyBindings", "Break or repair the link under the mouse"), {"B", nullptr, nullptr, nullptr}},
    {"breakMode", QT_TRANSLATE_NOOP("KeyBindings", "Edit"),
     QT_TRANSLATE_NOOP("KeyBindings", "Break links mode: while on, a click on a link breaks or repairs it"),
     {"X", nullptr, nullptr, nullptr}},
    {"fit", QT_TRANSLATE_NOOP("KeyBindings", "View"), QT_TRANSLATE_NOOP("KeyBindings", "Fit: show the whole network"),
     {"F", nullptr, nullptr, nullptr}},
    {"resetView", QT_TRANSLATE_NOOP("KeyBindings", "View"), QT_TRANSLATE_NOOP("KeyBindings", "Back to the initial view"),
     {"Home", nullptr, nullptr, nullptr}},
    {"zoomIn", QT_TRANSLATE_NOOP("KeyBindings", "View"), QT_TRANSLATE_NOOP("KeyBindings", "Zoom in"),
     {"+", "=", QKeySequence::ZoomIn, "Ctrl++"}},
    {"zoomOut", QT_TRANSLATE_NOOP("KeyBindings", "View"), QT_TRANSLATE_NOOP("KeyBindings", "Zoom out"),
     {"-", QKeySequence::ZoomOut, "Ctrl+-", nullptr}},
    {"orbitLeft", QT_TRANSLATE_NOOP("KeyBindings", "View"), QT_TRANSLATE_NOOP("KeyBindings", "Orbit left"),
     {"Left", nullptr, nullptr, nullptr}},
    {"orbitRight", QT_TRANSLATE_NOOP("KeyBindings", "View"), QT_TRANSLATE_NOOP("KeyBindings", "Orbit right"),
     {"Right", nullptr, nullptr, nullptr}},
    {"orbitUp", QT_TRANSLATE_NOOP("KeyBindings", "View"), QT_TRANSLATE_NOOP("KeyBindings", "Orbit up"), {"Up", nullptr, nullptr, nullptr}},
    {"orbitDown", QT_TRANSLATE_NOOP("KeyBindings", "View"), QT_TRANSLATE_NOOP("KeyBindings", "Orbit down"),
     {"Down", nullptr, nullptr, nullptr}},
    {"centreHovered", QT_TRANSLATE_NOOP("KeyBindings", "View"),
     QT_TRANSLATE_NOOP("KeyBindings", "Centre the view on the node under the mouse"), {"C", nullptr, nullptr, nullptr}},
    {"heatMap", QT_TRANSLATE_NOOP("KeyBindings", "View"), QT_TRANSLATE_NOOP("KeyBindings", "Heat map: links coloured by utilization"),
     {"H", nullptr, nullptr, nullptr}},
    {"detour", QT_TRANSLATE_NOOP("KeyBindings", "View"),
     QT_TRANSLATE_NOOP("KeyBindings", "Detour: the routes the last break or repair changed, over a dimmed network"),
     {"Shift+H", nullptr, nullptr, nullptr}},
    {"legend", QT_TRANSLATE_NOOP("KeyBindings", "View"),
     QT_TRANSLATE_NOOP("KeyBindings", "Legend and counters over the view: hide them to see the network behind"),
     {"L", nullptr, nullptr, nullptr}},
    {"nodeLabels", QT_TRANSLATE_NOOP("KeyBindings", "View"),
     QT_TRANSLATE_NOOP("KeyBindings", "Node labels: coordinates, logical PE, physical PE, none (in turn)"),
     {"Shift+L", nullptr, nullptr, nullptr}},
    {"ageColors", QT_TRANSLATE_NOOP("KeyBindings", "View"),
     QT_TRANSLATE_NOOP("KeyBindings", "Packets coloured by age (age arbiter only)"), {"A", nullptr, nullptr, nullptr}},
    {"slice", QT_TRANSLATE_NOOP("KeyBindings", "View"), QT_TRANSLATE_NOOP("KeyBindings", "2D slice (a fat-tree: its map) beside the view"),
     {"S", nullptr, nullptr, nullptr}},
    {"nextPlane", QT_TRANSLATE_NOOP("KeyBindings", "View"),
     QT_TRANSLATE_NOOP("KeyBindings", "Next plane of the slice; in presenter mode 10 cycles back (a clicker's Back)"),
     {"PgUp", nullptr, nullptr, nullptr}},
    {"previousPlane", QT_TRANSLATE_NOOP("KeyBindings", "View"),
     QT_TRANSLATE_NOOP("KeyBindings", "Previous plane of the slice; in presenter mode 10 cycles on (a clicker's Next)"),
     {"PgDown", nullptr, nullptr, nullptr}},
    {"presenter", QT_TRANSLATE_NOOP("KeyBindings", "View"),
     QT_TRANSLATE_NOOP("KeyBindings", "Presenter mode: the view fills the screen, larger type, a pointer, Page Up / Down step"),
     {"F5", nullptr, nullptr, nullptr}},
    {"syncTree", QT_TRANSLATE_NOOP("KeyBindings", "View"),
     QT_TRANSLATE_NOOP("KeyBindings", "Barrier tree: the synchronization panel's BSU tree and BSU states"),
     {"T", nullptr, nullptr, nullptr}},
    {"vcBalance", QT_TRANSLATE_NOOP("KeyBindings", "View"),
     QT_TRANSLATE_NOOP("KeyBindings", "VC balance: per channel the share of routes on VC0 and VC1 (T3E Table 1's model)"),
     {"V", nullptr, nullptr, nullptr}},
    {"deadlockLab", QT_TRANSLATE_NOOP("KeyBindings", "View"),
     QT_TRANSLATE_NOOP("KeyBindings", "Deadlock lab: VC rules, the channel dependency graph, the deadlock's cycle"),
     {"Ctrl+D", nullptr, nullptr, nullptr}},
    {"charts", QT_TRANSLATE_NOOP("KeyBindings", "View"), QT_TRANSLATE_NOOP("KeyBindings", "Live charts below the view"),
     {"Ctrl+G", nullptr, nullptr, nullptr}},
    {"runPause", QT_TRANSLATE_NOOP("KeyBindings", "Simulation"), QT_TRANSLATE_NOOP("KeyBindings", "Run or pause"),
     {"Space", nullptr, nullptr, nullptr}},
    {"step1", QT_TRANSLATE_NOOP("KeyBindings", "Simulation"), QT_TRANSLATE_NOOP("KeyBindings", "Step one cycle"),
     {"N", nullptr, nullptr, nullptr}},
    {"step10", QT_TRANSLATE_NOOP("KeyBindings", "Simulation"), QT_TRANSLATE_NOOP("KeyBindings", "Step 10 cycles"),
     {"Shift+N", nullptr, nullptr, nullptr}},
    {"step100", QT_TRANSLATE_NOOP("KeyBindings", "Simulation"), QT_TRANSLATE_NOOP("KeyBindings", "Step 100 cycles"),
     {"Ctrl+N", nullptr, nullptr, nullptr}},
    {"stepBack", QT_TRANSLATE_NOOP("KeyBindings", "Simulation"),
     QT_TRANSLATE_NOOP("KeyBindings", "Step back 100 cycles (rewind: restores the earlier state)"),
     {QKeySequence::Back, "Alt+Left", nullptr, nullptr}},
    {"slower", QT_TRANSLATE_NOOP("KeyBindings", "Simulation"), QT_TRANSLATE_NOOP("KeyBindings", "Slower"), {"[", nullptr, nullptr, nullptr}},
    {"faster", QT_TRANSLATE_NOOP("KeyBindings", "Simulation"), QT_TRANSLATE_NOOP("KeyBindings", "Faster"), {"]", nullptr, nullptr, nullptr}},
    {"resetSimulation", QT_TRANSLATE_NOOP("KeyBindings", "Simulation"),
     QT_TRANSLATE_NOOP("KeyBindings", "Reset to cycle 0 of the scenario"), {"Ctrl+R", nullptr, nullptr, nullptr}},
    {"syncBarrier", QT_TRANSLATE_NOOP("KeyBindings", "Simulation"),
     QT_TRANSLATE_NOOP("KeyBindings", "Barrier: every participant of the synchronization panel's BSU joins now"),
     {"Ctrl+B", nullptr, nullptr, nullptr}},
    {"stopFollowing", QT_TRANSLATE_NOOP("KeyBindings", "Simulation"), QT_TRANSLATE_NOOP("KeyBindings", "Stop following the packet; leave Break links mode"),
     {"Esc", nullptr, nullptr, nullptr}},
    {"shortcuts", QT_TRANSLATE_NOOP("KeyBindings", "Help"), QT_TRANSLATE_NOOP("KeyBindings", "This list of keys"),
     {QKeySequence::HelpContents, "F1", "?", nullptr}},
};

const Binding* find(const QString& id) {
  for (const Binding& b : kBindings) {
    if (id == QLatin1String(b.id)) return &b;
  }
  qWarning("KeyBindings: no binding '%s'", qPrintable(id));
  return nullptr;
}

QString translated(const char* text) { return QCoreApplication::translate("KeyBindings", text); }

}  // namespace

QList<QKeySequence> KeyBindings::keySequences(const QString& id) {
  QList<QKeySequence> out;
  const Binding* b = find(id);
  if (!b) return out;
  for (const Key& key : b->keys) {
    if (const auto* standard = std::get_if<QKeySequence::StandardKey>(&key)) {
      for (const QKeySequence& s : QKeySequence::keyBindings(*standard))
        if (!out.contains(s)) out.append(s);
    } else if (const char* text = std::get<const char*>(key)) {
      const QKeySequence s = QKeySequence::fromString(QString::fromLatin1(text), QKeySequence::PortableText);
      if (!out.contains(s)) out.append(s);
    }
  }
  return out;
}

QVariantList KeyBindings::sequences(const QString& id) const {
  QVariantList out;
  for (const QKeySequence& s : keySequences(id)) out.append(s.toString(QKeySequence::PortableText));
  return out;
}

QString KeyBindings::text(const QString& id) const {
  QStringList parts;
  for (const QKeySequence& s : keySequences(id)) parts.append(s.toString(QKeySequence::NativeText));
  return parts.join(QStringLiteral(", "));
}

QString KeyBindings::description(const QString& id) const {
  const Binding* b = find(id);
  return b ? translated(b->description) : QString();
}

QVariantList KeyBindings::sheet() const {
  QVariantList out;
  for (const Binding& b : kBindings) {
    const QString id = QString::fromLatin1(b.id);
    out.append(QVariantMap{{QStringLiteral("id"), id},
                           {QStringLiteral("section"), translated(b.section)},
                           {QStringLiteral("keys"), text(id)},
                           {QStringLiteral("description"), translated(b.description)}});
  }
  return out;
}

QStringList KeyBindings::ids() const {
  QStringList out;
  for (const Binding& b : kBindings) out.append(QString::fromLatin1(b.id));
  return out;
}

}  // namespace flitgui
