package io.jenkins.plugins.trainingjob.core.testkit;

import io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent;
import io.jenkins.plugins.trainingjob.core.monitor.WatchListener;
import io.jenkins.plugins.trainingjob.core.monitor.WatchState;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Keeps every event and state a watch reports, for assertions; tests may extend it to misbehave. */
public class RecordingListener implements WatchListener {
    public final List<MonitorEvent> events = new CopyOnWriteArrayList<>();
    public final List<WatchState> states = new CopyOnWriteArrayList<>();

    @Override
    public void onEvent(MonitorEvent event) {
        events.add(event);
    }

    @Override
    public void onStateChanged(WatchState state) {
        states.add(state);
    }

    /** The events of one type, in the order they came. */
    public <E extends MonitorEvent> List<E> events(Class<E> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }

    public boolean saw(Class<? extends MonitorEvent> type) {
        return events.stream().anyMatch(type::isInstance);
    }

    /** Whether a state change showed the job in {@code phase}. */
    public boolean sawPhase(JobPhase phase) {
        return events.stream()
                .anyMatch(e ->
                        e instanceof MonitorEvent.StateChanged c && c.current().phase() == phase);
    }
}
