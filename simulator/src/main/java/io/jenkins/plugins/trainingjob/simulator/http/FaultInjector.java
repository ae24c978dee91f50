package io.jenkins.plugins.trainingjob.simulator.http;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * The active faults. Lock-free for the common case of no faults; counting is per rule so "every k-th
 * request" is exact even under concurrency.
 */
public final class FaultInjector {

    private final List<Active> active = new CopyOnWriteArrayList<>();

    private record Active(FaultRule rule, Pattern pattern, AtomicLong matched, AtomicLong fired) {}

    public void add(FaultRule rule) {
        active.add(new Active(rule, rule.pathPattern(), new AtomicLong(), new AtomicLong()));
    }

    public void clear() {
        active.clear();
    }

    public List<FaultRule> rules() {
        return active.stream().map(Active::rule).toList();
    }

    /** The fault to apply to this request, or {@code null}. The first rule that fires wins. */
    public FaultRule match(String method, String path) {
        if (active.isEmpty()) {
            return null;
        }
        for (Active a : active) {
            FaultRule r = a.rule();
            if (!r.method().equals("*") && !r.method().equals(method)) {
                continue;
            }
            if (!a.pattern().matcher(path).matches()) {
                continue;
            }
            long n = a.matched().incrementAndGet();
            int every = r.every() == null ? 1 : r.every();
            if (n % every != 0) {
                continue;
            }
            if (r.times() != null && a.fired().incrementAndGet() > r.times()) {
                continue;
            }
            return r;
        }
        return null;
    }
}
