/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/util/DaemonThreadFactory.java
 * at 4d8ef2fcf426. Behaves as upstream (README, behaviour audit): the plugin's thread-pool tests depend on it.
 * Never packaged.
 */
package hudson.util;

import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;

public class DaemonThreadFactory implements ThreadFactory {
    private final ThreadFactory core;

    /** As upstream: daemon threads of {@link Executors#defaultThreadFactory()}. */
    public DaemonThreadFactory() {
        this(Executors.defaultThreadFactory());
    }

    public DaemonThreadFactory(ThreadFactory core) {
        this.core = core;
    }

    /** As upstream: the wrapped factory's thread, made a daemon. */
    @Override
    public Thread newThread(Runnable r) {
        Thread t = core.newThread(r);
        t.setDaemon(true);
        return t;
    }
}
