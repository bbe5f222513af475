// The fat-tree family's FamilyView (family_view.h): a Transit fat-tree of
// RN1 routers offers circuits, collapsible unit trees and the 2D map, and
// names its routers, endpoints and channels.
#pragma once

#include "family_view.h"

namespace flitgui {

FamilyView::Spec fatTreeFamilySpec(int channelCount);

}  // namespace flitgui
