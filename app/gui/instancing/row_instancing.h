// RowInstancing: the base of the instance tables the app builds as rows
// (instance_rows.h) in one QByteArray: the overlays of the 3D view (datelines,
// deadlock arrows, barrier trees, VC balance, link heat, circuit flashes, a
// path). A table is either eager, built when its data changes and published
// (publish()), or lazy, marked stale (invalidate()) and built by build() when
// Qt next asks for it, so several changes in one frame build it once.
#pragma once

#include "instance_rows.h"

#include <QByteArray>
#include <QQuick3DInstancing>
#include <QtQml/qqmlregistration.h>

class RowInstancing : public QQuick3DInstancing {
  Q_OBJECT
  QML_ANONYMOUS

 public:
  explicit RowInstancing(QQuick3DObject* parent = nullptr) : QQuick3DInstancing(parent) {}
  // The rows of the current table (a stale lazy table is built first).
  int rowCount() {
    getInstanceBuffer(nullptr);
    return rows_;
  }

 protected:
  // Eager: buffer_ holds the new rows; Qt redraws from them.
  void publish() {
    rows_ = instance_rows::rowCount(buffer_);
    dirty_ = false;
    markDirty();
  }
  // Lazy: build() fills buffer_ when Qt next asks.
  void invalidate() {
    dirty_ = true;
    markDirty();
  }
  virtual void build() {}
  QByteArray getInstanceBuffer(int* instanceCount) final {
    if (dirty_) {
      build();
      rows_ = instance_rows::rowCount(buffer_);
      dirty_ = false;
    }
    if (instanceCount) *instanceCount = rows_;
    return buffer_;
  }
  int publishedRows() const { return rows_; }  // eager tables: no build to run

  QByteArray buffer_;

 private:
  int rows_ = 0;
  bool dirty_ = false;
};
