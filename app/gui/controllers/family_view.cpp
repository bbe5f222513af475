#include "family_view.h"

#include <utility>

namespace flitgui {

FamilyView::FamilyView(QObject* parent) : QObject(parent) {}

FamilyView::FamilyView(Spec spec, QObject* parent) : QObject(parent), spec_(std::move(spec)) {}

// Each name once more, as QML reads it; tst_family_view checks that every
// name a QML file reads is here.
QVariantMap FamilyView::offers() const {
  const FamilyOffers& o = spec_.offers;
  return {
      {QStringLiteral("trafficPatterns"), o.trafficPatterns},
      {QStringLiteral("adaptiveRouting"), o.adaptiveRouting},
      {QStringLiteral("linkHeat"), o.linkHeat},
      {QStringLiteral("reroutes"), o.reroutes},
      {QStringLiteral("packetAges"), o.packetAges},
      {QStringLiteral("packetLegend"), o.packetLegend},
      {QStringLiteral("nodeLabels"), o.nodeLabels},
      {QStringLiteral("dimensionAxes"), o.dimensionAxes},
      {QStringLiteral("hotSpares"), o.hotSpares},
      {QStringLiteral("arbitration"), o.arbitration},
      {QStringLiteral("barriers"), o.barriers},
      {QStringLiteral("vcBalance"), o.vcBalance},
      {QStringLiteral("deadlockLab"), o.deadlockLab},
      {QStringLiteral("tagEditor"), o.tagEditor},
      {QStringLiteral("circuits"), o.circuits},
      {QStringLiteral("collapsibleBlocks"), o.collapsibleBlocks},
      {QStringLiteral("slice"), o.slice},
      {QStringLiteral("map"), o.map},
      {QStringLiteral("engineThreads"), o.engineThreads},
      {QStringLiteral("specialNetwork"), o.specialNetwork},
  };
}

QVariantMap FamilyView::text() const {
  const FamilyWords& w = spec_.words;
  return {
      {QStringLiteral("nodesHeading"), w.nodesHeading},
      {QStringLiteral("linksHeading"), w.linksHeading},
      {QStringLiteral("linkCount"), w.linkCount},
      {QStringLiteral("failedNodesHeading"), w.failedNodesHeading},
      {QStringLiteral("failedLinksHeading"), w.failedLinksHeading},
      {QStringLiteral("breakLinks"), w.breakLinks},
      {QStringLiteral("breakModeHint"), w.breakModeHint},
      {QStringLiteral("flatView"), w.flatView},
      {QStringLiteral("flatViewTip"), w.flatViewTip},
      {QStringLiteral("flatViewMenu"), w.flatViewMenu},
      {QStringLiteral("inspectorTip"), w.inspectorTip},
      {QStringLiteral("traceExport"), w.traceExport},
      {QStringLiteral("linkColours"), w.linkColours},
      {QStringLiteral("mouseHelp"), w.mouseHelp},
      {QStringLiteral("statusHint"), w.statusHint},
  };
}

QVariantList FamilyView::legendRows() const {
  QVariantList rows;
  for (const LegendEntry& e : spec_.legend) {
    rows.append(QVariantMap{{QStringLiteral("swatch"), e.swatch},
                            {QStringLiteral("text"), e.text},
                            {QStringLiteral("round"), e.round},
                            {QStringLiteral("stub"), e.stub},
                            {QStringLiteral("whileCollapsed"), e.whileCollapsed}});
  }
  return rows;
}

QString FamilyView::rateLabel(double rate) const { return spec_.words.rateLabel.arg(rate, 0, 'f', 2); }

QString FamilyView::rateTip(double rate) const { return spec_.words.rateTip.arg(rate, 0, 'f', 2); }

QString FamilyView::networkCounts(int nodes, int links, int failedLinks) const {
  return spec_.words.networkCounts.arg(nodes).arg(links).arg(failedLinks);
}

QString FamilyView::failedNodes(int nodes, int failedBlocks) const {
  if (failedBlocks <= 0 || spec_.words.failedBlocks.isEmpty()) return QString::number(nodes);
  return spec_.words.failedBlocks.arg(nodes).arg(failedBlocks);
}

}  // namespace flitgui
