/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/util/ClassLoaderSanityThreadFactory.java
 * at 4d8ef2fcf426. Behaves as upstream (README, behaviour audit): the plugin's thread-pool tests depend on it.
 * Never packaged.
 */
package hudson.util;

import java.util.concurrent.ThreadFactory;

public class ClassLoaderSanityThreadFactory implements ThreadFactory {
    private final ThreadFactory delegate;

    public ClassLoaderSanityThreadFactory(ThreadFactory delegate) {
        this.delegate = delegate;
    }

    /** As upstream: the delegate's thread, its context class loader set to this class's own loader. */
    @Override
    public Thread newThread(Runnable r) {
        Thread t = delegate.newThread(r);
        t.setContextClassLoader(ClassLoaderSanityThreadFactory.class.getClassLoader());
        return t;
    }
}
