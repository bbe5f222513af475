// Show me (LessonController::showMe): a step's solution played on the
// window, action by action, through the same objects and slots the person's
// controls use (docs/lessons.md "The file": `solution`). Apart from lesson_controller.cpp,
// which opens lessons and checks each step's condition.
#include "lesson_controller.h"

#include "network_controller.h"
#include "simulation_controller.h"

namespace flitgui {

void LessonController::showMe() {
  if (!lesson_ || step_ < 0 || playing()) return;
  const LessonStep& s = lesson_->steps[static_cast<std::size_t>(step_)];
  playQueue_.assign(s.solution.begin(), s.solution.end());
  emit playingChanged();
  playNext();
}

void LessonController::playNext() {
  while (!playQueue_.empty() && !waiting_) {
    const LessonAction a = playQueue_.front();
    playQueue_.pop_front();
    perform(a);
  }
  if (!playing()) emit playingChanged();
  evaluate();
}

void LessonController::perform(const LessonAction& a) {
  const QString what = QString::fromStdString(a.argument);
  const auto invoke = [this](std::string_view objectName, const char* method, auto... args) {
    QObject* o = object(objectName);
    if (!o || !QMetaObject::invokeMethod(o, method, args...))
      setError(tr("Show me: %1 cannot %2 here").arg(QString::fromUtf8(objectName.data(), static_cast<qsizetype>(objectName.size())),
                                                   QString::fromLatin1(method)));
  };
  using V = LessonVerb;
  switch (a.verb) {
    case V::Run:
    case V::Reset:
      if (!simulation_) return;
      if (a.verb == V::Run) simulation_->runTo(simulation_->cycle() + a.number);
      else simulation_->reset();
      waiting_ = true;
      return;
    case V::FailLink:
    case V::RepairLink: {
      const int link = network_ ? network_->findLink(what) : -1;
      if (link < 0) return setError(tr("Show me: this network has no link %1").arg(what));
      return network_->setLinkUp(link, a.verb == V::RepairLink);
    }
    case V::FailNode:
    case V::RepairNode:
    case V::Select: {
      const int node = network_ ? network_->findNode(what) : -1;
      if (node < 0) return setError(tr("Show me: this network has no node %1").arg(what));
      if (a.verb == V::Select) return network_->setSelectedNode(node);
      return network_->setNodeUp(node, a.verb == V::RepairNode);
    }
    case V::SetArbiter:
      if (simulation_) simulation_->setArbiter(what);
      return;
    case V::SetAdaptive:
      if (simulation_) simulation_->setAdaptive(what == QLatin1String("on"));
      return;
    case V::SetPattern:
      if (simulation_) simulation_->setTrafficPattern(what);
      return;
    case V::SetRate:
      if (simulation_) simulation_->setInjectionRate(a.number);
      return;
    case V::SetHotSpare: {
      const int node = network_ ? network_->findNode(what) : -1;
      if (node < 0) return setError(tr("Show me: this network has no node %1").arg(what));
      if (simulation_ && !simulation_->hotSpare(node)) simulation_->setHotSpare(node, true);
      return;
    }
    case V::SetVcRule: return invoke("deadlockLab", "setRule", Q_ARG(QString, what));
    case V::Barrier:
    case V::Eureka:
      emit showRequested({QStringLiteral("sync")});
      return invoke("sync", a.verb == V::Barrier ? "barrierSoon" : "eurekaSoon");
    case V::Follow: {
      bool followed = false;
      QObject* follow = object("follow");
      if (follow) QMetaObject::invokeMethod(follow, "followOldest", Q_RETURN_ARG(bool, followed));
      if (!followed) setError(tr("Show me: no packet is on a link now; run a few cycles first"));
      return;
    }
    case V::Route: {
      // "0,3,0 > 1,1,1": the tag editor's source and destination, as typed in its fields.
      const QStringList ends = what.split(QLatin1Char('>'));
      if (ends.size() != 2) return setError(tr("Show me: route \"%1\" is not \"source > destination\"").arg(what));
      emit showRequested({QStringLiteral("tagEditor")});
      QString error;
      invoke("tagEditor", "setSourceCoordinates", Q_RETURN_ARG(QString, error), Q_ARG(QString, ends[0].trimmed()));
      if (error.isEmpty())
        invoke("tagEditor", "setDestinationCoordinates", Q_RETURN_ARG(QString, error), Q_ARG(QString, ends[1].trimmed()));
      if (!error.isEmpty()) setError(tr("Show me: %1").arg(error));
      return;
    }
    case V::SetTagField: {
      // "initialHop=2", as the tag editor's field.
      const QStringList parts = what.split(QLatin1Char('='));
      bool ok = parts.size() == 2;
      const int value = ok ? parts[1].trimmed().toInt(&ok) : 0;
      if (!ok) return setError(tr("Show me: setTagField \"%1\" is not \"field=number\"").arg(what));
      QString error;
      invoke("tagEditor", "setField", Q_RETURN_ARG(QString, error), Q_ARG(QString, parts[0].trimmed()), Q_ARG(int, value));
      if (!error.isEmpty()) setError(tr("Show me: %1").arg(error));
      return;
    }
    case V::OptimizeVcs:
      emit showRequested({QStringLiteral("vcBalance")});
      return invoke("vcBalance", "optimize");
    case V::Open: emit showRequested({what}); return;
    case V::SpecialReset: {
      const int node = network_ ? network_->findNode(what) : -1;
      if (node < 0) return setError(tr("Show me: this network has no node %1").arg(what));
      bool sent = false;
      invoke("special", "resetRouter", Q_RETURN_ARG(bool, sent), Q_ARG(int, node));
      if (!sent) setError(tr("Show me: no special packet can leave (0,0,0) now"));
      return;
    }
  }
}

}  // namespace flitgui
