package io.jenkins.plugins.trainingjob.core.monitor;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/** Keeps every event and state a watch reports, for assertions. */
class RecordingListener implements WatchListener {
    final List<MonitorEvent> events = new CopyOnWriteArrayList<>();
    final List<WatchState> states = new CopyOnWriteArrayList<>();

    @Override
    public void onEvent(MonitorEvent event) {
        events.add(event);
    }

    @Override
    public void onStateChanged(WatchState state) {
        states.add(state);
    }

    <E extends MonitorEvent> List<E> events(Class<E> type) {
        return events.stream().filter(type::isInstance).map(type::cast).collect(Collectors.toList());
    }

    boolean saw(Class<? extends MonitorEvent> type) {
        return events.stream().anyMatch(type::isInstance);
    }
}
