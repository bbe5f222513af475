#include "torus/tag_editor.h"


#include "changes.h"
#include "routing/path_trace.h"
#include "routing/routing_tag.h"

#include <QRegularExpression>
#include <QUndoStack>

namespace flitgui {
namespace {

QString outcomeName(int outcome) {
  switch (static_cast<flit::PathOutcome>(outcome)) {
    case flit::PathOutcome::Delivered: return TagEditor::tr("delivered");
    case flit::PathOutcome::LeftTopology: return TagEditor::tr("misroute: the route leaves the topology");
    case flit::PathOutcome::WrongNode: return TagEditor::tr("misroute: delivered to the wrong node");
    case flit::PathOutcome::Loop: return TagEditor::tr("loop: the route comes back to where it was and never ends");
    case flit::PathOutcome::FailedLink: return TagEditor::tr("blocked: the next link has failed");
  }
  return {};
}

QString directionText(int port) {
  static const char* const names[] = {"+X", "+Y", "+Z", "-X", "-Y", "-Z"};
  return port >= 0 && port < flit::kDirectionCount ? QString::fromLatin1(names[port]) : QString();
}

}  // namespace

TagEditor::TagEditor(QObject* parent) : QObject(parent) {}

void TagEditor::setSimulation(SimulationController* simulation) {
  if (simulation == simulation_) return;
  disconnect(frameConnection_);
  disconnect(simulationConnection_);
  simulation_ = simulation;
  if (simulation_) {
    frameConnection_ = connect(simulation_, &SimulationController::frameChanged, this, &TagEditor::onFrame);
    // A new worker (another scenario, or the first one) has answered nothing yet.
    simulationConnection_ = connect(simulation_, &SimulationController::hasSimulationChanged, this, [this] {
      preview_.reset();
      linkUp_.clear();
      routeRebuild_.clear();
      requestPreview();
    });
  }
  requestPreview();
  emit simulationChanged();
}

void TagEditor::setNetwork(NetworkController* network) {
  if (network == network_) return;
  disconnect(scenarioConnection_);
  disconnect(linksConnection_);
  network_ = network;
  if (network_) {
    scenarioConnection_ = connect(network_, &NetworkController::scenarioChanged, this, &TagEditor::clear);
    // A link broken in the view fails in the engine: trace again.
    linksConnection_ = connect(network_, &NetworkController::linkStatesChanged, this, &TagEditor::requestPreview);
  }
  emit networkChanged();
  emit endpointsChanged();
}

void TagEditor::setSource(int node) {
  if (node < 0) node = -1;
  if (node == source_) return;
  source_ = node;
  setEdited(std::nullopt);
  emit endpointsChanged();
}

void TagEditor::setDestination(int node) {
  if (node < 0) node = -1;
  if (node == destination_) return;
  destination_ = node;
  setEdited(std::nullopt);
  emit endpointsChanged();
}

void TagEditor::pickNode(int node) {
  if (node < 0) return;
  if (source_ < 0 || destination_ >= 0) {
    destination_ = -1;
    source_ = -1;
    setSource(node);
  } else {
    setDestination(node);
  }
}

QString TagEditor::noteInput(const QString& error) {
  if (error != inputError_) {
    inputError_ = error;
    emit inputErrorChanged();
  }
  return error;
}

void TagEditor::clear() {
  noteInput({});
  source_ = -1;
  destination_ = -1;
  edited_.reset();
  preview_.reset();
  emit endpointsChanged();
  emit tagChanged();
  emit previewChanged();
}

QString TagEditor::nodeText(int node) const {
  if (node < 0) return {};
  return network_ ? network_->describeNode(node) : tr("node %1").arg(node);
}

int TagEditor::parseNode(const QString& text, const QString& field, QString& error) const {
  const flit::Topology* topo = network_ ? network_->topology() : nullptr;
  if (!topo) {
    error = tr("%1: no scenario loaded").arg(field);
    return -1;
  }
  const QStringList parts = text.trimmed().remove(QLatin1Char('(')).remove(QLatin1Char(')'))
                                .split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts);
  if (parts.size() != topo->dims()) {
    error = tr("%1: give %2 coordinates separated by commas, e.g. %3")
                .arg(field).arg(topo->dims()).arg(topo->dims() == 3 ? QStringLiteral("1,0,2") : QStringLiteral("1,0"));
    return -1;
  }
  flit::Coord c;
  for (int d = 0; d < topo->dims(); ++d) {
    bool ok = false;
    const int v = parts[d].toInt(&ok);
    if (!ok || v < 0 || v >= topo->radix(d)) {
      error = tr("%1: coordinate %2 must be 0..%3 (got \"%4\")").arg(field).arg(d + 1).arg(topo->radix(d) - 1).arg(parts[d]);
      return -1;
    }
    c[d] = v;
  }
  return topo->nodeAt(c);
}

QString TagEditor::setSourceCoordinates(const QString& text) {
  QString error;
  const int node = parseNode(text, tr("source"), error);
  if (node >= 0) setSource(node);
  return noteInput(error);
}

QString TagEditor::setDestinationCoordinates(const QString& text) {
  QString error;
  const int node = parseNode(text, tr("destination"), error);
  if (node >= 0) setDestination(node);
  return noteInput(error);
}

std::uint64_t TagEditor::shownTag() const {
  if (edited_) return *edited_;
  return preview_ ? preview_->tag : 0;
}

QVariantMap TagEditor::fields() const {
  const flit::RoutingTag t = flit::RoutingTag::decode(shownTag());
  return {{"initialHop", static_cast<int>(t.initialHop)},
          {"xAddr", t.xAddr}, {"yAddr", t.yAddr}, {"zAddr", t.zAddr},
          {"xMinus", t.xMinus}, {"yMinus", t.yMinus}, {"zMinus", t.zMinus},
          {"finalHop", t.finalHop}, {"adaptive", t.adaptive}};
}

int TagEditor::initialHop() const { return static_cast<int>(flit::RoutingTag::decode(shownTag()).initialHop); }
bool TagEditor::finalHop() const { return flit::RoutingTag::decode(shownTag()).finalHop; }

QString TagEditor::tagHex() const { return QString::fromStdString(flit::formatTagHex(shownTag())); }

QString TagEditor::setField(const QString& name, int value) {
  flit::RoutingTag t = flit::RoutingTag::decode(shownTag());
  const auto inRange = [&](int max) { return value >= 0 && value <= max; };
  const QString rangeError = tr("%1: %2 is out of range").arg(name).arg(value);
  if (name == QLatin1String("initialHop")) {
    if (!inRange(3)) return noteInput(rangeError);
    t.initialHop = static_cast<flit::InitialHop>(value);
  } else if (name == QLatin1String("xAddr")) {
    if (!inRange(static_cast<int>(flit::RoutingTag::kXAddrMask))) return noteInput(rangeError);
    t.xAddr = static_cast<std::uint8_t>(value);
  } else if (name == QLatin1String("yAddr")) {
    if (!inRange(static_cast<int>(flit::RoutingTag::kYAddrMask))) return noteInput(rangeError);
    t.yAddr = static_cast<std::uint8_t>(value);
  } else if (name == QLatin1String("zAddr")) {
    if (!inRange(static_cast<int>(flit::RoutingTag::kZAddrMask))) return noteInput(rangeError);
    t.zAddr = static_cast<std::uint8_t>(value);
  } else if (name == QLatin1String("xMinus")) {
    t.xMinus = value != 0;
  } else if (name == QLatin1String("yMinus")) {
    t.yMinus = value != 0;
  } else if (name == QLatin1String("zMinus")) {
    t.zMinus = value != 0;
  } else if (name == QLatin1String("finalHop")) {
    t.finalHop = value != 0;
  } else if (name == QLatin1String("adaptive")) {
    t.adaptive = value != 0;
  } else {
    return noteInput(tr("%1: no such routing tag field").arg(name));
  }
  setEdited(t.encode());
  return noteInput({});
}

QString TagEditor::setTagHex(const QString& text) {
  const auto bits = flit::parseTagHex(text.trimmed().toStdString());
  if (!bits) return noteInput(tr("tag: \"%1\" is not 1 to 16 hex digits").arg(text));
  setEdited(*bits);
  return noteInput({});
}

void TagEditor::discardEdit() { setEdited(std::nullopt); }

void TagEditor::setEdited(std::optional<std::uint64_t> tag) {
  edited_ = tag;
  emit tagChanged();
  requestPreview();
}

void TagEditor::requestPreview() {
  if (!simulation_ || !simulation_->hasSimulation() || source_ < 0 || destination_ < 0) return;
  simulation_->updateWatch([this](flit::WatchSet& w) { w.tagPreview = flit::TagPreviewRequest{++requestId_, source_, destination_, edited_}; });
}

void TagEditor::apply() {
  if (!simulation_ || !edited_ || source_ < 0 || destination_ < 0) return;
  writeEntry(LutEntryValue{*edited_, false});
  setEdited(std::nullopt);  // the next preview shows the LUT, with the new entry
}

void TagEditor::revert() {
  if (!simulation_ || source_ < 0 || destination_ < 0) return;
  writeEntry(LutEntryValue{});
  setEdited(std::nullopt);
}

// The entry the preview of this pair names (flit::TagPreview::lutIndex), as an
// engine change on the Edit menu's undo stack: undo applies the engine's
// inverse (the tag the entry held, or the generated entry). The editor
// traces the pair again after every undo and redo.
void TagEditor::writeEntry(LutEntryValue to) {
  const flit::NodeId src = source_, dst = destination_;
  if (!preview_ || preview_->source != src || preview_->destination != dst || !preview_->hasLut) return;
  const flit::Topology* topo = network_ ? network_->topology() : nullptr;
  const auto at = [topo](flit::NodeId n) {
    return topo ? QString::fromStdString(flit::formatCoord(topo->coordOf(n), topo->dims())) : QString::number(n);
  };
  const QString text = to.generated ? tr("restore LUT entry %1 to %2").arg(at(src), at(dst))
                                    : tr("LUT entry %1 to %2").arg(at(src), at(dst));
  // lutIndex -1 (mode 3): the refusal names routing.lutMode.
  const flit::Intervention change =
      changes::lutEntry(src, preview_->lutIndex, to.generated ? std::nullopt : std::optional<std::uint64_t>(to.tag));
  QUndoStack* stack = simulation_->undoStack();
  if (stack && stack != watchedStack_) {
    disconnect(stackConnection_);
    watchedStack_ = stack;
    stackConnection_ = connect(stack, &QUndoStack::indexChanged, this, &TagEditor::requestPreview);
  }
  simulation_->change(change, text);
  requestPreview();
}

void TagEditor::onFrame() {
  const FramePtr frame = simulation_ ? simulation_->currentFrame() : nullptr;
  if (!frame) return;
  // A link failed or repaired in the engine (from the view, or a fault
  // scenario): the path may have changed, trace again.
  if (frame->linkUp != linkUp_) {
    const bool first = linkUp_.empty();
    linkUp_ = frame->linkUp;
    if (!first) requestPreview();
  }
  // The routes were rebuilt (the cycle after a fault): the LUT's tag may
  // have changed. A preview asked for between the fault and the rebuild
  // showed the old tables.
  if (frame->routeRebuild != routeRebuild_) {
    routeRebuild_ = frame->routeRebuild;
    requestPreview();
  }
  const auto answer = frame->torus ? frame->torus->tagPreview : nullptr;
  if (!answer || answer == preview_) return;
  if (answer->requestId != requestId_) return;  // stale: an older request's answer
  preview_ = answer;
  if (!edited_) emit tagChanged();
  emit previewChanged();
}

QString TagEditor::generatedTagHex() const {
  return preview_ && preview_->hasLut ? QString::fromStdString(flit::formatTagHex(preview_->generatedTag)) : QString();
}

QString TagEditor::outcomeText() const { return preview_ ? outcomeName(preview_->outcome) : QString(); }

bool TagEditor::delivered() const {
  return preview_ && preview_->error.empty() && preview_->outcome == static_cast<int>(flit::PathOutcome::Delivered);
}

QVariantList TagEditor::hops() const {
  QVariantList out;
  if (!preview_) return out;
  for (const flit::PreviewHop& h : preview_->hops) {
    const QString where = network_ && network_->topology()
                              ? QString::fromStdString(flit::formatCoord(network_->topology()->coordOf(h.node),
                                                                         network_->topology()->dims()))
                              : QString::number(h.node);
    const bool onLink = h.outPort >= 0 && h.outPort < flit::kDirectionCount;
    QString text = onLink ? tr("%1 %2 on VC%3").arg(where, directionText(h.outPort)).arg(h.vc)
                   : h.outPort == flit::kProcessorPort ? tr("%1 to the processor").arg(where)
                                                       : tr("%1 off the network (misroute)").arg(where);
    if (h.crossedDateline) text += tr(" (dateline: VC0 to VC1)");
    if (h.violation) text += tr(" (dateline crossed on VC1!)");
    out.append(QVariantMap{{"node", h.node}, {"port", h.outPort}, {"text", text}, {"link", h.link}, {"vc", h.vc},
                           {"crossed", h.crossedDateline}, {"violation", h.violation}});
  }
  return out;
}

QList<int> TagEditor::pathLinks() const {
  QList<int> out;
  if (!preview_) return out;
  for (const flit::PreviewHop& h : preview_->hops)
    if (h.link >= 0) out.append(h.link);
  return out;
}

QList<int> TagEditor::pathChannels() const {
  QList<int> out;
  if (!preview_) return out;
  for (const flit::PreviewHop& h : preview_->hops)
    if (h.channel >= 0) out.append(h.channel);
  return out;
}

QList<int> TagEditor::pathNodes() const {
  QList<int> out;
  if (!preview_) return out;
  for (const flit::PreviewHop& h : preview_->hops) out.append(h.node);
  return out;
}

QStringList TagEditor::warnings() const {
  QStringList out;
  if (!preview_) return out;
  if (!preview_->error.empty()) return {QString::fromStdString(preview_->error)};
  for (const std::string& p : preview_->tagProblems) out.append(tr("Tag: %1").arg(QString::fromStdString(p)));
  const auto outcome = static_cast<flit::PathOutcome>(preview_->outcome);
  if (outcome == flit::PathOutcome::FailedLink)
    out.append(tr("The path reaches a failed link at %1.").arg(nodeText(preview_->endNode)));
  if (outcome == flit::PathOutcome::LeftTopology || outcome == flit::PathOutcome::WrongNode ||
      outcome == flit::PathOutcome::Loop)
    out.append(tr("Misroute: the packet never reaches %1 (%2; manual R_ERR0 bit 56).")
                   .arg(nodeText(preview_->destination), outcomeName(preview_->outcome)));
  for (const flit::PreviewHop& h : preview_->hops)
    if (h.violation) out.append(tr("Crosses the dateline at %1 already on VC1 (dateline violation).").arg(nodeText(h.node)));
  if (!preview_->hasLut) out.append(tr("This scenario routes without routing tags (dimension order): nothing to edit."));
  if (preview_->hasLut && preview_->entryShared > 1)
    out.append(tr("LUT mode %1: this entry serves %2 destinations, and the router takes X_ADR and Y_ADR bit 0 "
                  "from the destination's PE number (manual Table 6); the preview shows the tag it will use.")
                   .arg(preview_->lutMode)
                   .arg(preview_->entryShared));
  return out;
}

bool TagEditor::canApply() const {
  return edited_ && preview_ && preview_->hasLut && preview_->error.empty() && preview_->tag == *edited_ &&
         preview_->tagProblems.empty();
}

}  // namespace flitgui
