/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/model/Actionable.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.model;

public abstract class Actionable {
    public void addAction(Action a) {
        throw new UnsupportedOperationException("stub");
    }

    public <T extends Action> T getAction(Class<T> type) {
        throw new UnsupportedOperationException("stub");
    }

    public <T extends Action> java.util.List<T> getActions(Class<T> type) {
        throw new UnsupportedOperationException("stub");
    }
}
