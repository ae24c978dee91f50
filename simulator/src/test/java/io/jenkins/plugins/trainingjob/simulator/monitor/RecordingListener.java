package io.jenkins.plugins.trainingjob.simulator.monitor;

import io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent;
import io.jenkins.plugins.trainingjob.core.monitor.WatchListener;
import io.jenkins.plugins.trainingjob.core.monitor.WatchState;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Keeps what a watch reports, for assertions. */
final class RecordingListener implements WatchListener {
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
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }

    boolean saw(Class<? extends MonitorEvent> type) {
        return events.stream().anyMatch(type::isInstance);
    }

    boolean sawPhase(JobPhase phase) {
        return events.stream().anyMatch(e -> e instanceof MonitorEvent.StateChanged c && c.current().phase() == phase);
    }
}
