/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/model/queue/Tasks.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.model.queue;

import hudson.model.Queue;
import org.springframework.security.core.Authentication;

public class Tasks {
    Tasks() {}

    public static Authentication getAuthenticationOf2(Queue.Task p) {
        throw new UnsupportedOperationException("stub");
    }
}
