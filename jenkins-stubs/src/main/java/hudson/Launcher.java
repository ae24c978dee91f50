/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/Launcher.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson;

import hudson.model.TaskListener;

public abstract class Launcher {
    Launcher() {}

    public static class LocalLauncher extends Launcher {
        /** As upstream: a launcher on the controller; only stores the listener. */
        public LocalLauncher(TaskListener listener) {}
    }
}
