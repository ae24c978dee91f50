/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/model/Queue.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.model;

public class Queue {
    Queue() {}

    /** Named by the plugin only to find the authentication a job's builds run as. */
    public interface Task {}
}
