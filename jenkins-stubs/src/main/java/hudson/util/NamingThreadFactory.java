/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/util/NamingThreadFactory.java
 * at 4d8ef2fcf426. Behaves as upstream (README, behaviour audit): the plugin's thread-pool tests depend on it.
 * Never packaged.
 */
package hudson.util;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

public final class NamingThreadFactory implements ThreadFactory {
    private final AtomicInteger made = new AtomicInteger();
    private final ThreadFactory delegate;
    private final String name;

    public NamingThreadFactory(ThreadFactory delegate, String name) {
        this.delegate = delegate;
        this.name = name;
    }

    /** As upstream: the delegate's thread, named {@code <name> [#<n>]}, counting from 1. */
    @Override
    public Thread newThread(Runnable r) {
        Thread t = delegate.newThread(r);
        t.setName(name + " [#" + made.incrementAndGet() + "]");
        return t;
    }
}
