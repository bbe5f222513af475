// SliceDeadlockOverlay: the watchdog's deadlock over the 2D slice (issue 18,
// deadlock lab). Laid over a SliceView with the same size: once the frames
// carry a deadlock (DeadlockLab::deadlock), it dims the slice, rings each
// waiting buffer of the cycle that lies in the plane in red with its packet's
// serial, and draws the "waits for" arrows between them
// (sliceDeadlockMarks, slice_model.h). Transparent to the mouse; paints
// nothing without a deadlock. GUI thread only.
#pragma once

#include "torus/deadlock_lab.h"
#include "torus/slice_model.h"
#include "torus/slice_view.h"

#include <QPointer>
#include <QQuickPaintedItem>
#include <QtQml/qqmlregistration.h>

class SliceDeadlockOverlay : public QQuickPaintedItem {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(SliceView* slice READ slice WRITE setSlice NOTIFY sliceChanged)
  Q_PROPERTY(DeadlockLab* lab READ lab WRITE setLab NOTIFY labChanged)
  Q_PROPERTY(int bufferCount READ bufferCount NOTIFY marksChanged)
  Q_PROPERTY(int arrowCount READ arrowCount NOTIFY marksChanged)

 public:
  explicit SliceDeadlockOverlay(QQuickItem* parent = nullptr);

  SliceView* slice() const { return slice_; }
  void setSlice(SliceView* slice);
  DeadlockLab* lab() const { return lab_; }
  void setLab(DeadlockLab* lab);
  int bufferCount() const { return static_cast<int>(marks_.buffers.size()); }
  int arrowCount() const { return static_cast<int>(marks_.arrows.size()); }
  const flitgui::SliceDeadlockMarks& marks() const { return marks_; }

  void paint(QPainter* painter) override;

 signals:
  void sliceChanged();
  void labChanged();
  void marksChanged();

 private:
  void refresh();

  QPointer<SliceView> slice_;
  QPointer<DeadlockLab> lab_;
  flitgui::SliceDeadlockMarks marks_;
  std::vector<flit::DeadlockBuffer> cycle_;
};
