// Thread-sanitizer suppressions for what our builds cannot instrument: Qt,
// Mesa and GLib come from Debian without -fsanitize=thread, so their own
// locking (Qt's futex-based QMutex/QWaitCondition, the posted-event queue,
// the Quick render loop) is invisible to TSAN and every hand-over inside them
// looks like a race. Linked into the test executables that open Qt's
// threads (tests/app, tests/render).
//
// Kept narrow on purpose: our cross-thread data (FrameMailbox, CommandQueue,
// SimWorker) uses std::mutex / std::atomic, which TSAN sees; the entries name
// Qt's internal hand-overs (posted events and their lists, the thread pool,
// QWaitCondition, D-Bus, moveToThread, the Quick render loop, Mesa, GLib). A frame of
// sendPostedEvents is also on the GUI-thread stack of a queued slot, so the
// mailbox and queue are checked where tests call them directly, not from an
// event (tst_frame_bridge, tst_sim_worker).
#if defined(__SANITIZE_THREAD__)
extern "C" const char* __tsan_default_suppressions() {
  return "race:QMetaObject::invokeMethodImpl\n"
         "race:QCoreApplicationPrivate::sendPostedEvents\n"
         "race:QArrayData::\n"
         "race:QThreadPoolPrivate\n"
         "race:QRunnable\n"
         "race:QWaitCondition\n"
         "race:libQt6Test.so\n"
         "race:libQt6DBus.so\n"
         "race:libQt6Quick.so\n"
         "race:libQt6Gui.so\n"
         "race:libQt6XcbQpa.so\n"
         "race:swrast_dri.so\n"
         "race:libglib-2.0.so\n"
         "race:QObject::moveToThread\n"
         "deadlock:libQt6Core.so\n";
}
#endif
