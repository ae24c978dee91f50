/*
 * Mirrors jenkinsci/jenkins core/src/main/java/jenkins/model/TransientActionFactory.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package jenkins.model;

import hudson.ExtensionPoint;
import hudson.model.Action;
import java.util.Collection;

public abstract class TransientActionFactory<T> implements ExtensionPoint {
    public abstract Class<T> type();

    public abstract Collection<? extends Action> createFor(T target);
}
