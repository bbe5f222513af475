#include "vc_legend.h"

#include "vc_palette.h"

#include <algorithm>

namespace flitgui {

VcLegend::VcLegend(QObject* parent) : QObject(parent), classNames_(vc_palette::classNames(true)) {}

void VcLegend::setLayout(const std::vector<VcClass>& layout) {
  if (layout == layout_) return;
  layout_ = layout;
  classes_.clear();
  channels_.clear();
  names_.clear();
  const bool requestResponse = layout.empty() || std::any_of(layout.begin(), layout.end(), [](VcClass c) {
    return c == VcClass::ResponseVc0 || c == VcClass::ResponseVc1;
  });
  classNames_ = vc_palette::classNames(requestResponse);
  for (int cls = 0; cls < kVcClassCount; ++cls) {
    QStringList vcs;
    for (std::size_t vc = 0; vc < layout.size(); ++vc)
      if (static_cast<int>(layout[vc]) == cls) vcs << QString::number(vc);
    if (vcs.isEmpty()) continue;
    classes_ << cls;
    channels_ << vcs.join(QStringLiteral(", "));
    names_ << vc_palette::legendName(classNames_[cls], channels_.last());
  }
  emit changed();
}

}  // namespace flitgui
